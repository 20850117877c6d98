import XCTest
import Foundation
import AnimhostTestSupport

/// The frames `animhost.run{}` gives a spec hold exactly the fields of the same run's timeline.json.
final class SpecFramesTests: XCTestCase {
    /// A plugin that gives one node every property a value of its own, and animates some of them.
    let plugin = """
        return {
          name = "every", scenes = { from = "grid", to = "detail" },
          duration = function() return 0.1 end,
          animate = function(ctx)
            local n = node{ id = "every", frame = rect(10, 20, 30, 40), alpha = 0.5, transform = transform.scale(2, 2),
              cornerRadius = 3, hidden = false, backgroundColor = color("#336699"), border = { width = 2, color = "#FF0000" },
              shadow = { opacity = 0.5, radius = 4, offset = size(1, 2) }, image = "placeholder:2", contentMode = "aspectFit",
              text = "hi", clips = true, zIndex = 1, tag = "t", blur = 2 }
            ctx.container:add(ctx.to.view)
            ctx.container:add(n)
            animate{ duration = 0.1, function() n.blur = 0; n.alpha = 1 end, completion = function() ctx:complete(true) end }
          end,
        }
        """

    let spec = """
        describe("every", function()
          it("prints each node's fields", function()
            local run = animhost.run{ plugin = "every.lua", fps = 20 }
            for _, f in ipairs(run.frames) do
              for _, n in ipairs(f.nodes) do
                local keys = {}
                for k in pairs(n) do keys[#keys + 1] = k end
                table.sort(keys)
                print(f.index .. " " .. n.id .. " " .. table.concat(keys, ","))
              end
            end
          end)
        end)
        """

    func testSpecFramesHoldExactlyTheTimelinesFields() throws {
        let dir = try makeTemporaryFolder("spec-frames")
        try plugin.write(to: dir.appendingPathComponent("every.lua"), atomically: true, encoding: .utf8)
        try spec.write(to: dir.appendingPathComponent("every_spec.lua"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["run", "every.lua", "--fps", "20", "--format", "json", "--out", "out"], in: dir)
        XCTAssertEqual(run.code, 0, run.err)
        let timeline = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("out/timeline.json"))) as! [String: Any]
        var expected: [String] = []
        for frame in timeline["frames"] as! [[String: Any]] {
            for node in frame["nodes"] as! [[String: Any]] {
                // JSON's null is a missing field in Lua.
                let keys = node.filter { !($0.value is NSNull) }.keys.sorted()
                expected.append("\(frame["index"] as! Int) \(node["id"] as! String) \(keys.joined(separator: ","))")
            }
        }
        let test = try CLI.run(["test", "every_spec.lua"], in: dir)
        XCTAssertEqual(test.code, 0, test.out + test.err)
        let printed = test.err.split(separator: "\n").compactMap { $0.hasPrefix("[every_spec] ") ? String($0.dropFirst(13)) : nil }
        XCTAssertEqual(printed, expected)
        XCTAssertTrue(
            expected.contains {
                $0.hasPrefix("0 every ") && $0.hasSuffix(",backgroundColor,bbox,blur,border,clips,contentMode,cornerRadius,frame,hidden,id,image,opacity,shadow,tag,text,transform,z,zIndex")
            }, "\(expected)")
    }
}

import XCTest
import Foundation
import AnimhostTestSupport

/// The layer model's properties (3-D transforms, paths, gradients, corners, backdrop blur) given
/// values chosen to crash, stall or swell the host, from a plugin: each is drawn or refused at the
/// plugin's line, and the run never traps.
final class HostileLayerTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws { work = try temporaryFolder("layers") }

    /// Runs `body` (then a short animation) as a plugin's `animate` to every format that draws.
    func run(_ body: String, options: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> CLI.Result {
        try CLI.writeHostilePlugin(
            """
              local v = ctx.to.view
              ctx.container:add(v)
            \(body)
              animate{ duration = 0.05, function() v.alpha = 0.5 end, completion = function() ctx:complete(true) end }
            """, in: work)
        let r = try CLI.run(["run", "hostile.lua", "--format", "json,png,lottie", "--scale", "1", "--out", "out"] + options, in: work)
        XCTAssertFalse(r.crashed, "no crash: \(r.err)", file: file, line: line)
        return r
    }

    func testArcsWhoseRadiiOverflowAreDrawnNotTrapped() throws {
        for data in ["M10 10 A1e-300 1e-300 0 0 1 100 0 Z", "M0 0 A1e-300 5 45 1 1 300 200 Z"] {
            let r = try run("  v.mask = \"\(data)\"\n  v.shape = { path = \"\(data)\" }\n  v.shadowPath = \"\(data)\"")
            XCTAssertEqual(r.code, 0, "\(data): \(r.err)")
            let timeline = try String(contentsOf: work.appendingPathComponent("out/timeline.json"), encoding: .utf8)
            XCTAssertFalse(timeline.contains("nan") || timeline.contains("inf"), data)
        }
    }

    func testPathsAddingUpPastTheBoundsAreRefusedAtThePluginsLine() throws {
        let r = try run("  local s = { \"M0 0\" }\n  for i = 1, 3 do s[#s + 1] = \"l1e9 1\" end\n  v.mask = table.concat(s, \" \")")
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(
            r.err.contains("hostile.lua:8: node.mask: path data at character 13: the path reaches 2000000000, beyond ±1000000000"), r.err)
    }

    func testPathsAndGradientsAreChargedAtWhatTheHostKeeps() throws {
        // "h1 1 1 …" is two bytes an element, and each element takes dozens in the host: forty such
        // masks hold some 20 MB, past a 16 MiB limit, though their text is under 1 MB.
        let masks = try run(
            "  local s = \"M0 0h\" .. string.rep(\"1 \", 9990)\n  for i = 1, 40 do v:add(node{ mask = s }) end", options: ["--max-memory", "16"])
        XCTAssertEqual(masks.code, 1, masks.err)
        XCTAssertTrue(masks.err.contains("hostile.lua:7: not enough memory (the plugin's memory limit)"), masks.err)
        // A path or gradient replaced on one node again and again within the limit is no leak.
        let replaced = try run(
            "  local s = \"M0 0h\" .. string.rep(\"1 \", 99)\n  for i = 1, 2000 do v.mask = s; v.gradient = { colors = { color(\"#FF0000\") } } end",
            options: ["--max-memory", "16"])
        XCTAssertEqual(replaced.code, 0, replaced.err)
    }

    func testEveryPathTheHostWritesReadsBack() throws {
        // 2,400 arcs of long numbers: 108 KB of data, whose normal form (four cubics an arc) is 500 KB.
        let r = try run(
            """
              local s = { "M0 0" }
              for i = 1, 2400 do s[#s + 1] = "a1.234567 1.234567 0 0 1 " .. (i % 2 == 0 and "2.345678 0.3456789" or "-2.345678 -0.3456789") end
              v.mask = path.new(table.concat(s, " "))
              v.shadowPath = v.mask
            """)
        XCTAssertEqual(r.code, 0, r.err)
    }

    func testMemoryRefusalsOfWhatTheHostKeepsNameThePluginsLine() throws {
        // A mask, a gradient's colours, a 3-D box: each kept by the host, charged against the limit,
        // node after node, until the line asking for one more is refused, named as Lua's refusals are.
        for value in ["mask = s", "gradient = { colors = c }", "transform3D = transform3D.perspective(500)"] {
            let r = try run(
                """
                  local s, c = "M0 0h" .. string.rep("1 ", 9990), {}
                  for i = 1, 64 do c[i] = color("#FF0000") end
                  for i = 1, 1e6 do v:add(node{ \(value) }) end
                """, options: ["--max-memory", "16"])
            XCTAssertEqual(r.code, 1, r.err)
            XCTAssertTrue(r.err.contains("hostile.lua:8: not enough memory (the plugin's memory limit)"), "\(value): \(r.err)")
        }
    }

    func testTransformsCompoundingPastWhatCanBeDrawnNameTheLineThatSetThem() throws {
        // 120 nested nodes, each stretched 1000 times one way and squeezed the other: alone each is
        // drawn, together they pass 10^308, which Cairo refuses; scaled 1000 times both ways, they
        // cover the frame more often than a frame may be painted.
        let transforms = [
            "transform = transform.scale(1000, 0.001)", "transform3D = transform3D.scale(1000, 0.001, 1)",
            "sublayerTransform = transform3D.scale(1000, 0.001, 1)", "transform = transform.scale(1000, 1000)"
        ]
        for set in transforms {
            let r = try run(
                """
                  local parent, nodes = v, {}
                  for i = 1, 120 do local n = node{ frame = rect(0, 0, 10, 10), backgroundColor = color("#FF0000") }; parent:add(n); parent = n; nodes[i] = n end
                  for i = 1, 120 do nodes[i].\(set) end
                """)
            XCTAssertEqual(r.code, 1, "\(set): \(r.err)")
            XCTAssertTrue(r.err.contains("hostile.lua:8: "), "\(set): \(r.err)")
            XCTAssertTrue(r.err.contains("frame 0 cannot be drawn") || r.err.contains("frame 0 would paint"), "\(set): \(r.err)")
            XCTAssertTrue(r.err.contains("was last placed at this line"), "\(set): \(r.err)")
        }
    }
}

import XCTest
import Foundation
import AnimhostTestSupport

/// Input sized to crash or stall the host: trees nested deeper than any walk's stack, numbers too
/// large for an integer, and work that would take minutes. Each must be refused up front with a
/// message naming the file, exit code 1, no crash and no output.
final class HostileNumbersTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws { work = try temporaryFolder("numbers") }

    /// Runs `body` as the `animate` of a plugin whose `duration` returns `duration`, with `args`;
    /// checks that the run was refused as promised and returns standard error.
    @discardableResult
    func refuse(
        _ body: String, duration: String = "0.3", args: [String] = [], expect fragment: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        try CLI.writeHostilePlugin(
            body + """

                  ctx.container:add(ctx.to.view)
                  animate{ duration = 0.1, function() ctx.to.view.alpha = 0.5 end, completion = function() ctx:complete(true) end }
                """, duration: duration, in: work)
        return try refused(["run", "hostile.lua"] + args, expect: fragment, prefix: "animhost: hostile.lua:", file: file, line: line)
    }

    /// Runs the command line and checks it failed cleanly with `fragment` in a message starting with `prefix`.
    @discardableResult
    func refused(
        _ args: [String], expect fragment: String, prefix: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let r = try CLI.run(args, in: work)
        XCTAssertFalse(r.crashed, "no crash: \(r.err)", file: file, line: line)
        XCTAssertEqual(r.code, 1, r.err, file: file, line: line)
        XCTAssertTrue(r.err.hasPrefix(prefix), "expected the message to start with '\(prefix)': \(r.err)", file: file, line: line)
        XCTAssertTrue(r.err.contains(fragment), "expected '\(fragment)' in: \(r.err)", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "writes nothing", file: file, line: line)
        return r.err
    }

    // MARK: Depth

    let tooDeep = "node trees nest at most 128 levels deep"

    func testTreesNestedDeepByAPluginAreRefusedAtItsLine() throws {
        // Top down with add, bottom up through node{ children = … }, and by moving a deep subtree under another.
        try refuse("local r = node{}\nfor i = 1, 150000 do local c = node{} r:add(c) r = c end", expect: "hostile.lua:5: cannot add")
        try refuse("local n = node{}\nfor i = 1, 150000 do n = node{ children = { n } } end", expect: tooDeep)
        try refuse(
            """
            local function chain(n) local top = node{} local r = top for i = 1, n do local c = node{} r:add(c) r = c end return top, r end
            local a, aLeaf = chain(100)
            local b = chain(100)
            aLeaf:add(b)
            """, expect: "hostile.lua:7: cannot add")
        try refuse(
            """
            local top = node{} local r = top for i = 1, 100 do local c = node{} r:add(c) r = c end
            local sibling = node{} r:add(sibling)
            local other = node{} local o = other for i = 1, 100 do local c = node{} o:add(c) o = c end
            r:insert(other, { below = sibling })
            """, expect: "hostile.lua:7: cannot add")
        try refuse(
            """
            local top = node{} local r = top for i = 1, 100 do local c = node{} r:add(c) r = c end
            r:add(top:snapshot())
            """, expect: tooDeep)
    }

    func testTheDeepestTreeAllowedIsSampledAndRendered() throws {
        let source = """
            local p = { name = "deep", scenes = { from = "grid", to = "detail" } }
            function p.duration() return 0.1 end
            function p.animate(ctx)
              local top = node{ frame = rect(0, 0, 300, 300), backgroundColor = color("#ff0000"), alpha = 0.9 }
              local r = top
              for i = 1, 126 do
                local c = node{ frame = rect(1, 1, 298 - 2 * i, 298 - 2 * i), backgroundColor = color("#00ff00"), alpha = 0.9, text = "x" }
                r:add(c) r = c
              end
              ctx.container:add(top)
              animate{ duration = 0.1, function() top.alpha = 0.5 end, completion = function() ctx:complete(true) end }
            end
            return p
            """
        try source.write(to: work.appendingPathComponent("deep.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "deep.lua", "--format", "json,png"], in: work)
        XCTAssertFalse(r.crashed, r.err)
        XCTAssertEqual(r.code, 0, r.err)
        let data = try Data(contentsOf: work.appendingPathComponent("out/deep/timeline.json"))
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let nodes = (object["frames"] as! [[String: Any]])[0]["nodes"] as! [[String: Any]]
        // Every node of the chain is sampled, in paint order: parents before children.
        let chain = nodes.filter { $0["scene"] is NSNull && $0["id"] as? String != "container" }.map { $0["id"] as! String }
        XCTAssertEqual(chain.count, 127)
        XCTAssertEqual(chain.first, "node-1")
        XCTAssertEqual(chain.last, "node-127")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out/deep/frames").path)
        XCTAssertEqual(pngs.count, (object["frames"] as! [Any]).count)
    }

    // MARK: Huge numbers

    func testHugeNumbersFromAPluginAreRefusedWhereTheyEnter() throws {
        try refuse("ctx.to.view.frame = rect(0, 0, 1e300, 1e300)", expect: "rect: width: 1e+300 is out of range")
        try refuse("ctx.to.view.shadow = { radius = 1e300, opacity = 1 }", expect: "node.shadow.radius: 1e+300 is out of range")
        try refuse("ctx.to.view.shadow = { radius = 5000, opacity = 1 }", expect: "5000 is out of range (at most 1000)")
        try refuse("easing('cubic-bezier(0, 1e300, 1, -1e300)')", expect: "y1 and y2 must lie in -1000…1000")
        try refuse("ctx.to.view.center = point(math.maxinteger, 0)", expect: "out of range")
        try refuse("ctx.to.view.transform = transform.new(1e300, 0, 0, 1, 0, 0)", expect: "out of range")
        try refuse("", duration: "1e308", expect: "hostile.lua:2: duration(ctx) must return a number of seconds from 0 to 600, got 1e+308")
        try refuse("", duration: "math.maxinteger", expect: "from 0 to 600, got 9.223372036854776e+18")
    }

    func testLargeInRangeGeometryRendersWithoutTrapping() throws {
        // In range, then driven past it by a curve that overshoots a thousandfold: every conversion to
        // whole pixels clamps, and what cannot be drawn is named.
        let source = """
            local p = { name = "big", scenes = { from = "grid", to = "detail" } }
            function p.duration() return 0.1 end
            function p.animate(ctx)
              ctx.container:add(ctx.to.view)
              local n = node{ frame = rect(0, 0, 10, 10), backgroundColor = color("#0000ff"), shadow = { radius = 1000, opacity = 1 } }
              ctx.to.view:add(n)
              animate{ duration = 0.1, curve = "cubic-bezier(0, 1000, 1, -1000)",
                function() n.frame = rect(-1e9, 1e9, 1e9, 1e9) end, completion = function() ctx:complete(true) end }
            end
            return p
            """
        try source.write(to: work.appendingPathComponent("big.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "big.lua", "--format", "png"], in: work)
        XCTAssertFalse(r.crashed, r.err)
        XCTAssertTrue(r.code == 0 || r.err.contains("cannot draw a") || r.err.contains("one image holds at most 33,554,432 pixels (32 Mi) and 32,767 a side"), r.err)
    }

    // MARK: Work refused up front

    func testRunsTooLongToComputeAreRefusedBeforeTheyStart() throws {
        try refuse("", duration: "599", args: ["--fps", "1000"], expect: "the run would take 599001 frames, more than the limit of 100000")
        try refuse("", duration: "500", args: ["--speed", "0.01"], expect: "more than the limit of 100000")
        try refuse("animate{ delay = 1e300, function() ctx.from.view.alpha = 0 end }", expect: "animate{}.delay: 1e+300 is out of range")
        try refuse(
            "animate{ delay = 500, duration = 200, function() ctx.from.view.alpha = 0 end }",
            expect: "delay + duration is 700 s, past the 600 s a transition may last")
        try refuse(
            "animate{ spring = spring{ mass = 1000, stiffness = 1, damping = 0.001 }, function() ctx.from.view.alpha = 0 end }",
            expect: "delay + duration is 13815510.558 s, past the 600 s")
        try refuse("ctx.to.view.text = string.rep('x', 2000000)", expect: "text of 2000000 characters is longer than the 10000 one node may hold")
        try refused(["run", "zoom", "--speed", "0.00001"], expect: "--speed must be from 0.01 to 100, got 1e-05", prefix: "animhost: --speed")
        try refused(["run", "zoom", "--speed", "1e-300"], expect: "--speed must be from 0.01 to 100", prefix: "animhost: --speed")
        try refused(["run", "zoom", "--at", "1e300"], expect: "--at must be a number of seconds from 0 to 600", prefix: "animhost: --at")
    }

    func testGestureTracesTooLongAreRefusedBeforeTheRun() throws {
        func trace(_ samples: String) throws {
            try "{ \"samples\": [\(samples)] }".write(to: work.appendingPathComponent("g.json"), atomically: true, encoding: .utf8)
        }
        try trace(#"{"t": 0, "x": 2, "y": 400}, {"t": 1e9, "x": 200, "y": 400, "state": "ended"}"#)
        try refused(
            ["run", "zoom", "--operation", "pop", "--gesture", "g.json"],
            expect: "g.json: samples[1]: t = 1000000000 is past the 600 s a transition may last", prefix: "animhost: g.json")
        try trace(Array(repeating: #"{"t": 0, "x": 2, "y": 400}"#, count: 100_001).joined(separator: ","))
        try refused(
            ["run", "zoom", "--operation", "pop", "--gesture", "g.json"],
            expect: "g.json: samples: 100001 samples is more than the 100000 a gesture may have", prefix: "animhost: g.json")
        try trace(#"{"t": 0, "x": 2, "y": 1e12}"#)
        try refused(
            ["run", "zoom", "--operation", "pop", "--gesture", "g.json"],
            expect: "positions must lie within ±1e9 points", prefix: "animhost: g.json")
    }

    func testTextTooLongInASceneIsRefusedWithItsPath() throws {
        let text = String(repeating: "x", count: 10_001)
        try #"{ "name": "s", "size": [390, 844], "nodes": [ { "id": "a", "text": { "string": "\#(text)" } } ] }"#
            .write(to: work.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        try refused(
            ["run", "crossfade", "--to", "s.json"], expect: "s.json: nodes[0].text.string: text of 10001 characters is longer than the 10000",
            prefix: "animhost: s.json")
    }

    func testLongRunsAreTheHostsTimeNotThePlugins() throws {
        // 35,941 frames sampled and written (about 15 s in a debug build): none of it counts against the plugin's 5 s.
        let source = """
            local p = { name = "long", scenes = { from = "grid", to = "detail" } }
            function p.duration() return 599 end
            function p.animate(ctx)
              animate{ duration = 599, function() ctx.from.view.alpha = 0.5 end, completion = function() ctx:complete(true) end }
            end
            return p
            """
        try source.write(to: work.appendingPathComponent("long.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "long.lua", "--format", "json", "--timeout", "5"], in: work)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("35941 frames at 60 fps"), r.out)
    }

    // MARK: Numbers in files and options

    func testNumbersTooLargeForADoubleNameTheirJSONPath() throws {
        try #"{ "name": "s", "size": [390, 844], "nodes": [ {"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d", "frame": [0, 0, 1e400, 5]} ] }"#
            .write(to: work.appendingPathComponent("grid.json"), atomically: true, encoding: .utf8)
        try refused(["run", "zoom", "--from", "grid.json"], expect: "grid.json: nodes[3].frame[2]: 1e400 is out of range", prefix: "animhost: grid.json")
        try #"{ "samples": [ {"t": 0, "x": 2, "y": 400}, {"t": 0.1, "x": -1e999, "y": 400} ] }"#
            .write(to: work.appendingPathComponent("g.json"), atomically: true, encoding: .utf8)
        try refused(
            ["run", "zoom", "--operation", "pop", "--gesture", "g.json"], expect: "g.json: samples[1].x: -1e999 is out of range",
            prefix: "animhost: g.json")
    }

    func testNegativeNumbersForOptionsSayWhatIsWrong() throws {
        let cases: [([String], String)] = [
            (["run", "zoom", "--fps", "-1"], "--fps must be a whole number from 1 to 1000, got -1"),
            (["run", "zoom", "--scale", "-2"], "--scale must be from 0.5 to 4, got -2"),
            (["run", "zoom", "--speed", "-1"], "--speed must be from 0.01 to 100, got -1"),
            (["run", "zoom", "--at", "-1"], "--at must be a number of seconds from 0 to 600, got -1"),
            (["run", "zoom", "--progress", "-0.5"], "--progress must be from 0 to 1, got -0.5"),
            (["run", "zoom", "--timeout", "-3"], "--timeout must be more than 0 and at most 3600 seconds, got -3"),
            (["run", "zoom", "--max-memory", "-1"], "--max-memory must be from 1 to 65536 MiB, got -1"),
            (["test", "--timeout", "-1"], "--timeout must be more than 0 and at most 3600 seconds")
        ]
        for (args, message) in cases {
            try refused(args, expect: message, prefix: "animhost: ")
        }
    }
}

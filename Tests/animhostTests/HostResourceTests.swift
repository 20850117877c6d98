import XCTest
import Foundation
import AnimhostCore
import AnimhostHarness
import AnimhostLua
import AnimhostTestSupport

/// What the host does for a plugin is bounded too (docs/security.md, Limits): long names, the frame's
/// size, the drawing a run does, the strings the host keeps and what `print` writes. Each bound refuses
/// before the work, naming the limit and what to change.
final class HostResourceTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = try temporaryFolder("host-resources")
    }

    /// Runs `args` in the work folder, expecting exit code 1 and `fragment` in standard error, and no output.
    @discardableResult
    func refused(_ args: [String], _ fragment: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let r = try CLI.run(args, in: work)
        XCTAssertFalse(r.crashed, r.err, file: file, line: line)
        XCTAssertEqual(r.code, 1, r.err, file: file, line: line)
        XCTAssertTrue(r.err.contains(fragment), "expected '\(fragment)' in: \(r.err.prefix(2000))", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "writes nothing", file: file, line: line)
        return r.err
    }

    /// Writes `name.json`: a scene of `size` points named `name` (or `sceneName`) holding `nodes` (JSON).
    func writeScene(_ name: String, size: String = "[390, 844]", sceneName: String? = nil, nodes: String = "[]") throws {
        try #"{ "name": "\#(sceneName ?? name)", "size": \#(size), "nodes": \#(nodes) }"#
            .write(to: work.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
    }

    func run(_ plugin: String, from: String, to: String, _ options: [String] = []) -> [String] {
        ["run", plugin, "--from", from + ".json", "--to", to + ".json", "--out", "out"] + options
    }

    // MARK: print

    /// 3,000 lines of 1,011 bytes (`[hostile] `, 1,000 characters, the line end): 1,037 fit in 1 MiB,
    /// the other 1,963 (1,984,593 bytes) are left out and said so in one line.
    func testPrintWritesAtMostOneMebibyteARun() throws {
        try CLI.writeHostilePlugin("local line = string.rep('x', 1000)\nfor i = 1, 3000 do print(line) end\nctx:complete(true)", in: work)
        let r = try CLI.run(["run", "hostile.lua", "--format", "json", "--out", "out"], in: work)
        XCTAssertEqual(r.code, 0, String(r.err.suffix(500)))
        let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.filter { $0.hasPrefix("[hostile] xxx") }.count, 1037)
        XCTAssertTrue(
            r.err.hasSuffix("[hostile] print output passed its limit of 1 MiB a run: 1963 more lines (1984593 bytes) left out\n"),
            String(r.err.suffix(300)))
        let printed = lines.filter { !$0.hasPrefix("animhost: warning:") }.joined(separator: "\n")  // the run's own advice aside
        XCTAssertLessThan(printed.utf8.count, (1 << 20) + 200)
    }

    /// Control characters count as the escapes they are shown as: 3,000 lines of 1,000 escape bytes
    /// (4,000 bytes shown each) still write at most 1 MiB.
    func testPrintCountsEscapesAsShown() throws {
        try CLI.writeHostilePlugin("local line = string.rep('\\27', 1000)\nfor i = 1, 3000 do print(line) end\nctx:complete(true)", in: work)
        let r = try CLI.run(["run", "hostile.lua", "--format", "json", "--out", "out"], in: work)
        XCTAssertEqual(r.code, 0, String(r.err.suffix(500)))
        let lines = r.err.split(separator: "\n").filter { !$0.hasPrefix("animhost: warning:") }
        XCTAssertEqual(lines.filter { $0.hasPrefix("[hostile] \\x1b") }.count, (1 << 20) / 4011)  // `[hostile] `, 4,000 bytes shown, the line end
        XCTAssertLessThan(lines.joined(separator: "\n").utf8.count, (1 << 20) + 200)
    }

    /// A spec's runs print within the spec's budget: ten runs printing 1 MiB each write 1 MiB in all.
    func testPrintInASpecsRunsSharesTheSpecsBudget() throws {
        try CLI.writeHostilePlugin("local line = string.rep('x', 1000)\nfor i = 1, 1100 do print(line) end\nctx:complete(true)", in: work)
        try """
        describe("loud", function()
          it("runs", function()
            for i = 1, 10 do animhost.run{ plugin = "hostile.lua" } end
          end)
        end)
        """.write(to: work.appendingPathComponent("loud_spec.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "loud_spec.lua"], in: work)
        XCTAssertEqual(r.code, 0, String(r.err.suffix(500)) + r.out.suffix(500))
        XCTAssertLessThan(r.err.utf8.count + r.out.utf8.count, (1 << 20) + 4000)
        XCTAssertTrue((r.err + r.out).contains("print output passed its limit of 1 MiB a run"), String(r.err.suffix(500)))
    }

    // MARK: Names

    func testLongIdsTagsAndImageNamesFromAPluginAreRefused() throws {
        let long = "string.rep('i', 257)"
        for (body, what) in [
            ("node{ id = \(long) }", "node{}.id: 257 bytes long, past the 256 an id, tag or name may have"),
            ("local n = node{}\nn.tag = \(long)", "node.tag: 257 bytes long"),
            ("local n = node{}\nn.image = \(long)", "node.image: 257 bytes long"),
            ("local n = node{}\nn.modifiers = { 'source(' .. \(long) .. ')' }", "node.modifiers[1]: 265 bytes long")
        ] {
            try CLI.writeHostilePlugin(body + "\nctx:complete(true)", in: work)
            let err = try refused(["run", "hostile.lua", "--format", "json", "--out", "out"], what)
            XCTAssertTrue(err.hasPrefix("animhost: hostile.lua:"), err)
        }
        try CLI.writeHostilePlugin("node{ id = string.rep('i', 256), tag = string.rep('t', 256) }\nctx:complete(true)", in: work)
        XCTAssertEqual(try CLI.run(["run", "hostile.lua", "--format", "json", "--out", "out"], in: work).code, 0, "256 bytes are allowed")
    }

    func testLongNamesInSceneFilesAreRefused() throws {
        let long = String(repeating: "n", count: 300)
        try writeScene("b")
        for (nodes, name, path) in [
            (#"[{ "id": "\#(long)" }]"#, "a", "nodes[0].id"),
            (#"[{ "id": "x", "tag": "\#(long)" }]"#, "a", "nodes[0].tag"),
            ("[]", long, "name")
        ] {
            try writeScene("a", sceneName: name, nodes: nodes)
            try refused(run("crossfade", from: "a", to: "b", ["--format", "json"]), "a.json: \(path): 300 bytes long, past the 256")
        }
    }

    /// A did-you-mean suggestion compares names by edit distance; a megabyte-long name is far from
    /// every known one and is refused at once, not after a quadratic search inside one native call.
    func testLongUnknownNamesAreRefusedWithoutASearch() throws {
        try CLI.writeHostilePlugin("easing(string.rep('x', 2000000))", in: work)
        try refused(["run", "hostile.lua", "--format", "json", "--timeout", "1", "--out", "out"], "hostile.lua:4: unknown easing 'xxxx")
        try writeScene("b")
        try #"{ "name": "a", "size": [390, 844], "\#(String(repeating: "k", count: 2_000_000))": 1 }"#
            .write(to: work.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(run("crossfade", from: "a", to: "b", ["--format", "json"]), in: work)
        XCTAssertEqual(r.code, 1, String(r.err.prefix(300)))
        XCTAssertTrue(r.err.hasPrefix("animhost: a.json"), String(r.err.prefix(300)))
    }

    /// The Lottie export counts scene names as it counts ids: 9,000 nodes of a scene named with 256
    /// bytes, over 35 frames, repeat the name 315,000 times, past the 64 MiB of names a document may hold.
    func testTheLottieExportCountsSceneNames() throws {
        let nodes = (0..<9000).map { ##"{ "id": "n\##($0)", "frame": [\##($0 % 390), \##($0 / 390 * 10), 5, 5], "backgroundColor": "#FF0000" }"## }
        try writeScene("a", sceneName: String(repeating: "s", count: 256), nodes: "[" + nodes.joined(separator: ",") + "]")
        try writeScene("b")
        try refused(
            run("crossfade", from: "a", to: "b", ["--fps", "120", "--format", "lottie", "--scale", "0.5"]),
            "goes past its limit of 67,108,864 bytes of ids, scene names, texts and picture names summed over the frames at frame 28")
    }

    // MARK: The frame and the formats

    /// 6,000 × 6,000 points at scale 1: 36 Mpixels, past the 32 Mi a frame may hold.
    func testAFrameLargerThanTheLimitIsRefusedBeforeItIsDrawn() throws {
        try writeScene("a", size: "[6000, 6000]")
        try writeScene("b", size: "[6000, 6000]")
        try refused(
            run("crossfade", from: "a", to: "b", ["--format", "png", "--scale", "1"]),
            "animhost: the frame would be 6000×6000 pixels (6000×6000 points at scale 1); a frame holds at most 33,554,432 pixels (32 Mi) and 32,767 a side: lower --scale or make the scene smaller")
        XCTAssertEqual(try CLI.run(run("crossfade", from: "a", to: "b", ["--format", "json"]), in: work).code, 0, "the timeline draws nothing")
    }

    /// 9,000 points wide at scale 2: 18,000 pixels, past WebP's 16,383 and x264's 16,384.
    func testFormatsRefuseFramesWiderThanTheyHold() throws {
        try writeScene("a", size: "[9000, 100]")
        try writeScene("b", size: "[9000, 100]")
        try refused(
            run("crossfade", from: "a", to: "b", ["--format", "webp"]),
            "animhost: animation.webp can hold at most 16,383 pixels a side, and this run's frames are 18000×200 (9000×100 points at scale 2): lower --scale, make the scene smaller or choose another format"
        )
        try skipWithoutFFmpeg()
        try refused(run("crossfade", from: "a", to: "b", ["--format", "mp4"]), "animation.mp4 can hold at most 16,384 pixels a side")
    }

    // MARK: Drawing

    /// A 6,000-point node with a shadow at scale 1: its mask would be 6,007 pixels a side, 36 Mpixels.
    func testAShadowLargerThanAFrameIsRefusedNamingTheNodeAndPlugin() throws {
        try CLI.writeHostilePlugin(
            """
            ctx.container:add(node{ id = "slab", frame = rect(0, 0, 6000, 6000), backgroundColor = color("#fff"),
              shadow = { radius = 1, opacity = 1 } })
            ctx:complete(true)
            """, in: work)
        try refused(
            ["run", "hostile.lua", "--format", "png", "--scale", "1", "--out", "out"],
            "node 'slab': its shadow would be a 6007×6007-pixel image; one image holds at most 33,554,432 pixels (32 Mi) and 32,767 a side, as a frame does (plugin 'hostile')")
    }

    /// 100 translucent layers over the whole screen: 100 frames painted in every frame, past the 64 allowed.
    func testAFramePaintingTooManyLayersIsRefused() throws {
        try CLI.writeHostilePlugin(
            """
            for i = 1, 100 do ctx.container:add(node{ id = "layer" .. i, frame = rect(0, 0, 390, 844), backgroundColor = color("#f00"), alpha = 0.5 }) end
            ctx:complete(true)
            """, in: work)
        try refused(
            ["run", "hostile.lua", "--format", "png", "--scale", "0.5", "--out", "out"],
            "frame 0 would paint more than 64 times its 195×422 pixels (65 nodes so far): the plugin 'hostile' shows too many large nodes at once")
    }

    /// `--debug` holds every frame until the run ends: 5,000 hidden nodes over 103 frames are over half
    /// a million node samples (each several hundred bytes), past the 256 MiB it may hold.
    func testDebugHoldsAtMostItsLimitOfFrames() throws {
        try CLI.writeHostilePlugin(
            """
            for i = 1, 5000 do ctx.container:add(node{ id = "n" .. i, hidden = true }) end
            animate{ duration = 1.7, function() ctx.container.alpha = 0.5 end, completion = function() ctx:complete(true) end }
            """, duration: "1.7", in: work)
        try refused(
            ["run", "hostile.lua", "--format", "png", "--debug", "--scale", "0.5", "--out", "out"],
            "--debug keeps every frame until the run ends, and frame ")
    }

    // MARK: Strings the host keeps

    /// 20,000 nodes with texts of 5,000 characters: 100 MB in the host, past a 64 MiB limit.
    func testTextsTheHostKeepsCountInTheMemoryLimit() throws {
        try CLI.writeHostilePlugin(
            """
            local kept = {}
            for i = 1, 20000 do kept[i] = node{ text = string.rep(string.char(65 + i % 26), 4990) .. string.format("%05d", i) } end
            ctx:complete(true)
            """, in: work)
        // Whichever allocation crosses the limit first reports it: the host's charge for a text (at
        // its line) or Lua's own for the next string.
        let err = try refused(["run", "hostile.lua", "--format", "json", "--max-memory", "64", "--out", "out"], "hostile.lua")
        XCTAssertTrue(err.contains("not enough memory") || err.contains("the plugin ran out of memory (limit 64 MiB"), err)
    }

    /// A spec keeps its runs' frames: 19 frames of 10,000 nodes are 190,000 node samples (each several
    /// hundred bytes) in the host, past the spec's 64 MiB, and the run fails at the frame that passes it.
    func testASpecsRunsKeepTheirFramesWithinTheSpecsMemoryLimit() throws {
        try CLI.writeHostilePlugin(
            """
            for i = 1, 10000 do ctx.container:add(node{ id = "n" .. i }) end
            animate{ duration = 0.3, function() ctx.container.alpha = 0.5 end, completion = function() ctx:complete(true) end }
            """, in: work)
        try """
        describe("heavy", function()
          it("runs", function() animhost.run{ plugin = "hostile.lua" } end)
        end)
        """.write(to: work.appendingPathComponent("heavy_spec.lua"), atomically: true, encoding: .utf8)
        let result = SpecRunner(limits: SandboxLimits(maxMemory: 64 << 20, timeout: 60)).run(work.appendingPathComponent("heavy_spec.lua"))
        let message = result.cases.first?.message ?? result.error ?? ""
        XCTAssertEqual(result.cases.map(\.status), [.failed], message)
        XCTAssertTrue(message.contains("the run's frames would pass the spec's memory limit of 64 MiB at frame "), message)
    }

    /// A spec counts only the runs it keeps: 12 runs of 19 frames of 1,000 nodes, each run's table
    /// dropped before the next, pass a 64 MiB limit that all 12 kept would pass several times over.
    func testASpecThatLetsGoOfItsRunsMayRunManyWithinItsMemoryLimit() throws {
        XCTAssertGreaterThan(12 * 19 * 1000 * MemoryLayout<NodeSample>.stride, 2 * (64 << 20))
        try CLI.writeHostilePlugin(
            """
            for i = 1, 1000 do ctx.container:add(node{ id = "n" .. i }) end
            animate{ duration = 0.3, function() ctx.container.alpha = 0.5 end, completion = function() ctx:complete(true) end }
            """, in: work)
        try """
        describe("many", function()
          it("runs", function()
            for i = 1, 12 do assert.are.equal(19, #animhost.run{ plugin = "hostile.lua" }.frames) end
          end)
        end)
        """.write(to: work.appendingPathComponent("many_spec.lua"), atomically: true, encoding: .utf8)
        let result = SpecRunner(limits: SandboxLimits(maxMemory: 64 << 20, timeout: 60)).run(work.appendingPathComponent("many_spec.lua"))
        XCTAssertEqual(result.cases.map(\.status), [.passed], result.cases.first?.message ?? result.error ?? "")
    }

    /// 40 linear() curves of 30,001 points each, made by `easing()` or given to `animate{}`: 19 MB of
    /// points in the host, past a 16 MiB limit.
    func testLinearEasingPointsCountInTheMemoryLimit() throws {
        for make in ["kept[i] = easing(spec)", "animate{ duration = 1, curve = spec, function() node{}.alpha = 0.5 end }"] {
            try CLI.writeHostilePlugin(
                """
                local parts = {}
                for i = 0, 30000 do parts[#parts + 1] = tostring(i / 30000) end
                local spec, kept = "linear(" .. table.concat(parts, ",") .. ")", {}
                parts = nil
                for i = 1, 40 do \(make) end
                ctx:complete(true)
                """, in: work)
            let err = try refused(["run", "hostile.lua", "--format", "json", "--max-memory", "16", "--timeout", "60", "--out", "out"], "memory")
            XCTAssertTrue(err.contains("not enough memory") || err.contains("the plugin ran out of memory (limit 16 MiB"), err)
        }
    }

    /// A run's call log (`run.calls`) grows with each `ctx:update` and delegate hook: 600,000 calls hold
    /// over 20 MB of entries in the host (each its 24-byte slot and its text), past an 8 MiB limit.
    func testTheCallLogCountsInTheMemoryLimit() throws {
        let loops = [
            "interact": "if g.state == 'began' then for i = 1, 600000 do ctx:update(0.5) end end\n  return ctx:drive()",
            "animate": "for i = 1, 600000 do ctx.from.delegate:willBegin(ctx) end\n  ctx:complete(true)"
        ]
        for (method, loop) in loops.sorted(by: { $0.key < $1.key }) {
            try """
            local p = { name = "hostile", scenes = { from = "grid", to = "detail" } }
            function p.duration() return 0.3 end
            function p.animate(ctx)
              animate{ duration = 0.3, function() ctx.to.view.alpha = 1 end, completion = function(ok) ctx:complete(ok) end }
            end
            function p.\(method)(ctx, g)
              \(loop)
            end
            return p
            """.write(to: work.appendingPathComponent("hostile.lua"), atomically: true, encoding: .utf8)
            let gesture = method == "interact" ? ["--operation", "pop", "--gesture", "edge-swipe to=0.6"] : []
            // The host's count or Lua's next allocation, whichever meets the limit first.
            let err = try refused(["run", "hostile.lua", "--format", "json", "--max-memory", "8", "--timeout", "60", "--out", "out"] + gesture, "memory")
            XCTAssertTrue(err.contains("not enough memory") || err.contains("the plugin ran out of memory (limit 8 MiB"), err)
        }
    }

    /// 2,000 nodes of 256-byte ids left in the container: the warning names three and counts the rest,
    /// instead of writing half a megabyte of ids on one line.
    func testTheWarningForNodesLeftBehindNamesAFew() throws {
        try CLI.writeHostilePlugin(
            """
            ctx.container:add(ctx.to.view)
            for i = 1, 2000 do ctx.container:add(node{ id = string.rep("n", 250) .. string.format("%06d", i) }) end
            animate{ duration = 0.3, function() ctx.to.view.alpha = 1 end, completion = function() ctx:complete(true) end }
            """, in: work)
        let r = try CLI.run(["run", "hostile.lua", "--format", "json", "--out", "out"], in: work)
        XCTAssertEqual(r.code, 0, String(r.err.prefix(500)))
        let id = { (i: Int) in "'" + String(repeating: "n", count: 250) + String(format: "%06d", i) + "'" }
        XCTAssertTrue(
            r.err.contains("\(id(1)), \(id(2)), \(id(3)) and 1997 more stayed in the container after the transition"), String(r.err.prefix(2000)))
        XCTAssertFalse(r.err.contains(id(4)))
        XCTAssertLessThan(r.err.utf8.count, 4096)
    }
}

import XCTest
import Foundation
import AnimhostHarness
import AnimhostLua

/// `animhost check`: every built-in plugin conforms; broken ones get a one-line reason per run.
final class CheckCommandTests: XCTestCase {
    func check(_ args: [String], in dir: URL? = nil) throws -> CLI.Result { try CLI.run(["check"] + args, in: dir) }

    func testEveryBuiltInPluginConforms() throws {
        let r = try check(["zoom", "crossfade", "card-lift", "match"])
        XCTAssertEqual(r.code, 0, r.out)
        XCTAssertEqual(r.out, "✓ zoom: conforms (14 runs)\n✓ crossfade: conforms (14 runs)\n✓ card-lift: conforms (14 runs)\n✓ match: conforms (14 runs)\n")
    }

    func testBrokenPluginsAreRejectedWithAPreciseReason() throws {
        let dir = try temporaryFolder("check")
        func plugin(_ name: String, _ before: String, _ block: String, _ completion: String) throws {
            try """
            return { name = "\(name)", scenes = { from = "news", to = "article" },
              duration = function() return 0.2 end,
              animate = function(ctx)
                ctx.container:add(ctx.to.view)
                ctx.to.view.alpha = 0
                \(before)
                animate{ duration = 0.2, function() ctx.to.view.alpha = 1 \(block) end,
                         completion = function() \(completion) end }
              end }
            """.write(to: dir.appendingPathComponent(name + ".lua"), atomically: true, encoding: .utf8)
        }
        try plugin("twice", "", "", "ctx:complete(true) ctx:complete(true)")
        try plugin("never", "", "", "")
        try plugin("leftover", "ctx.container:add(node{ id = 'badge' })", "", "ctx:complete(not ctx.cancelled)")
        try plugin("jump", "ctx.from.view.frame = rect(40, 0, 390, 844)", "", "ctx.from.view.frame = rect(0, 0, 390, 844) ctx:complete(not ctx.cancelled)")
        let expectations = [
            "twice": "push@60fps: ctx:complete exactly once: twice.lua:8: ctx:complete was called twice",
            "never": "push@60fps: ctx:complete exactly once: never.lua:3: ctx:complete was never called: every animation had ended at 0.2 s and the host waited 1 s more",
            "leftover": "push@60fps: ends at the destination's resting state: frame 12, node 'badge' is left behind",
            "jump": "push@60fps: no jump at t = 0: frame 0, node 'news': bbox [40, 0, 390, 844], at rest [0, 0, 390, 844]",
        ]
        for (name, line) in expectations {
            let r = try check([name + ".lua"], in: dir)
            XCTAssertEqual(r.code, 1, name)
            XCTAssertTrue(r.out.hasPrefix("✗ \(name):\n"), r.out)
            XCTAssertTrue(r.out.contains("  " + line), "\(name): \(r.out)")
        }
    }

    func testAPluginThatDoesNotLoadFailsOnceOnOneLine() throws {
        let dir = try temporaryFolder("check-load")
        try "return { name = \"broken\",\n  duration = function() return 0.2 end end }\n"
            .write(to: dir.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        let r = try check(["broken.lua"], in: dir)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.out.split(separator: "\n").count, 1, r.out)
        XCTAssertTrue(r.out.hasPrefix("✗ broken: does not load: broken.lua:2: "), r.out)
    }

    func testAnEndlessLoopStopsTheChecksAtTheFirstTimeout() throws {
        let dir = try temporaryFolder("check-loop")
        try """
        return { name = "loop", scenes = { from = "news", to = "article" },
          duration = function() return 0.2 end,
          animate = function(ctx) while true do end end }
        """.write(to: dir.appendingPathComponent("loop.lua"), atomically: true, encoding: .utf8)
        let r = try check(["loop.lua", "--timeout", "0.2"], in: dir)
        XCTAssertEqual(r.code, 1)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, r.out)
        XCTAssertEqual(lines.first, "✗ loop:")
        XCTAssertTrue(lines[1].hasPrefix("  push@30fps: runs without error: loop.lua:3: the plugin ran past its time limit of 0.2 s"), r.out)
        XCTAssertTrue(lines[2].hasPrefix("  (stopped after the first timeout"), r.out)
        XCTAssertEqual(r.err, "", "no progress line when stderr is not a terminal")
    }

    func testProgressIsToldOfEveryRunInOrder() throws {
        let catalog = PluginCatalog(environment: [:])
        var told: [String] = []
        let (failures, runs) = Conformance(catalog: catalog).check(try catalog.locate("crossfade").url) { done, total, run in
            told.append("\(done)/\(total) \(run)")
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(runs, 14)
        let operations = ["push", "pop", "present", "dismiss"].flatMap { op in [30, 60, 120].map { "\(op)@\($0)fps" } }
        let names = operations + ["push+pop@60fps", "pop+edge-swipe@60fps"]
        XCTAssertEqual(told, names.enumerated().map { "\($0.offset)/14 \($0.element)" })
    }

    /// The match plugin with every one of Hero's presets (reversed when popping), the presets taking the
    /// built-in scene pairs in turn, every other one with an arc.
    func testMatchConformsOnEveryBuiltInScenePairAndPreset() throws {
        let dir = try temporaryFolder("match")
        try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Plugins/match.lua"),
                                         to: dir.appendingPathComponent("match.lua"))
        let pairs = [("grid", "detail"), ("news", "article"), ("cards", "card")]
        let presets = ["push(left)", "pull(right)", "cover(up)", "uncover(down)", "slide(left)", "zoomSlide(right)",
                       "pageIn(left)", "pageOut(left)", "fade", "zoom", "zoomOut", "none"]
        var names: [String] = []
        for (i, preset) in presets.enumerated() {
            let (from, to) = pairs[i % pairs.count]
            let name = "match-\(from)-\(i)"
            names.append(name)
            try """
            local base = require("match")
            local p = { name = "\(name)", scenes = { from = "\(from)", to = "\(to)" }, params = {} }
            for k, v in pairs(base) do if p[k] == nil then p[k] = v end end
            for k, v in pairs(base.params) do p.params[k] = v end
            p.params.preset = "autoReverse(\(preset))"
            p.params.arc = "\(i % 2 == 0 ? "true" : "false")"
            return p
            """.write(to: dir.appendingPathComponent(name + ".lua"), atomically: true, encoding: .utf8)
        }
        let r = try check(names.map { $0 + ".lua" }, in: dir)
        XCTAssertEqual(r.code, 0, r.out)
        XCTAssertEqual(r.out.split(separator: "\n").filter { $0.hasSuffix(": conforms (14 runs)") }.count, names.count, r.out)
    }
}

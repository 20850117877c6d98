import XCTest
import AnimhostCore
@testable import AnimhostLua
import AnimhostTestSupport

/// Behaviours the docs promise, each checked against the promise itself: the expected values come
/// from the docs' formulas (Core Animation's curves, the damped oscillator), not from the host's code.
final class DocumentedBehaviourTests: XCTestCase {
    /// A 0.5 s plugin on grid → detail with `animate` and `interact` bodies.
    func interactivePlugin(animate: String, interact: String) throws -> Plugin {
        try makePlugin(animatorSource(animate, duration: "0.5", interact: interact))
    }

    /// docs/lua-api.md, docs/security.md: `require("lib.curves")` loads `lib/curves.lua` from the plugin's folder.
    func testDottedRequireLoadsAModuleFromASubfolder() throws {
        let dir = try temporaryFolder("documented")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try "return { name = 'curves in lib', twice = function(x) return 2 * x end }"
            .write(to: dir.appendingPathComponent("lib/curves.lua"), atomically: true, encoding: .utf8)
        try "return { name = 'the wrong curves' }".write(to: dir.appendingPathComponent("curves.lua"), atomically: true, encoding: .utf8)
        let url = dir.appendingPathComponent("p.lua")
        try animatorSource(
            """
            local curves = require("lib.curves")
            print(curves.name, curves.twice(21), require("lib.curves") == curves)
            ctx:complete(true)
            """
        ).write(to: url, atomically: true, encoding: .utf8)
        var lines: [String] = []
        _ = try Plugin(url: url, printSink: { lines.append($0) }).run(TransitionRequest(), catalog: PluginCatalog(environment: [:]))
        XCTAssertEqual(lines, ["[p] curves in lib\t42\ttrue"], "loaded once, from lib/curves.lua")
    }

    /// docs/security.md: the host's own metatables are locked: `getmetatable` answers a string instead
    /// of the metatable, and `setmetatable` cannot replace it.
    func testHostMetatablesAreLocked() throws {
        let lines = try evalLua(
            """
            local objects = { ctx = ctx, node = ctx.from.view, rect = rect(0, 0, 1, 1), easing = easing("linear"),
                              spring = spring{ dampingRatio = 1, response = 0.5 }, delegate = ctx.from.delegate }
            for _, name in ipairs({ "ctx", "node", "rect", "easing", "spring", "delegate" }) do
              local o = objects[name]
              local ok, err = pcall(setmetatable, o, {})
              print(name, type(getmetatable(o)), ok, (tostring(err):gsub("^.-: ", "")))
            end
            """)
        // Tables refuse a new metatable; userdata never take one from Lua, and their metatable stays hidden.
        let userdata = ["node", "rect", "easing", "spring"].map {
            "\($0)\tstring\tfalse\tbad argument #1 to 'setmetatable' (table expected, got animhost.\($0))"
        }
        XCTAssertEqual(
            lines,
            ["ctx\tstring\tfalse\tcannot change a protected metatable"] + userdata
                + ["delegate\tstring\tfalse\tcannot change a protected metatable"])
    }

    /// docs/gestures.md: `ctx:update(p)` shows a spring as it is `p · duration` seconds in, by its own
    /// time, not as fraction `p` of its settling time; `ctx:finish()` then runs it on to its end, though
    /// it settles after the transition's duration. Oracle: the damped oscillator m·x″ + c·x′ + k·x = 0
    /// (m 1, k 100, c 10: ζ = 0.5, ω₀ = 10) from rest, solved in closed form.
    func testSpringsAreScrubbedByTheirOwnTime() throws {
        let plugin = try interactivePlugin(
            animate: """
                ctx.container:add(ctx.to.view)
                animate{ spring = spring{ mass = 1, stiffness = 100, damping = 10 }, function() ctx.from.view.alpha = 0 end,
                         completion = function(finished) ctx:complete(finished) end }
                """,
            interact: """
                if g.state == "ended" then ctx:finish() else ctx:update(0.3) end
                """)
        let recorder = FrameRecorder()
        let outcome = try plugin.run(TransitionRequest(fps: 20, gesture: "pan-down"), catalog: PluginCatalog(environment: [:]), sink: recorder)
        XCTAssertTrue(outcome.result.completed)
        // 0.3 of the 0.5 s transition: 0.15 s into the spring, before its overshoot (alpha stays in 0…1).
        let t = 0.3 * 0.5, zeta = 0.5, w0 = 10.0, wd = w0 * (1 - zeta * zeta).squareRoot()
        let progress = 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
        let scrubbed = recorder.frames.filter { $0.touch?.state == .changed }
        XCTAssertFalse(scrubbed.isEmpty)
        for frame in scrubbed {
            XCTAssertEqual(try XCTUnwrap(frame.node("grid")).opacity, 1 - progress, accuracy: 1e-9, "t = \(frame.time)")
        }
    }

    /// docs/gestures.md: a gesture that ends while the plugin has neither finished nor cancelled, with
    /// animations still waiting on the scrubbed clock, is an error that says what to call.
    func testAGestureEndingWithNeitherFinishNorCancelIsAnError() throws {
        let plugin = try interactivePlugin(
            animate: """
                animate{ duration = 0.5, function() ctx.from.view.alpha = 0 end, completion = function() ctx:complete(true) end }
                """,
            interact: """
                ctx:update(g.translation.y / 844)
                """)
        XCTAssertThrowsError(try plugin.run(TransitionRequest(gesture: "pan-down"), catalog: PluginCatalog(environment: [:]))) {
            let message = "\($0)"
            XCTAssertTrue(message.contains("the gesture ended but the transition was neither finished nor cancelled"), message)
            XCTAssertTrue(message.contains("ctx:finish()") && message.contains("ctx:cancel()"), message)
        }
    }

    /// docs/lua-api.md: `animate` without options lasts 0.25 s, starts at once and follows `easeInOut`,
    /// Core Animation's cubic Bézier (0.42, 0, 0.58, 1), solved here by bisection.
    func testAnimateDefaultsToAQuarterSecondEaseInOutWithoutDelay() throws {
        let plugin = try makePlugin(
            animatorSource(
                """
                animate{ function() ctx.from.view.alpha = 0 end, completion = function() ctx:complete(true) end }
                """))
        let recorder = FrameRecorder()
        _ = try plugin.run(TransitionRequest(fps: 40), catalog: PluginCatalog(environment: [:]), sink: recorder)
        let alphas = recorder.frames.compactMap { $0.node("grid")?.opacity }
        XCTAssertEqual(alphas.count, 10, "frames 0 … 9 of 40 fps show the from-screen, until 0.25 s ends the block")
        for (i, alpha) in alphas.enumerated() {
            let x = min(Double(i) / 40 / 0.25, 1)
            XCTAssertEqual(alpha, 1 - easeInOut(x), accuracy: 1e-6, "frame \(i)")
        }
    }

    /// docs/lua-api.md: `n:remove()` detaches `n` and its animations end unfinished: their completion
    /// runs with `finished == false` when the node is removed, as UIKit's `removeFromSuperview` does.
    func testRemoveEndsTheNodesAnimationsUnfinished() throws {
        let lines = try evalLua(
            """
            local photo = ctx.from.view:find("photo-1")
            animate{ duration = 0.4, function() photo.alpha = 0 end,
                     completion = function(finished) print("photo", finished, os.clock()) end }
            local other = ctx.from.view:find("photo-2")
            animate{ duration = 0.1, function() other.alpha = 0.5 end,
                     completion = function(finished) photo:remove() print("removed", finished, os.clock()) end }
            animate{ duration = 0.5, function() ctx.from.view.alpha = 0 end, completion = function() ctx:complete(true) end }
            """, complete: false, duration: "0.5")
        XCTAssertEqual(Set(lines), ["photo\tfalse\t0.1", "removed\ttrue\t0.1"])
    }

    /// y of the cubic Bézier (0.42, 0, 0.58, 1) at x, found by bisection on x(s).
    private func easeInOut(_ x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(0.42, 0.58, mid) < x { low = mid } else { high = mid }
        }
        return bezier(0, 1, (low + high) / 2)
    }

}

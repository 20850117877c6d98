import XCTest
import AnimhostCore
@testable import AnimhostLua

/// A plugin's `interaction` rule and `ctx.completionSpeed`/`completionCurve`, against
/// UIPercentDrivenInteractiveTransition's documented behaviour.
final class InteractionRuleTests: XCTestCase {
    /// A plugin whose one animation runs linearly for 1 s and completes the transition; `extra` adds fields.
    func plugin(_ extra: String = "", interact: String? = nil) throws -> Plugin {
        try makePlugin(
            """
            local p = { name = "probe", scenes = { from = "detail", to = "grid" } \(extra) }
            function p.duration(ctx) return 1 end
            function p.animate(ctx)
              animate{ duration = 1, curve = "linear", function() ctx.from.view.alpha = 0 end,
                       completion = function() ctx:complete(not ctx.cancelled) end }
            end
            \(interact.map { "function p.interact(ctx, g)\n\($0)\nend" } ?? "")
            return p
            """)
    }

    func run(_ plugin: Plugin, _ gesture: String) throws -> TransitionOutcome {
        try plugin.run(TransitionRequest(operation: .pop, gesture: gesture), catalog: PluginCatalog(environment: [:]), sink: nil)
    }

    /// A left-edge swipe to half the width over 0.3 s whose last sample is `state`.
    func swipe(ending state: String) throws -> String {
        let samples = (0...6).map { i in
            #"{"t": \#(Double(i) * 0.05), "x": \#(2 + Double(i) * 32), "y": 400\#(i == 6 ? #", "state": "\#(state)""# : "")}"#
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-\(UUID().uuidString).json")
        try #"{"samples": [\#(samples.joined(separator: ", "))]}"#.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testFinishProgressAndVelocityDecideARelease() throws {
        // a slow swipe to a quarter of the width: cancelled by default (under 0.33), finished past 0.1
        XCTAssertTrue(try run(plugin(), "edge-swipe to=0.25 release=slow").result.cancelled)
        XCTAssertTrue(try run(plugin(", interaction = { finishProgress = 0.1 }"), "edge-swipe to=0.25 release=slow").result.completed)
        // a 1500 pt/s fling at a fifth finishes by default (over 1000 pt/s), not when the bar is 2000
        XCTAssertTrue(try run(plugin(), "edge-swipe to=0.2 release=fling").result.completed)
        XCTAssertTrue(try run(plugin(", interaction = { finishVelocity = 2000 }"), "edge-swipe to=0.2 release=fling").result.cancelled)
    }

    func testACancelledGestureCancelsUnlessThePluginDecides() throws {
        // the swipe reached 194 of 390 pt, past a third
        XCTAssertTrue(try run(plugin(), try swipe(ending: "ended")).result.completed)
        XCTAssertTrue(try run(plugin(), try swipe(ending: "cancelled")).result.cancelled)
        XCTAssertTrue(try run(plugin(#", interaction = { cancelledGesture = "decide" }"#), try swipe(ending: "cancelled")).result.completed)
    }

    func testCompletionSpeedAndCurveSetTheRunAfterRelease() throws {
        let interact = """
            if g.state == "began" then
              print(ctx.completionSpeed, ctx.completionCurve)
              ctx.completionSpeed = 2
              ctx.completionCurve = "linear"
            end
            ctx:drive()
            """
        var printed: [String] = []
        let p = try makePlugin(try String(contentsOf: plugin(interact: interact).url, encoding: .utf8)) { printed.append($0) }
        let outcome = try run(p, "edge-swipe to=0.6 release=slow")
        XCTAssertEqual(printed, ["[p] 1.0\teaseInOut"])
        // released at 0.4 s at (234 − 2) / 390 of the way; the rest of the 1 s runs at twice real time
        let released = 0.4, progress = (234.0 - 2) / 390
        let completed = try XCTUnwrap(outcome.calls.first { $0.call == "complete(true)" })
        XCTAssertEqual(completed.time, released + (1 - progress) * 1 / 2, accuracy: 1e-9)
    }

    func testMistakesAreNamed() throws {
        XCTAssertThrowsError(try plugin(", interaction = { finishProgress = 2 }")) { error in
            XCTAssertEqual(withoutTemporaryFolder("\(error)"), "p.lua:1: interaction: finishProgress must be a number from 0 to 1, got 2")
        }
        XCTAssertThrowsError(try plugin(#", interaction = { cancelledGesture = "finish" }"#)) { error in
            XCTAssertEqual(withoutTemporaryFolder("\(error)"), #"p.lua:1: interaction: cancelledGesture must be "cancel" or "decide", got finish"#)
        }
        XCTAssertThrowsError(try plugin(", interaction = { finishProgres = 2 }")) { error in
            XCTAssertEqual(withoutTemporaryFolder("\(error)"), "p.lua:1: interaction: unknown field 'finishProgres' (did you mean 'finishProgress'?)")
        }
        XCTAssertEqual(luaError("ctx.completionSpeed = 0"), "p.lua:4: ctx.completionSpeed must be more than 0, got 0")
        XCTAssertEqual(
            luaError("ctx.completionCurve = 'bounce'"),
            #"p.lua:4: ctx.completionCurve: expected "easeInOut", "easeIn", "easeOut", "linear", got 'bounce'"#)
        // without a gesture the values are kept, with nothing to act on
        XCTAssertEqual(
            try evalLua("ctx.completionSpeed = 2 ctx.completionCurve = 'linear' print(ctx.completionSpeed, ctx.completionCurve)"),
            ["2.0\tlinear"])
        XCTAssertEqual(luaError("ctx.operation = 'pop'"), "p.lua:4: ctx is read-only (set values on nodes, or keep your own state in a local table)")
    }

    /// The driver's `update(p)` calls, rounded to 3 places as the run logs them, and how it ended.
    func updates(_ outcome: TransitionOutcome) -> [String] {
        outcome.calls.map(\.call).filter { $0.hasPrefix("update(") || $0 == "finish()" || $0 == "cancel()" }
    }

    /// A pan in each direction with the plugin's axis on it and `distance = 400`: the generated trace
    /// (120 samples a second) moves 200 pt in 0.1 s from the centre, so sample i of 12 is 200 i / 12 pt
    /// along, progress (200 i / 12) / 400 = i / 24; the twelfth is the release (no update), at 0.5, past a third.
    func testPansInEveryDirectionDriveByTheirTravelOverTheDistance() throws {
        let expected = (0...11).map { "update(\(formatNumber((Double($0) / 24 * 1000).rounded() / 1000)))" } + ["finish()"]
        for way in ["up", "down", "left", "right"] {
            let key = way == "up" || way == "down" ? "dy" : "dx"
            let outcome = try run(plugin(#", interaction = { axis = "\#(way)", distance = 400 }"#), "pan-\(way) \(key)=200 duration=0.1")
            XCTAssertEqual(updates(outcome), expected, way)
            XCTAssertTrue(outcome.result.completed, way)
        }
        // the same pan up read downwards is travel the other way: clamped to 0, and it cancels
        let against = try run(plugin(#", interaction = { axis = "down", distance = 400 }"#), "pan-up dy=200 duration=0.1")
        XCTAssertEqual(updates(against), Array(repeating: "update(0)", count: 12) + ["cancel()"])
        // without a distance, the height: sample i is (200 i / 12) / 844
        let height = try run(plugin(#", interaction = { axis = "up" }"#), "pan-up dy=200 duration=0.1")
        XCTAssertEqual(updates(height)[6], "update(\(formatNumber((100.0 / 844 * 1000).rounded() / 1000)))")
    }

    /// A fling a third of the way less a little (0.3 of the height, 253.2 pt, at 1500 pt/s) finishes on its
    /// speed alone when read along its own way, and cancels read the other way (progress ≤ 0, speed −1500).
    func testAFlingFinishesAlongItsAxisOnly() throws {
        XCTAssertTrue(try run(plugin(#", interaction = { axis = "up" }"#), "pan-up to=0.3 release=fling").result.completed)
        XCTAssertTrue(try run(plugin(#", interaction = { axis = "down" }"#), "pan-up to=0.3 release=fling").result.cancelled)
        XCTAssertTrue(try run(plugin(#", interaction = { axis = "vertical" }"#), "pan-up to=0.3 release=fling").result.completed)
        XCTAssertTrue(try run(plugin(#", interaction = { axis = "left" }"#), "pan-left to=0.3 release=fling").result.completed)
        // slow, to a fifth: under the 0.33 bar, and the system's cancel cancels
        XCTAssertTrue(try run(plugin(#", interaction = { axis = "right" }"#), "pan-right to=0.2 release=slow").result.cancelled)
        XCTAssertTrue(try run(plugin(#", interaction = { axis = "right" }"#), "pan-right to=0.9 release=cancelled").result.cancelled)
        XCTAssertTrue(try run(plugin(#", interaction = { axis = "right" }"#), "pan-right to=0.9 release=slow").result.completed)
    }

    func testABadAxisOrDistanceIsNamedAtItsLine() throws {
        func message(_ fields: String) -> String {
            do {
                _ = try makePlugin(
                    """
                    local p = { name = "probe", scenes = { from = "detail", to = "grid" },
                      interaction = {
                        finishProgress = 0.5,
                        \(fields)
                      } }
                    function p.duration(ctx) return 1 end
                    function p.animate(ctx) ctx:complete(true) end
                    return p
                    """)
                return "loaded"
            } catch { return withoutTemporaryFolder("\(error)") }
        }
        XCTAssertEqual(
            message(#"axis = "verticle","#),
            #"p.lua:4: interaction: axis must be "horizontal", "vertical", "left", "right", "up" or "down", got verticle (did you mean "vertical"?)"#)
        XCTAssertEqual(message("axis = 2,"), #"p.lua:4: interaction: axis must be "horizontal", "vertical", "left", "right", "up" or "down", got number"#)
        XCTAssertEqual(message("axis = {},"), #"p.lua:4: interaction: axis must be "horizontal", "vertical", "left", "right", "up" or "down", got table"#)
        for bad in ["0", "-5", "0/0", "math.huge", "'far'"] {
            XCTAssertTrue(message("distance = \(bad),").hasPrefix("p.lua:4: interaction: distance must be a number above 0 to "), bad)
        }
        XCTAssertEqual(message("distance = 400, axis = 'up',"), "loaded")
    }
}

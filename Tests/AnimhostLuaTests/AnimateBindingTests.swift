import XCTest
import AnimhostCore
@testable import AnimhostLua

final class AnimateBindingTests: XCTestCase {
    func testNodesKeptByAPluginOutliveTheirRun() throws {
        // Lua holds nodes by address: one kept from a finished run (its scenes gone) must stay usable.
        var lines: [String] = []
        let plugin = try makePlugin(
            animatorSource(
                """
                  if kept then print(kept.id, kept.frame, kept.parent ~= nil, kept == keptAgain) end
                  kept = ctx.from.view:find("cell-1") or ctx.from.view.children[1]
                  keptAgain = kept
                  made = made or node{ id = "made", frame = rect(1, 2, 3, 4) }
                  print(made.id, made.frame)
                  ctx:complete(true)
                """)
        ) { lines.append($0) }
        _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil)
        let first = lines
        _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[1].split(separator: "\t").last, "true", "identity holds across runs")
        XCTAssertEqual(lines[2], first[0])
    }

    func testTheCtxAndDelegatesOfAnEndedTransitionRefuseTheirMethodsAndLiveFields() throws {
        var lines: [String] = []
        let plugin = try makePlugin(
            animatorSource(
                """
                  if old then
                    print(pcall(function() old:complete(true) end))
                    print(pcall(function() return old.cancelled end))
                    print(old.operation, old == ctx)
                    print(pcall(function() return oldDelegate:referenceFrame(ctx) end))
                  end
                  old, oldDelegate = ctx, ctx.from.delegate
                  ctx:complete(true)
                """)
        ) { lines.append($0) }
        for _ in 0..<2 { _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil) }
        XCTAssertEqual(lines.count, 4, "\(lines)")
        XCTAssertTrue(lines[3].contains("this delegate belongs to a transition that has ended"), lines[3])
        XCTAssertTrue(lines[0].contains("false\t") && lines[0].contains("this ctx belongs to a transition that has ended"), lines[0])
        XCTAssertTrue(lines[1].contains("this ctx belongs to a transition that has ended"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix("push\tfalse"), "fixed fields still read; each run has its own ctx: \(lines[2])")
    }

    func run(_ body: String, fps: Int = 10) throws -> [FrameSample] {
        let plugin = try makePlugin(animatorSource(body))
        let rec = FrameRecorder()
        _ = try plugin.run(TransitionRequest(fps: fps), sink: rec)
        return rec.frames
    }

    func testAnimateInterpolatesWithTheCurveAndCompletesOnce() throws {
        let frames = try run(
            """
            local v = ctx.from.view
            local calls = 0
            animate{ duration = 0.4, curve = "linear", function() v.alpha = 0 end,
                     completion = function(finished) calls = calls + 1; assert(finished); v.alpha = 1; ctx:complete(calls == 1) end }
            """)
        XCTAssertEqual(frames.map { (($0.node("grid")?.opacity ?? -1) * 1e9).rounded() / 1e9 }, [1, 0.75, 0.5, 0.25, -1], "the from-screen leaves once completed")
    }

    func testUIKitSpringOverTheBlockDuration() throws {
        let frames = try run(
            """
            local v = ctx.from.view:find("photo-1")
            animate{ duration = 0.5, spring = { damping = 0.5 }, function() v.frame = rect(100, 104, 183, 177) end,
                     completion = function() ctx:complete(true) end }
            """, fps: 20)
        let xs = frames.dropLast().map { $0.node("photo-1")!.frame.x }
        XCTAssertEqual(xs.first, 8)
        XCTAssertEqual(xs.last!, 100, accuracy: 1)
        XCTAssertGreaterThan(xs.max()!, 100, "damping 0.5 overshoots")
        XCTAssertEqual(frames.count, 11)
    }

    /// UIKit's `animateKeyframes` with default options: calculationModeLinear between the keyframes, whose
    /// relative start and duration are fractions of the block, on the whole block's time as its default
    /// curve (ease-in-out, cubic-bezier 0.42, 0, 0.58, 1) maps it. Expected values worked out from those
    /// rules with an independent bezier solver: s is (t − delay) / duration, u the curve at s.
    func testKeyframesDefaultToUIKitsEaseInOutOverTheWholeBlock() throws {
        let frames = try run(
            """
            local v, photo = ctx.from.view, ctx.from.view:find("photo-1")
            keyframes{ duration = 0.4, delay = 0.1, function()
              keyframe(0, 0.5, function() v.alpha = 0 end)
              keyframe(0.5, 0.5, function() v.alpha = 1 end)
              keyframe(0.25, 0.5, function() photo.frame = rect(108, photo.frame.y, photo.frame.width, photo.frame.height) end)
            end, completion = function() ctx:complete(true) end }
            """, fps: 20)
        // s = 0, 0, 0, 1/8 … 7/8: u = 0, 0, 0, 0.031114, 0.129162, 0.292771, 0.5, 0.707229, 0.870838, 0.968886.
        let alphas = frames.map { (($0.node("grid")?.opacity ?? -1) * 1000).rounded() / 1000 }
        XCTAssertEqual(alphas, [1, 1, 1, 0.938, 0.742, 0.414, 0, 0.414, 0.742, 0.938, -1])
        let xs = frames.dropLast().map { $0.node("photo-1")!.frame.x }
        for (x, expected) in zip(xs, [8, 8, 8, 8, 8, 16.554, 58, 99.446, 108, 108]) { XCTAssertEqual(x, expected, accuracy: 0.001) }
        XCTAssertEqual(xs.count, 10)
    }

    func testKeyframesTakeACurve() throws {
        let frames = try run(
            """
            local v = ctx.from.view
            keyframes{ duration = 0.4, delay = 0.1, curve = "linear", function()
              keyframe(0, 0.5, function() v.alpha = 0 end)
              keyframe(0.5, 0.5, function() v.alpha = 1 end)
            end, completion = function() ctx:complete(true) end }
            """, fps: 20)
        let alphas = frames.map { (($0.node("grid")?.opacity ?? -1) * 1000).rounded() / 1000 }
        XCTAssertEqual(alphas, [1, 1, 1, 0.75, 0.5, 0.25, 0, 0.25, 0.5, 0.75, -1])
    }

    func testOptionsAreChecked() {
        XCTAssertEqual(luaError("animate{ duraton = 1, function() end }"), "p.lua:4: animate{}: unknown field 'duraton' (did you mean 'duration'?)")
        XCTAssertEqual(luaError("animate{ duration = 1 }"), "p.lua:4: animate{}: expected the animations function as the table's first item, got nil")
        XCTAssertEqual(luaError("animate{ duration = -1, function() end }"), "p.lua:4: animate{}: duration and delay must not be negative")
        XCTAssertEqual(
            luaError("animate{ curve = function(x) return x end, function() end }"),
            "p.lua:4: animate{}.curve: expected an easing spec such as \"easeOut\" or easing(…), got function (curves run in the host, not in Lua)")
        XCTAssertEqual(luaError("animate{ curve = 'linear', spring = {damping = 1}, function() end }"), "p.lua:4: animate{}: give either curve or spring, not both")
        XCTAssertEqual(luaError("keyframe(0, 1, function() end)"), "p.lua:4: keyframe() may only be called inside a keyframes{} block")
    }

    func testErrorsInsideTheBlockKeepTheirOwnLine() {
        XCTAssertEqual(luaError("animate{ duration = 1, function()\n local x = nil\n x.y = 1\n end }"), "p.lua:6: attempt to index a nil value (local 'x')")
    }
}

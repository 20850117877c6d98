import XCTest
import AnimhostCore
@testable import AnimhostLua

/// A Lua plugin's run stepped by its caller through a session: its time budget, its state between runs.
final class SteppedRunTests: XCTestCase {
    let fade = animatorSource(
        """
        ctx.container:add(ctx.to.view)
        ctx.to.view.alpha = 0
        animate{ duration = 0.3, curve = "linear", function() ctx.to.view.alpha = 1 end,
                 completion = function() ctx:complete(not ctx.cancelled) end }
        """)

    /// The budget counts the plugin's calls, not the caller's waiting between frames: three waits each
    /// longer than the whole budget end normally.
    func testTheTimeBetweenFramesIsNotThePlugins() throws {
        let plugin = try makePlugin(fade, limits: SandboxLimits(timeout: 0.2))
        let run = try TransitionSession(plugin, scenes: PluginCatalog()).start(TransitionRequest())
        for t in [0.1, 0.2, 0.4] {
            Thread.sleep(forTimeInterval: 0.25)
            XCTAssertEqual(try run.frame(at: t).node("detail")?.opacity ?? -1, min(t / 0.3, 1), accuracy: 1e-9)
        }
        XCTAssertTrue(run.isFinished)
        XCTAssertFalse(plugin.host.timedOut)
    }

    /// One transition at a time per plugin; once the stepped one is closed, or gone, the plugin runs again.
    func testAPluginRunsOneTransitionAtATime() throws {
        let plugin = try makePlugin(fade)
        let session = TransitionSession(plugin, scenes: PluginCatalog())
        let stepped = try session.start(TransitionRequest())
        XCTAssertThrowsError(try session.run(TransitionRequest())) {
            XCTAssertTrue("\($0)".contains("the plugin is already running a transition"), "\($0)")
        }
        stepped.close()
        XCTAssertTrue(try session.run(TransitionRequest()).result.completed)
        var dropped: TransitionRun? = try session.start(TransitionRequest())
        XCTAssertNotNil(dropped)
        dropped = nil
        XCTAssertTrue(try session.run(TransitionRequest()).result.completed)
    }

    /// A node a plugin keeps in a global outlives its run: whether that run was closed mid-flight or
    /// played to its end (its node animated in the engine's first block), the next run, on a fresh
    /// engine, writes it at once and in a block of its own like any other node, and each write lands.
    func testANodeKeptFromAnEarlierRunIsAPlainNodeInTheNext() throws {
        for closedMidFlight in [true, false] {
            var printed: [String] = []
            let plugin = try makePlugin(
                animatorSource(
                    """
                    if KEPT then
                      KEPT.alpha = 0.25
                      print("at once", KEPT.alpha)
                      animate{ duration = 0.2, curve = "linear", function() KEPT.alpha = 0.75 end }
                      print("in a block", KEPT.alpha)
                    end
                    KEPT = ctx.to.view
                    ctx.container:add(ctx.to.view)
                    animate{ duration = 0.3, curve = "linear", function() ctx.to.view.alpha = 0.5 end,
                             completion = function() ctx:complete(not ctx.cancelled) end }
                    """), printed: { printed.append(String($0.drop { $0 != " " }.dropFirst())) })
            let session = TransitionSession(plugin, scenes: PluginCatalog())
            if closedMidFlight {
                let first = try session.start(TransitionRequest())
                _ = try first.frame(at: 0.1)
                first.close()
            } else {
                XCTAssertTrue(try session.run(TransitionRequest()).result.completed)
            }
            let second = try session.start(TransitionRequest())
            XCTAssertEqual(printed, ["at once\t0.25", "in a block\t0.75"], "closed mid-flight: \(closedMidFlight)")
            XCTAssertEqual(
                try second.frame(at: 0.1).node("detail")?.opacity ?? -1, 1 - 0.5 * 0.1 / 0.3, accuracy: 1e-9,
                "this run's own view, a third of the way from 1 to 0.5")
            second.close()
        }
    }
}

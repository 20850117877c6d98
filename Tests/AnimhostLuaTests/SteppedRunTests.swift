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
}

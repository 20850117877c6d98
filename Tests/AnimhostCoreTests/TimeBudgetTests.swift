import XCTest
@testable import AnimhostCore

/// An animator's time budget counts its own code only: the host never starts it for its own work
/// (evaluating the engine between frames, sampling and writing them), in a run played on the virtual
/// clock or stepped by its caller, and host work done while the animator's code runs stops it.
final class TimeBudgetTests: XCTestCase {
    /// Fades the destination in over 0.5 s, with a budget kept as a plugin's state keeps it: each call
    /// into the animator's code starts it (when paused) and pauses it on return. Every start the host
    /// makes outside that code is counted.
    final class Budgeted: TransitionAnimator {
        var running = false
        var paused = true
        var insideOwnCode = false
        var startsByTheHost = 0
        var ownCalls = 0

        func transitionDuration(using context: TransitionContext) throws -> Double { own { 0.5 } }
        func animateTransition(using ctx: TransitionContext) throws {
            try own {
                try ctx.container.add(ctx.to.root)
                ctx.to.root.model.alpha = 0
                try ctx.engine.animate(
                    AnimationOptions(duration: 0.5, timing: .curve(.linear)),
                    changes: { ctx.engine.set(.alpha, of: ctx.to.root, to: .number(1)) },
                    completion: { _ in try self.own { try ctx.complete(true) } })
            }
        }
        func pauseBudget() {
            if running { paused = true }
            running = false
        }
        func resumeBudget() {
            guard paused else { return }
            if !insideOwnCode { startsByTheHost += 1 }
            running = true
            paused = false
        }
        var budgetRunning: Bool { running }

        /// The animator's own code: on the budget from entry to return.
        func own<T>(_ body: () throws -> T) rethrows -> T {
            ownCalls += 1
            insideOwnCode = true
            resumeBudget()
            defer {
                pauseBudget()
                insideOwnCode = false
            }
            return try body()
        }
    }

    func scene(_ name: String) -> Scene {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        return Scene(name: name, size: Size(width: 100, height: 200), background: .white, root: Node(id: name, scene: name, properties: p))
    }

    func testAPlayedRunNeverStartsTheBudgetForTheHostsWork() throws {
        let animator = Budgeted()
        let (result, frames) = try play(animator, in: try TransitionContext(from: scene("a"), to: scene("b"), operation: .push), fps: 60)
        XCTAssertTrue(result.completed)
        XCTAssertEqual(frames.count, 31)
        XCTAssertEqual(animator.ownCalls, 3, "duration, animate, the completion")
        XCTAssertEqual(animator.startsByTheHost, 0, "31 frames evaluated and written on the host's time")
        XCTAssertFalse(animator.running, "stopped at the end")
    }

    func testASteppedRunNeverStartsTheBudgetForTheHostsWork() throws {
        let animator = Budgeted()
        let run = TransitionRun(animator, in: try TransitionContext(from: scene("a"), to: scene("b"), operation: .push), plugin: "budgeted")
        defer { run.close() }
        try run.start(touch: nil)
        for i in 0...30 { _ = try run.frame(at: Double(i) / 60) }
        XCTAssertEqual(animator.ownCalls, 3, "duration, animate, the completion")
        XCTAssertEqual(animator.startsByTheHost, 0, "each frame's evaluation is the host's time")
        XCTAssertFalse(animator.running)
    }

    /// Host work nested in the animator's own code (a frame written while its code runs) is off the
    /// budget, which counts again when the host work returns.
    func testHostWorkInsideTheAnimatorsCodeIsOffTheBudgetAndTheBudgetGoesOn() {
        let animator = Budgeted()
        var runningDuringHostWork: Bool?
        animator.own {
            animator.offTheBudget { runningDuringHostWork = animator.running }
            XCTAssertTrue(animator.running, "counting again for the rest of the animator's code")
        }
        XCTAssertEqual(runningDuringHostWork, false)
        XCTAssertFalse(animator.running)
        animator.offTheBudget {}
        XCTAssertFalse(animator.running, "host work between the animator's calls leaves the budget stopped")
        XCTAssertEqual(animator.startsByTheHost, 0)
    }
}

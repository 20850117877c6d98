import XCTest
@testable import AnimhostCore

final class PercentDrivenTests: XCTestCase {
    /// Fades the from-screen out over 1 s, completing with the driver's verdict.
    final class Fade: TransitionAnimator {
        var finished: [Bool] = []
        func transitionDuration(using context: TransitionContext) throws -> Double { 1 }
        func animateTransition(using ctx: TransitionContext) throws {
            try ctx.engine.animate(
                AnimationOptions(duration: 1, timing: .curve(.linear)),
                changes: {
                    ctx.engine.set(.alpha, of: ctx.from.root, to: .number(0))
                    ctx.engine.set(.frame, of: ctx.from.root, to: .rect(Rect(x: 100, y: 0, width: 100, height: 200)))
                },
                completion: { done in
                    self.finished.append(done)
                    try ctx.complete(!ctx.isCancelled)
                })
        }
    }

    func scene(_ name: String) -> Scene {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        return Scene(name: name, size: Size(width: 100, height: 200), background: .white, root: Node(id: name, scene: name, properties: p))
    }

    func run(_ xs: [(Double, Double)], fps: Int = 10) throws -> (TransitionRun.Result, [FrameSample], Fade, TransitionContext) {
        try run(xs.map { ($0.0, Point(x: $0.1, y: 100)) }, fps: fps)
    }

    func run(_ points: [(Double, Point)], fps: Int = 10) throws -> (TransitionRun.Result, [FrameSample], Fade, TransitionContext) {
        let ctx = try TransitionContext(from: scene("a"), to: scene("b"), operation: .pop)
        let samples = points.map { GestureSample(time: $0.0, location: $0.1, state: .changed) }
        let fade = Fade()
        let (result, frames) = try play(fade, in: ctx, fps: fps, gesture: try GestureTrace(samples: samples))
        return (result, frames, fade, ctx)
    }

    func testUpdatesScrubAndFinishRunsOnAtCompletionSpeed() throws {
        // from x = 0 to 50 of a 100 pt width: half way, then released (past a third: finish)
        let (result, frames, fade, _) = try run([(0, 0), (0.1, 25), (0.2, 50)], fps: 20)
        XCTAssertEqual(frames[2].node("a")!.opacity, 0.75, accuracy: 1e-9, "scrubbed to 25 %")
        XCTAssertEqual(frames[4].node("a")!.opacity, 0.5, accuracy: 1e-9)
        // finishing from 0.5 at speed 1 takes 0.5 s along ease-in-out: done at t = 0.7
        XCTAssertTrue(result.completed)
        XCTAssertEqual(result.endTime, 0.7, accuracy: 1e-9)
        XCTAssertEqual(fade.finished, [true])
        let midway = try XCTUnwrap(frames.first { abs($0.time - 0.45) < 1e-9 })
        XCTAssertEqual(midway.node("a")!.opacity, 0.25, accuracy: 1e-9, "half of the remaining run, ease-in-out is symmetric")
    }

    func testCancelReturnsEveryPropertyExactlyToItsStart() throws {
        let (result, frames, fade, ctx) = try run([(0, 0), (0.1, 20), (0.2, 25)])
        XCTAssertFalse(result.completed)
        XCTAssertTrue(result.cancelled)
        XCTAssertEqual(fade.finished, [false])
        let last = frames.last!.node("a")!
        XCTAssertEqual(last.opacity, 1)
        XCTAssertEqual(last.frame, Rect(x: 0, y: 0, width: 100, height: 200))
        XCTAssertEqual(ctx.from.root.model.alpha, 1, "the model value is restored, not only the presentation")
        XCTAssertNil(frames.last!.node("b"))
    }

    func testUpdatesAfterReleaseAreIgnored() throws {
        let ctx = try TransitionContext(from: scene("a"), to: scene("b"), operation: .pop)
        ctx.beginInteraction(duration: 1, gestureStart: GestureEvent(time: 0, state: .began, location: .zero, translation: .zero, velocity: .zero, edge: "left"))
        let driver = ctx.driver!
        driver.update(0.4)
        driver.cancel()
        driver.update(0.9)
        driver.finish()
        XCTAssertEqual(driver.percentComplete, 0.4)
        XCTAssertEqual(driver.state, .cancelling)
        XCTAssertTrue(ctx.isCancelled)
    }

    func testAFlingFinishesBelowTheThreshold() throws {
        let (result, _, _, _) = try run([(0, 0), (0.01, 12), (0.02, 25)])  // 25 % at 1250 pt/s
        XCTAssertTrue(result.completed)
    }

    // Gestures away from the edges: the default rule reads progress along the way the finger first moved.

    func testAPanDownDrivesByItsTravelOverTheHeight() throws {
        // from the middle of a 100 × 200 screen, 50 then 100 pt down: 25 % then 50 %, released past a third
        let (result, frames, _, ctx) = try run([(0, Point(x: 50, y: 40)), (0.1, Point(x: 52, y: 90)), (0.2, Point(x: 55, y: 140))])
        XCTAssertEqual(frames[1].node("a")!.opacity, 0.75, accuracy: 1e-9)
        XCTAssertEqual(frames[2].node("a")!.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(ctx.driver?.direction, DriveDirection(dx: 0, dy: 1))
        XCTAssertTrue(result.completed)
    }

    func testAPanUpDrivesByItsUpwardTravelAndAShortOneCancels() throws {
        let (result, frames, fade, ctx) = try run([(0, Point(x: 50, y: 150)), (0.1, Point(x: 50, y: 120)), (0.2, Point(x: 50, y: 110))])
        XCTAssertEqual(frames[2].node("a")!.opacity, 0.8, accuracy: 1e-9, "40 of 200 pt up")
        XCTAssertEqual(ctx.driver?.direction, DriveDirection(dx: 0, dy: -1))
        XCTAssertTrue(result.cancelled)
        XCTAssertEqual(fade.finished, [false])
    }

    func testAHorizontalPanAwayFromTheEdgesDrivesByItsWidthTravel() throws {
        let (_, frames, _, ctx) = try run([(0, Point(x: 60, y: 100)), (0.1, Point(x: 40, y: 105))])
        XCTAssertEqual(ctx.driver?.direction, DriveDirection(dx: -1, dy: 0))
        XCTAssertEqual(frames[1].node("a")!.opacity, 0.8, accuracy: 1e-9, "20 of 100 pt to the left")
    }

    func testAReleaseWithoutTravelCancelsAndEnds() throws {
        let (result, _, fade, _) = try run([(0, Point(x: 2, y: 100)), (0.1, Point(x: 2, y: 100))])
        XCTAssertTrue(result.cancelled)
        XCTAssertEqual(fade.finished, [false])
        XCTAssertEqual(result.endTime, 0.1, accuracy: 1e-9, "nothing to run back: it ends at the release")
    }
}

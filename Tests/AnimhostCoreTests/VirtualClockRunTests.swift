import XCTest
@testable import AnimhostCore

/// A run driven on the virtual clock, as ``TransitionSession/run(_:sink:)`` drives one: frames at
/// t = i / fps until the transition is at rest, and the animator protocol's errors.
final class VirtualClockRunTests: XCTestCase {
    final class FadeIn: TransitionAnimator {
        var completeCalls = 1
        func transitionDuration(using context: TransitionContext) throws -> Double { 0.5 }
        func animateTransition(using ctx: TransitionContext) throws {
            try ctx.container.add(ctx.to.root)
            ctx.to.root.model.alpha = 0
            try ctx.engine.animate(
                AnimationOptions(duration: 0.5, timing: .curve(.linear)),
                changes: {
                    ctx.engine.set(.alpha, of: ctx.to.root, to: .number(1))
                }, completion: { _ in for _ in 0..<self.completeCalls { try ctx.complete(true) } })
        }
    }

    func scene(_ name: String) -> Scene {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        return Scene(name: name, size: Size(width: 100, height: 200), background: .white, root: Node(id: name, scene: name, properties: p))
    }

    func testSamplesEveryFrameUntilCompleteAndRest() throws {
        let ctx = try TransitionContext(from: scene("a"), to: scene("b"), operation: .push)
        let (result, frames) = try play(FadeIn(), in: ctx, fps: 10)
        XCTAssertEqual(frames.count, 6)
        var expected = TransitionRun.Result(frameCount: 6, completed: true, cancelled: false, endTime: 0.5)
        expected.curveSpans = [CurveSpan(begin: 0, end: 0.5, easing: .linear)]  // FadeIn's one linear block
        XCTAssertEqual(result, expected)
        XCTAssertEqual(ctx.duration, 0.5)
        XCTAssertEqual(frames[0].node("b")?.opacity, 0)
        XCTAssertEqual(frames[2].node("b")?.opacity ?? -1, 0.4, accuracy: 1e-12)
        XCTAssertNotNil(frames[4].node("a"))
        XCTAssertNil(frames[5].node("a"), "the from-screen leaves when the transition completes")
        XCTAssertEqual(frames[5].node("b")?.opacity, 1)
    }

    func testCompletingTwiceIsAnError() throws {
        let ctx = try TransitionContext(from: scene("a"), to: scene("b"), operation: .push)
        let animator = FadeIn()
        animator.completeCalls = 2
        XCTAssertThrowsError(try play(animator, in: ctx, fps: 10)) {
            XCTAssertEqual($0 as? TransitionError, .completedTwice)
        }
    }

    func testNeverCompletingIsAnErrorAfterTheGracePeriod() throws {
        let ctx = try TransitionContext(from: scene("a"), to: scene("b"), operation: .push)
        let animator = FadeIn()
        animator.completeCalls = 0
        let frames = FrameRecorder()
        XCTAssertThrowsError(try play(animator, in: ctx, fps: 10, sink: frames)) {
            XCTAssertEqual($0 as? TransitionError, .neverCompleted(idleAt: 0.5, waited: 1))
        }
        XCTAssertEqual(frames.frames.count, 16)
    }

    func testCancelRemovesTheDestination() throws {
        let ctx = try TransitionContext(from: scene("a"), to: scene("b"), operation: .pop)
        try ctx.container.add(ctx.to.root)
        try ctx.complete(false)
        XCTAssertTrue(ctx.isCancelled)
        XCTAssertEqual(ctx.container.children.map(\.id), ["a"])
    }

    /// UIKit leaves the presenting screen in place under an `.overCurrentContext` dismissal that is cancelled.
    func testACancelledDismissalOfAnOverlayKeepsTheScreenBeneath() throws {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        let dialog = Scene(
            name: "dialog", size: Size(width: 100, height: 200), background: .white, isOverlay: true,
            root: Node(id: "dialog", scene: "dialog", properties: p))
        let ctx = try TransitionContext(from: dialog, to: scene("screen"), operation: .dismiss)
        XCTAssertEqual(ctx.container.children.map(\.id), ["screen", "dialog"])
        try ctx.complete(false)
        XCTAssertEqual(ctx.container.children.map(\.id), ["screen", "dialog"])
    }
}

/// Plays `animator` in `ctx` on the virtual clock at `fps`, as a session plays a run, and returns how
/// it ended with the frames `sink` (a fresh recorder unless given) received.
func play(
    _ animator: TransitionAnimator, in ctx: TransitionContext, fps: Int, gesture: GestureTrace? = nil, sink: FrameRecorder = FrameRecorder()
) throws -> (TransitionRun.Result, [FrameSample]) {
    let run = TransitionRun(animator, in: ctx, plugin: "test")
    defer { run.close() }
    let result = try run.play(TransitionRun.Pace(fps: fps), gesture: gesture, sink: sink)
    return (result, sink.frames)
}

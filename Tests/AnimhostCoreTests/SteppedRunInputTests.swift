import XCTest
@testable import AnimhostCore

/// What a run stepped by its caller (``TransitionSession/start(_:touch:)``) takes from it: times that
/// are numbers and never go back, touches at positions the engine's bounds allow. Anything else is the
/// caller's mistake, refused before it reaches the clock, the gesture tracker or the animator, and the
/// run goes on.
final class SteppedRunInputTests: XCTestCase {
    /// Fades the from-screen out over 1 s, linearly, and notes every touch it is given.
    final class Fade: TransitionAnimator {
        var touches: [GestureEvent] = []
        func transitionDuration(using context: TransitionContext) throws -> Double { 1 }
        func animateTransition(using ctx: TransitionContext) throws {
            try ctx.engine.animate(
                AnimationOptions(duration: 1, timing: .curve(.linear)),
                changes: { ctx.engine.set(.alpha, of: ctx.from.root, to: .number(0)) },
                completion: { _ in try ctx.complete(!ctx.isCancelled) })
        }
        func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool {
            touches.append(event)
            return false
        }
    }

    func scene(_ name: String) -> Scene {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        return Scene(name: name, size: Size(width: 100, height: 200), background: .white, root: Node(id: name, scene: name, properties: p))
    }

    /// A started run of a ``Fade`` over a pop; interactive when `touch` is given.
    func start(touch: GestureSample? = nil) throws -> (TransitionRun, Fade) {
        let fade = Fade()
        let run = TransitionRun(fade, in: try TransitionContext(from: scene("a"), to: scene("b"), operation: .pop), plugin: "fade")
        try run.start(touch: touch)
        return (run, fade)
    }

    /// The from-screen's opacity in the frame at `t`.
    func opacity(_ run: TransitionRun, at t: Double) throws -> Double {
        try XCTUnwrap(try run.frame(at: t).node("a")?.opacity)
    }

    func touch(_ t: Double, x: Double = 50, _ state: GestureSample.State = .changed) -> GestureSample {
        GestureSample(time: t, location: Point(x: x, y: 100), state: state)
    }

    func assertRefused(_ call: @autoclosure () throws -> Any, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try call(), file: file, line: line) {
            XCTAssertTrue($0 is RunPhaseError, "\(type(of: $0)): \($0)", file: file, line: line)
            XCTAssertEqual("\($0)", message, file: file, line: line)
        }
    }

    /// A frame earlier than one already drawn would be labelled with its time but show the later state
    /// (the clock does not run back): refused, and the next frame is as it would have been.
    func testAFrameBeforeTheLatestTimeIsRefused() throws {
        let (run, _) = try start()
        XCTAssertEqual(try opacity(run, at: 0.5), 0.5, accuracy: 1e-9)
        assertRefused(try run.frame(at: 0.25), "frame(at:) at 0.25 s refused: the transition run is at 0.5 s already, and its times never go back")
        XCTAssertEqual(try opacity(run, at: 0.5), 0.5, accuracy: 1e-9, "the same time again is fine")
        XCTAssertEqual(try opacity(run, at: 0.75), 0.25, accuracy: 1e-9)
        XCTAssertEqual(run.phase, .animating)
    }

    /// Not-a-number, infinite and negative times are refused: none is a time of the run, and a frame
    /// must not carry one into a timeline, a page or a drawing.
    func testTimesThatAreNotTimesOfTheRunAreRefused() throws {
        let (run, _) = try start()
        for t in [Double.nan, .infinity, -.infinity, -0.5] {
            assertRefused(
                try run.frame(at: t),
                "frame(at:) at \(formatNumber(t)) s refused: a time of the run is a finite number of seconds from its start, 0 or more")
        }
        XCTAssertEqual(try opacity(run, at: 0.25), 0.75, accuracy: 1e-9, "the run goes on")
        XCTAssertEqual(run.phase, .animating)
    }

    /// A touch's time follows the same rule, and its position must be a number within the engine's
    /// bounds (±1e9 points, as a gesture file's): the animator never sees the refused touch.
    func testATouchOutsideTimeOrBoundsIsRefusedBeforeTheAnimatorSeesIt() throws {
        let (run, fade) = try start(touch: touch(0, x: 5, .began))
        try run.touch(touch(0.2, x: 30))
        XCTAssertEqual(fade.touches.count, 2)
        assertRefused(try run.touch(touch(0.1, x: 40)), "touch(_:) at 0.1 s refused: the transition run is at 0.2 s already, and its times never go back")
        _ = try run.frame(at: 0.3)
        assertRefused(try run.touch(touch(0.25, x: 40)), "touch(_:) at 0.25 s refused: the transition run is at 0.3 s already, and its times never go back")
        assertRefused(
            try run.touch(touch(.nan, x: 40)),
            "touch(_:) at nan s refused: a time of the run is a finite number of seconds from its start, 0 or more")
        for x in [Double.nan, .infinity, 2e9] {
            assertRefused(
                try run.touch(touch(0.4, x: x)),
                "touch(_:) at 0.4 s refused: the position (\(formatNumber(x)), 100) is not a finite number of points within ±1e9")
        }
        XCTAssertEqual(fade.touches.count, 2, "no refused touch reached the animator")
        XCTAssertEqual(run.phase, .interacting)
        try run.touch(touch(0.4, x: 40, .ended))
        XCTAssertEqual(run.phase, .settling, "the run goes on")
    }

    /// The first touch, given to the session's `start`, is held to the same rules; the run is not made.
    func testTheFirstTouchIsCheckedToo() throws {
        XCTAssertThrowsError(try start(touch: touch(.nan, x: 5, .began))) { XCTAssertTrue($0 is RunPhaseError, "\($0)") }
        XCTAssertThrowsError(try start(touch: touch(0, x: .infinity, .began))) { XCTAssertTrue($0 is RunPhaseError, "\($0)") }
    }
}

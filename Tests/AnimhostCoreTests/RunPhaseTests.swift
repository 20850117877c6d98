import XCTest
@testable import AnimhostCore

/// A run's phases (``TransitionRun/Phase``) against UIKit's documented order for a transition:
/// `animateTransition(using:)` (after `startInteractiveTransition(_:)` when a gesture drives it), then
/// `updateInteractiveTransition(_:)`… and `finishInteractiveTransition()` or `cancelInteractiveTransition()`,
/// then `completeTransition(_:)`, then the animator's `animationEnded(_:)`.
final class RunPhaseTests: XCTestCase {
    /// Notes each call an animator and a sink receive, with the run's phase at that moment.
    final class Observer: FrameSink {
        weak var run: TransitionRun?
        var calls: [String] = []
        var phases: [TransitionRun.Phase] = []

        func note(_ call: String? = nil) {
            call.map { calls.append($0) }
            if let phase = run?.phase, phases.last != phase { phases.append(phase) }
        }
        func begin(_ info: TimelineInfo) throws { note() }
        func write(_ frame: FrameSample) throws { note() }
        func finish(_ result: TransitionRun.Result) throws { note() }
    }

    /// Fades the from-screen out over 1 s, completing with the verdict of the driver (or of the clock).
    final class Fade: TransitionAnimator {
        let observer: Observer
        var closed = 0
        init(_ observer: Observer) { self.observer = observer }

        func transitionDuration(using context: TransitionContext) throws -> Double {
            observer.note("duration")
            return 1
        }
        func animateTransition(using ctx: TransitionContext) throws {
            observer.note("animate")
            try ctx.engine.animate(
                AnimationOptions(duration: 1, timing: .curve(.linear)),
                changes: { ctx.engine.set(.alpha, of: ctx.from.root, to: .number(0)) },
                completion: { _ in try ctx.complete(!ctx.isCancelled) })
        }
        func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool {
            observer.note("interact")
            return false
        }
        func ended(completed: Bool) throws { observer.note("ended(\(completed))") }
        func close() { closed += 1 }
    }

    func scene(_ name: String) -> Scene {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        return Scene(name: name, size: Size(width: 100, height: 200), background: .white, root: Node(id: name, scene: name, properties: p))
    }

    /// A run of a ``Fade`` over a pop, the observer watching it.
    func makeRun() throws -> (TransitionRun, Fade, Observer) {
        let observer = Observer()
        let fade = Fade(observer)
        let run = TransitionRun(fade, in: try TransitionContext(from: scene("a"), to: scene("b"), operation: .pop), plugin: "fade")
        observer.run = run
        return (run, fade, observer)
    }

    /// A left-edge swipe from x = 5 to `x` (of a 100 pt width) over 0.2 s, released there.
    func swipe(to x: Double) throws -> GestureTrace {
        try GestureTrace(samples: [
            GestureSample(time: 0, location: Point(x: 5, y: 100), state: .began),
            GestureSample(time: 0.1, location: Point(x: (5 + x) / 2, y: 100), state: .changed),
            GestureSample(time: 0.2, location: Point(x: x, y: 100), state: .ended)
        ])
    }

    /// Plays a run on the virtual clock at 20 frames/s and closes it, as a session does.
    func play(gesture: GestureTrace?) throws -> (TransitionRun, Fade, Observer) {
        let (run, fade, observer) = try makeRun()
        _ = try run.play(TransitionRun.Pace(fps: 20), gesture: gesture, sink: observer)
        run.close()
        observer.note()
        return (run, fade, observer)
    }

    /// The kinds of the driver's and the context's logged calls, in order: update, finish, cancel, complete.
    func driverCalls(_ run: TransitionRun) -> [String] {
        var kinds: [String] = []
        for (_, call) in run.context.calls {
            let kind = String(call.prefix { $0 != "(" })
            if kinds.last != kind || kind != "update" { kinds.append(kind) }
        }
        return kinds
    }

    func testAPlainRunAnimatesThenEndsThenCloses() throws {
        let (run, fade, observer) = try play(gesture: nil)
        XCTAssertEqual(observer.calls, ["duration", "animate", "ended(true)"])
        XCTAssertEqual(observer.phases, [.prepared, .animating, .ended, .closed])
        XCTAssertEqual(driverCalls(run), ["complete"])
        XCTAssertEqual(fade.closed, 1)
    }

    /// Released past a third of the width: finished, then completed with true.
    func testAnInteractiveRunReleasedFarEnoughSettlesForward() throws {
        let (run, fade, observer) = try play(gesture: try swipe(to: 60))
        XCTAssertEqual(observer.calls, ["duration", "animate", "interact", "interact", "interact", "ended(true)"])
        XCTAssertEqual(observer.phases, [.prepared, .interacting, .settling, .ended, .closed])
        XCTAssertEqual(driverCalls(run), ["update", "finish", "complete"])
        XCTAssertEqual(run.context.completion, true)
        XCTAssertEqual(fade.closed, 1)
    }

    /// Released after a short, slow travel: cancelled, then completed with false.
    func testAnInteractiveRunReleasedEarlySettlesBack() throws {
        let (run, _, observer) = try play(gesture: try swipe(to: 10))
        XCTAssertEqual(observer.calls, ["duration", "animate", "interact", "interact", "interact", "ended(false)"])
        XCTAssertEqual(observer.phases, [.prepared, .interacting, .settling, .ended, .closed])
        XCTAssertEqual(driverCalls(run), ["update", "cancel", "complete"])
        XCTAssertEqual(run.context.completion, false)
    }

    /// The moves the diagram draws, and no other: forward only, and to closed from anywhere but closed.
    func testThePhaseMovesOnlyAlongTheDiagram() throws {
        let allowed: [TransitionRun.Phase: Set<TransitionRun.Phase>] = [
            .prepared: [.animating, .interacting, .closed], .animating: [.ended, .closed],
            .interacting: [.settling, .ended, .closed], .settling: [.ended, .closed], .ended: [.closed], .closed: []
        ]
        let path: [TransitionRun.Phase: [TransitionRun.Phase]] = [
            .prepared: [], .animating: [.animating], .interacting: [.interacting], .settling: [.interacting, .settling],
            .ended: [.animating, .ended], .closed: [.closed]
        ]
        for from in TransitionRun.Phase.allCases {
            for to in TransitionRun.Phase.allCases {
                let (run, _, _) = try makeRun()
                for step in path[from]! { try run.move(to: step) }
                XCTAssertEqual(run.phase, from)
                if allowed[from]!.contains(to) {
                    XCTAssertNoThrow(try run.move(to: to), "\(from) → \(to)")
                } else {
                    XCTAssertThrowsError(try run.move(to: to), "\(from) → \(to)") {
                        XCTAssertEqual("\($0)", "a transition run cannot go from \(from.rawValue) to \(to.rawValue)")
                    }
                    XCTAssertEqual(run.phase, from, "a refused move leaves the phase")
                }
            }
        }
    }

    /// A stepped run: a touch once the transition has ended is refused, and says why.
    func testATouchAfterTheRunEndedIsRefused() throws {
        let (run, fade, observer) = try makeRun()
        try run.start(touch: GestureSample(time: 0, location: Point(x: 5, y: 100), state: .began))
        XCTAssertEqual(run.phase, .interacting)
        try run.touch(GestureSample(time: 0.1, location: Point(x: 60, y: 100), state: .ended))
        XCTAssertEqual(run.phase, .settling)
        var t = 0.1
        while !run.isFinished && t < 5 { t += 0.05; _ = try run.frame(at: t) }
        XCTAssertEqual(run.phase, .ended)
        XCTAssertThrowsError(try run.touch(GestureSample(time: t, location: Point(x: 60, y: 100), state: .began))) {
            XCTAssertEqual(
                "\($0)",
                "touch(_:) refused: the transition run has ended: the transition is at rest and its animator was told "
                    + "(start another run for another gesture)")
        }
        XCTAssertNoThrow(try run.frame(at: t + 1), "an ended run still shows itself at rest")
        XCTAssertEqual(observer.calls.filter { $0.hasPrefix("ended") }, ["ended(true)"], "told once")
        XCTAssertEqual(fade.closed, 0)
    }

    /// A stepped run: a frame before it starts, or once it is closed, is an error that says so.
    func testAFrameBeforeTheStartOrAfterCloseIsAnError() throws {
        let (run, fade, _) = try makeRun()
        XCTAssertThrowsError(try run.frame(at: 0)) {
            XCTAssertEqual("\($0)", "frame(at:) refused: the transition run has not started (TransitionSession.start starts one)")
        }
        try run.start(touch: nil)
        XCTAssertEqual(run.phase, .animating)
        _ = try run.frame(at: 0.5)
        run.close()
        run.close()
        XCTAssertEqual(fade.closed, 1, "a second close does nothing")
        XCTAssertThrowsError(try run.frame(at: 0.6)) {
            XCTAssertEqual("\($0)", "frame(at:) refused: the transition run is closed, by close() or by an error that ended it, and holds nothing more")
        }
    }

    /// A release the animator leaves undecided is the animator's error, and it ends the run.
    func testAnErrorClosesTheRun() throws {
        final class Undecided: TransitionAnimator {
            func transitionDuration(using context: TransitionContext) throws -> Double { 1 }
            func animateTransition(using ctx: TransitionContext) throws {
                ctx.engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear)), changes: { ctx.engine.set(.alpha, of: ctx.from.root, to: .number(0)) })
            }
            func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool { true }  // takes every touch, decides nothing
        }
        let run = TransitionRun(Undecided(), in: try TransitionContext(from: scene("a"), to: scene("b"), operation: .pop), plugin: "undecided")
        try run.start(touch: GestureSample(time: 0, location: Point(x: 5, y: 100), state: .began))
        XCTAssertThrowsError(try run.touch(GestureSample(time: 0.1, location: Point(x: 60, y: 100), state: .ended))) {
            XCTAssertEqual($0 as? TransitionError, .gestureEndedUndecided)
        }
        XCTAssertEqual(run.phase, .closed)
    }
}

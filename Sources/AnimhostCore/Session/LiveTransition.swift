/// A transition its caller steps on its own clock: a previewer drawing each display frame, a tool
/// feeding touches as a finger moves. Made by ``TransitionSession/start(_:touch:)``.
///
/// Times are seconds from the transition's start and never go back. The animator's time budget counts
/// only the calls made here, not the time between them.
public final class LiveTransition {
    /// The run's header: plugin, operation, scenes, duration and size (`fps` is 0: the caller sets the pace).
    public let info: TimelineInfo
    /// The transition's context: its scenes, its driver when interactive, and its log of calls.
    public var context: TransitionContext { playback.context }
    private let animator: PreparedAnimator
    private let playback: TransitionPlayback
    private var tracker: GestureTracker
    private var lastTouch: GestureEvent?
    private var ended = false

    init(_ animator: PreparedAnimator, in context: TransitionContext, header: TimelineInfo, touch: GestureSample?) throws {
        self.animator = animator
        tracker = GestureTracker(width: context.size.width)
        do {
            playback = try TransitionPlayback(animator, in: context)
            var info = header
            info.duration = context.duration
            self.info = info
            let first = touch.map { tracker.event(for: $0) }
            try playback.start(gestureStart: first)
            if let first { try playback.deliver(first); lastTouch = first }
        } catch let e as TransitionError {
            animator.close()
            throw animator.error(for: e)
        } catch {
            animator.close()
            throw error
        }
        animator.pauseBudget()
    }

    deinit { animator.close() }

    /// Delivers a touch sample at its time; returns what `interact(ctx, g)` saw (translation, velocity, edge).
    /// A release the animator neither finishes nor cancels on is an error, as in a run.
    @discardableResult
    public func touch(_ sample: GestureSample) throws -> GestureEvent {
        let event = tracker.event(for: sample)
        try step { try playback.deliver(event) }
        let released = event.state == .ended || event.state == .cancelled
        lastTouch = released ? nil : event
        if released, let driver = context.driver, driver.state == .interacting, context.completion == nil,
            context.engine.isWaitingOnClock
        {
            throw animator.error(for: .gestureEndedUndecided)
        }
        return event
    }

    /// The frame at `time`: the clock run to it (completions included) and every node's presentation value.
    public func frame(at time: Double) throws -> FrameSample {
        try step { try playback.advance(to: time) }
        let frame = playback.sample(time: time, touch: lastTouch)
        if playback.isFinished && !ended {
            ended = true
            try step { try animator.ended(completed: context.completion ?? false) }
        }
        return frame
    }

    /// True once `complete` was called and every animation has ended: the last frame shows the transition at rest.
    public var isFinished: Bool { playback.isFinished }

    /// Runs plugin work on the animator's budget, reporting a broken protocol as the animator places it.
    private func step(_ body: () throws -> Void) throws {
        animator.resumeBudget()
        defer { animator.pauseBudget() }
        do { try body() } catch let e as TransitionError { throw animator.error(for: e) }
    }
}

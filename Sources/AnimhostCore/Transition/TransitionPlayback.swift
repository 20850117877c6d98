/// A transition in progress, stepped by its caller: ``TransitionRunner`` steps one frame by frame on
/// the virtual clock; a host embedding animhost steps one on its own clock, with touches as they come.
///
/// Times are seconds from the transition's start and never go back.
public final class TransitionPlayback {
    /// The transition's context: its container holds what a frame shows.
    public let context: TransitionContext
    private let animator: TransitionAnimator
    private let sampler: FrameSampler

    /// Asks `animator` for the transition's duration, kept as ``TransitionContext/duration``.
    public init(_ animator: TransitionAnimator, in context: TransitionContext) throws {
        let duration = try animator.transitionDuration(using: context)
        guard duration.isFinite, duration >= 0, duration <= Bounds.seconds else { throw TransitionError.invalidDuration(duration) }
        context.duration = duration
        self.animator = animator
        self.context = context
        sampler = FrameSampler(container: context.container)
    }

    /// Has the animator declare its animations; a `gestureStart` (the gesture's first event) makes
    /// the transition interactive first, so that they run on the percent-driven clock.
    public func start(gestureStart: GestureEvent? = nil) throws {
        if let gestureStart { context.beginInteraction(duration: context.duration, gestureStart: gestureStart) }
        try animator.animateTransition(using: context)
        context.engine.scrubbedClock = nil
    }

    /// Delivers a gesture event at its time: to the animator's `interact`, else to the default
    /// percent-driven behaviour (``TransitionRunner/drive(_:with:size:)``).
    public func deliver(_ event: GestureEvent) throws {
        try context.engine.advance(to: event.time)
        if try !animator.interact(with: event, using: context), let driver = context.driver {
            TransitionRunner.drive(driver, with: event, size: context.size)
        }
    }

    /// Runs the clock to `time` (completions included) and computes every presentation value.
    public func advance(to time: Double) throws {
        try context.engine.advance(to: time)
        context.engine.updatePresentation()
    }

    /// The container's tree as it is now, after ``advance(to:)``.
    public func sample(index: Int = 0, time: Double, touch: GestureEvent? = nil) -> FrameSample {
        sampler.sample(index: index, time: time, touch: touch)
    }

    /// True once `complete` was called and every animation has ended: the transition is at rest.
    public var isFinished: Bool { context.completion != nil && context.engine.isIdle }
}

/// What the runner asks of an animator, like `UIViewControllerAnimatedTransitioning`.
public protocol TransitionAnimator: AnyObject {
    /// Seconds the transition is expected to take.
    func transitionDuration(using context: TransitionContext) throws -> Double
    /// Declares the transition's animations; called once, at time 0.
    func animateTransition(using context: TransitionContext) throws
}

/// Runs a transition on the virtual clock and samples its frames at t = i / fps.
public struct TransitionRunner {
    /// Frames per second of the sampling.
    public var fps: Int
    /// Virtual seconds to wait for `complete` once every animation has ended.
    public var gracePeriod: Double = 1
    /// Virtual seconds after which a transition that has not ended is an error.
    public var maxDuration: Double = 600

    public init(fps: Int) { self.fps = fps }

    /// What a run produced besides its frames.
    public struct Result: Equatable, Sendable {
        public var duration: Double
        public var frameCount: Int
        public var completed: Bool
        public var cancelled: Bool
        /// The time of the last frame: the transition at rest.
        public var endTime: Double

        public init(duration: Double, frameCount: Int, completed: Bool, cancelled: Bool, endTime: Double) {
            self.duration = duration; self.frameCount = frameCount; self.completed = completed
            self.cancelled = cancelled; self.endTime = endTime
        }
    }

    /// Runs `animator` in `context`, handing each frame to `emit` as it is sampled; the last frame
    /// is the state at rest after `complete` and every animation have ended. Without `emit` the
    /// frames are evaluated (every presentation value computed) but not collected.
    public func run(_ animator: TransitionAnimator, in context: TransitionContext,
                    begin: (Double) throws -> Void = { _ in },
                    emit: ((FrameSample) throws -> Void)?) throws -> Result {
        let duration = try animator.transitionDuration(using: context)
        guard duration.isFinite, duration >= 0 else { throw TransitionError.invalidDuration(duration) }
        try begin(duration)
        try animator.animateTransition(using: context)
        let engine = context.engine
        let sampler = FrameSampler(container: context.container)
        var index = 0
        var idleSince: Double? = nil
        while true {
            let t = Double(index) / Double(fps)
            try engine.advance(to: t)
            engine.updatePresentation()
            if let emit { try emit(sampler.sample(index: index, time: t)) }
            if engine.isIdle {
                if context.completion != nil { break }
                let since = idleSince ?? t
                idleSince = since
                if t - since >= gracePeriod { throw TransitionError.neverCompleted(idleAt: since, waited: t - since) }
            } else {
                idleSince = nil
            }
            if t >= maxDuration { throw TransitionError.tooLong(limit: maxDuration) }
            index += 1
        }
        return Result(duration: duration, frameCount: index + 1, completed: context.completion ?? false,
                      cancelled: context.isCancelled, endTime: Double(index) / Double(fps))
    }
}

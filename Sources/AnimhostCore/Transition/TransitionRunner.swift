/// What the runner asks of an animator, like `UIViewControllerAnimatedTransitioning`.
public protocol TransitionAnimator: AnyObject {
    /// Seconds the transition is expected to take.
    func transitionDuration(using context: TransitionContext) throws -> Double
    /// Declares the transition's animations; called once, at time 0.
    func animateTransition(using context: TransitionContext) throws
    /// Reacts to a gesture sample of an interactive transition; false leaves it to the default
    /// percent-driven behaviour.
    func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool
}

extension TransitionAnimator {
    public func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool { false }
}

/// Runs a transition on the virtual clock and samples its frames at t = i / fps.
public struct TransitionRunner {
    /// Frames per second of the sampling.
    public var fps: Int
    /// Virtual seconds to wait for `complete` once every animation has ended.
    public var gracePeriod: Double = 1
    /// Virtual seconds after which a transition that has not ended is an error.
    public var maxDuration: Double = 600
    /// Playback speed of a non-interactive run: frame i shows t = i · speed / fps.
    public var speed: Double = 1
    /// Emit only the state at one instant instead of every frame.
    public var only: Instant?
    /// Wraps the runner's own work on each frame (sampling it and handing it to `emit`), so that an
    /// embedder can keep that work off a time budget meant for the animator's code.
    public var hostWork: (() throws -> Void) throws -> Void = { try $0() }

    /// One instant of a run: seconds from its start, or a fraction of its declared duration.
    public enum Instant: Equatable, Sendable {
        case time(Double)
        case progress(Double)
    }

    /// A runner sampling at `fps` frames per second.
    public init(fps: Int) { self.fps = fps }

    /// What a run produced besides its frames.
    public struct Result: Equatable, Sendable {
        /// How many frames were emitted.
        public var frameCount: Int
        /// True when `complete(true)` ended the transition.
        public var completed: Bool
        /// True when the transition was cancelled (`complete(false)` or the interactive driver).
        public var cancelled: Bool
        /// The time of the last frame: the transition at rest.
        public var endTime: Double
        /// The engine's plain curve-timed blocks (see ``CurveSpan``), for exporters that keep curves.
        public var curveSpans: [CurveSpan] = []

        /// A run's ending; its duration is the context's (``TransitionContext/duration``).
        public init(frameCount: Int, completed: Bool, cancelled: Bool, endTime: Double) {
            self.frameCount = frameCount; self.completed = completed
            self.cancelled = cancelled; self.endTime = endTime
        }
    }

    /// Runs `animator` in `context`, calling `begin` once the duration is known (``TransitionContext/duration``)
    /// and handing each frame to `emit` as it is sampled; the last frame
    /// is the state at rest after `complete` and every animation have ended. Without `emit` the
    /// frames are evaluated (every presentation value computed) but not collected.
    /// With a `gesture`, the transition is interactive: its samples are delivered at their times, to
    /// the animator's `interact` or else to the default edge-swipe behaviour (``PercentDrivenDriver``).
    public func run(
        _ animator: TransitionAnimator, in context: TransitionContext, gesture: GestureTrace? = nil,
        begin: () throws -> Void = {},
        emit: ((FrameSample) throws -> Void)?
    ) throws -> Result {
        let playback = try TransitionPlayback(animator, in: context)
        let duration = context.duration
        let step = (gesture == nil ? speed : 1) / Double(fps)
        let lastTime = max(duration, gesture?.samples.last?.time ?? 0)
        let frames = (lastTime / step).rounded(.up) + 1
        guard frames <= Double(Bounds.frames) else { throw TransitionError.tooManyFrames(frames: frames, limit: Bounds.frames) }
        try begin()
        var tracker = GestureTracker(width: context.size.width)
        let events = gesture?.samples.map { tracker.event(for: $0) } ?? []
        try playback.start(gestureStart: events.first)
        let engine = context.engine
        var index = 0
        var idleSince: Double? = nil
        var delivered = 0
        var pendingInstant: Double? = only.map {
            switch $0 {
            case .time(let t): return t
            case .progress(let p): return p * duration
            }
        }
        while true {
            let t = Double(index) * step
            var touch: GestureEvent? = nil
            while delivered < events.count, events[delivered].time <= t + 1e-12 {
                let event = events[delivered]
                try playback.deliver(event)
                touch = event
                delivered += 1
            }
            if delivered == events.count, let driver = context.driver, driver.state == .interacting,
                context.completion == nil, engine.isWaitingOnClock
            {
                throw TransitionError.gestureEndedUndecided
            }
            let current = touch ?? (delivered < events.count && delivered > 0 ? events[delivered - 1] : nil)
            if let instant = pendingInstant, instant <= t {
                // The one state asked for, evaluated at exactly that instant.
                try playback.advance(to: max(instant, engine.now))
                if let emit { try hostWork { try emit(playback.sample(time: instant, touch: current)) } }
                pendingInstant = nil
            }
            try playback.advance(to: t)
            if let emit, only == nil { try hostWork { try emit(playback.sample(index: index, time: t, touch: current)) } }
            if engine.isIdle {
                if context.completion != nil {
                    if let instant = pendingInstant {  // asked for a time past the end: the state at rest
                        if let emit { try hostWork { try emit(playback.sample(time: instant)) } }
                    }
                    break
                }
                let since = idleSince ?? t
                idleSince = since
                if t - since >= gracePeriod { throw TransitionError.neverCompleted(idleAt: since, waited: t - since) }
            } else {
                idleSince = nil
            }
            if t >= maxDuration { throw TransitionError.tooLong(limit: maxDuration) }
            if index + 1 >= Bounds.frames { throw TransitionError.tooManyFrames(frames: Double(index + 2), limit: Bounds.frames) }
            index += 1
        }
        var result = Result(
            frameCount: only == nil ? index + 1 : 1, completed: context.completion ?? false,
            cancelled: context.isCancelled, endTime: Double(index) * step)
        result.curveSpans = engine.curveSpans
        return result
    }

    /// The default interaction: the gesture's travel along its direction (``PercentDrivenDriver/direction(for:)``:
    /// across for an edge swipe, else along its main axis) over the screen's size drives the fraction; on release
    /// (or when the system cancels the gesture) `rule` decides whether it finishes or cancels.
    public static func drive(_ driver: PercentDrivenDriver, with event: GestureEvent, size: Size, rule: InteractionRule) {
        let direction = driver.direction(for: event)
        let progress = direction.progress(of: event, in: size)
        switch event.state {
        case .began, .changed: driver.update(progress)
        case .ended, .cancelled:
            let finishes = rule.finishes(progress: progress, speed: direction.speed(of: event), cancelled: event.state == .cancelled)
            if finishes { driver.finish() } else { driver.cancel() }
        }
    }
}

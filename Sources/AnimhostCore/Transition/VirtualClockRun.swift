extension TransitionRun {
    /// One instant of a run: seconds from its start, or a fraction of its declared duration.
    public enum Instant: Equatable, Sendable {
        case time(Double)
        case progress(Double)
    }

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

    /// How a run is driven on the virtual clock: its sampling and its limits.
    struct Pace {
        /// Frames per second of the sampling.
        var fps: Int
        /// Playback speed of a non-interactive run: frame i shows t = i · speed / fps.
        var speed: Double = 1
        /// Emit only the state at one instant instead of every frame.
        var only: Instant?
        /// Virtual seconds to wait for `complete` once every animation has ended.
        var gracePeriod: Double = 1
        /// Virtual seconds after which a transition that has not ended is an error.
        var maxDuration: Double = 600
    }

    /// Plays the run on the virtual clock, from prepared to ended, streaming its frames into `sink`:
    /// `begin` once the duration is known, each frame as it is sampled (the last one the state at rest
    /// after `complete` and every animation have ended), then `finish`. Without a sink the run is
    /// evaluated but no frame is sampled. With a `gesture` the run is interactive: its samples are
    /// delivered at their times. The sink's work is kept off the animator's time budget.
    func play(_ pace: Pace, gesture: GestureTrace?, sink: FrameSink?) throws -> Result {
        info.fps = pace.fps
        let result: Result
        do {
            result = try drive(pace, gesture: gesture, sink: sink)
            try end()
        } catch {
            throw fail(error)
        }
        do { try animator.offTheBudget { try sink?.finish(result) } } catch let failure as NodeFailure { throw animator.error(for: failure) }
        return result
    }

    /// The frame loop: frame i at t = i · step, gesture events delivered up to it first.
    private func drive(_ pace: Pace, gesture: GestureTrace?, sink: FrameSink?) throws -> Result {
        try askDuration()
        let duration = context.duration
        let step = (gesture == nil ? pace.speed : 1) / Double(pace.fps)
        let lastTime = max(duration, gesture?.samples.last?.time ?? 0)
        let frames = (lastTime / step).rounded(.up) + 1
        guard frames <= Double(Bounds.frames) else { throw TransitionError.tooManyFrames(frames: frames, limit: Bounds.frames) }
        try animator.offTheBudget { try sink?.begin(info) }
        let events = gesture?.samples.map { tracker.event(for: $0) } ?? []
        try begin(gestureStart: events.first)
        let engine = context.engine
        var index = 0
        var idleSince: Double? = nil
        var delivered = 0
        var pendingInstant: Double? = pace.only.map {
            switch $0 {
            case .time(let t): return t
            case .progress(let p): return p * duration
            }
        }
        // Samples the frame at `time` into the sink, off the budget.
        func emit(index: Int = 0, time: Double, touch: GestureEvent?) throws {
            guard let sink else { return }
            try animator.offTheBudget { try sink.write(sampler.sample(index: index, time: time, touch: touch)) }
        }
        while true {
            let t = Double(index) * step
            var touch: GestureEvent? = nil
            while delivered < events.count, events[delivered].time <= t + 1e-12 {
                let event = events[delivered]
                try deliver(event)
                touch = event
                delivered += 1
            }
            let current = touch ?? (delivered < events.count && delivered > 0 ? events[delivered - 1] : nil)
            if let instant = pendingInstant, instant <= t {
                // The one state asked for, evaluated at exactly that instant.
                try advance(to: max(instant, engine.now))
                try emit(time: instant, touch: current)
                pendingInstant = nil
            }
            try advance(to: t)
            if pace.only == nil { try emit(index: index, time: t, touch: current) }
            if engine.isIdle {
                if context.completion != nil {
                    if let instant = pendingInstant { try emit(time: instant, touch: nil) }  // asked for a time past the end: the state at rest
                    break
                }
                let since = idleSince ?? t
                idleSince = since
                if t - since >= pace.gracePeriod { throw TransitionError.neverCompleted(idleAt: since, waited: t - since) }
            } else {
                idleSince = nil
            }
            if t >= pace.maxDuration { throw TransitionError.tooLong(limit: pace.maxDuration) }
            if index + 1 >= Bounds.frames { throw TransitionError.tooManyFrames(frames: Double(index + 2), limit: Bounds.frames) }
            index += 1
        }
        var result = Result(
            frameCount: pace.only == nil ? index + 1 : 1, completed: context.completion ?? false,
            cancelled: context.isCancelled, endTime: Double(index) * step)
        result.curveSpans = engine.curveSpans
        return result
    }
}

/// One run of a transition, from the animator its plugin prepared to its closing. A
/// ``TransitionSession`` makes it, and it is played one of two ways:
///
/// - driven on the virtual clock, frame by frame at t = i / fps, by the session's
///   ``TransitionSession/run(_:sink:)``, with a gesture's samples delivered at their times;
/// - stepped by its caller on its own clock (a previewer drawing each display frame, a tool feeding
///   touches as a finger moves): ``TransitionSession/start(_:touch:)``, then ``touch(_:)`` and
///   ``frame(at:)`` until ``isFinished``, then ``close()`` (or let it go).
///
/// The run owns its ``phase``: ``Phase`` draws the phases and the moves between them, and ``move(to:)``
/// is the one place the phase changes, refusing any other move. The animator is called in UIKit's
/// order: `transitionDuration`, `animateTransition` (after `startInteractiveTransition` when a gesture
/// drives it), `interact` for each touch, and `ended` once the transition is at rest; a presentation's
/// `…WillBegin` just before `animateTransition` and its `…DidEnd` right after `complete`.
///
/// Times are seconds from the transition's start and never go back. A stepped run's animator budget
/// counts only the calls made here, not the time between them. An error ends the run: it is closed.
public final class TransitionRun {
    /// Where the run is in its life; see ``Phase``.
    public private(set) var phase = Phase.prepared
    /// The run's header: plugin, operation, scenes, rate, duration and size (`fps` is 0 for a stepped
    /// run: its caller sets the pace; the duration is 0 until the run starts).
    public internal(set) var info: TimelineInfo
    /// The transition's context: its scenes, its driver when interactive, and its log of calls.
    public let context: TransitionContext
    /// The animator the plugin prepared for this run.
    let animator: TransitionAnimator
    /// Samples the container's tree into frames.
    let sampler: FrameSampler
    /// Derives each touch's translation, velocity and edge.
    var tracker: GestureTracker
    /// The touch a stepped run's frames show: the last one delivered while the finger is down.
    private var lastTouch: GestureEvent?
    /// The latest time a stepped run's caller gave, a frame's or a touch's: its times never go back.
    private var latestTime = 0.0

    /// A run of `animator`, which `plugin` prepared and bound to `context`.
    init(_ animator: TransitionAnimator, in context: TransitionContext, plugin: String) {
        self.animator = animator
        self.context = context
        sampler = FrameSampler(container: context.container, chrome: context.chrome?.root)
        tracker = GestureTracker(width: context.size.width)
        info = TimelineInfo(
            plugin: plugin, operation: context.operation, from: context.from.name,
            to: context.to.name, fps: 0, duration: 0, size: context.size)
        info.imageFolders = Dictionary(
            context.scenes.compactMap { s in s.directory.map { (s.name, $0) } },
            uniquingKeysWith: { a, _ in a })
    }

    deinit { close() }

    /// True once `complete` was called and every animation has ended: the transition is at rest.
    public var isFinished: Bool { context.completion != nil && context.engine.isIdle }

    // MARK: Stepped by its caller

    /// Starts a stepped run: asks the duration and has the animator declare its animations; a `touch`
    /// (the gesture's first sample, at time 0) makes it interactive first.
    func start(touch: GestureSample?) throws {
        if let touch { try accept(touch, for: "start(_:touch:)") }
        try step {
            try askDuration()
            let first = touch.map { tracker.event(for: $0) }
            try begin(gestureStart: first)
            if let first { try deliver(first); lastTouch = first }
        }
    }

    /// Delivers a touch sample at its time; returns what `interact(ctx, g)` saw (translation, velocity, edge).
    /// Refused once the run has ended, and for a time before the latest one given or a position that is
    /// not a finite number within ±``Bounds/magnitude``.
    @discardableResult
    public func touch(_ sample: GestureSample) throws -> GestureEvent {
        try refuse("touch(_:)", in: [.prepared, .ended, .closed])
        try accept(sample, for: "touch(_:)")
        let event = tracker.event(for: sample)
        try step { try deliver(event) }
        lastTouch = event.isRelease ? nil : event
        return event
    }

    /// The frame at `time`: the clock run to it (completions included) and every node's presentation
    /// value. The first frame at rest ends the run (the animator's `ended`); later ones show it at rest.
    /// Refused for a time that is not finite, negative, or before the latest one given.
    public func frame(at time: Double) throws -> FrameSample {
        try refuse("frame(at:)", in: [.prepared, .closed])
        try accept(time: time, for: "frame(at:)")
        try step { try advance(to: time) }
        let frame = sampler.sample(index: 0, time: time, touch: lastTouch)
        if isFinished && phase != .ended { try step { try end() } }
        return frame
    }

    /// Releases what the run holds (the animator's state), however it ended; a second call does nothing.
    public func close() {
        guard (try? move(to: .closed)) != nil else { return }
        context.engine.forgetFlights()
        animator.close()
    }

    // MARK: The phase

    /// Moves the run to `target`, refusing a move ``Phase/next`` lacks: the one place the phase changes.
    func move(to target: Phase) throws {
        guard phase.next.contains(target) else { throw RunPhaseError.move(from: phase, to: target) }
        phase = target
    }

    /// Refuses `call` in any of `phases`.
    private func refuse(_ call: String, in phases: Set<Phase>) throws {
        if phases.contains(phase) { throw RunPhaseError.refused(call, in: phase) }
    }

    /// Takes `time` as the latest for `call`, refusing one that is not finite, is before the start or
    /// before the latest: the clock does not run back, and a frame must not carry a time it does not show.
    private func accept(time: Double, for call: String) throws {
        guard time.isFinite, time >= 0 else { throw RunPhaseError.notATime(call, time) }
        guard time >= latestTime else { throw RunPhaseError.wentBack(call, time, latest: latestTime) }
        latestTime = time
    }

    /// Takes a touch's time as ``accept(time:for:)`` does, refusing first a position outside the bounds
    /// a gesture file's samples keep (``GestureTrace``), so that no animator sees a position it cannot use.
    private func accept(_ sample: GestureSample, for call: String) throws {
        let p = sample.location
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= Bounds.magnitude, abs(p.y) <= Bounds.magnitude else {
            throw RunPhaseError.position(call, sample.time, p)
        }
        try accept(time: sample.time, for: call)
    }

    // MARK: Shared by both ways of playing

    /// Asks the animator for the transition's duration, kept as ``TransitionContext/duration``.
    func askDuration() throws {
        let duration = try animator.transitionDuration(using: context)
        guard duration.isFinite, duration >= 0, duration <= Bounds.seconds else { throw TransitionError.invalidDuration(duration) }
        context.duration = duration
        info.duration = duration
    }

    /// Has the animator declare its animations; a `gestureStart` (the gesture's first event) makes
    /// the transition interactive first, so that they run on the percent-driven clock.
    func begin(gestureStart: GestureEvent?) throws {
        if let gestureStart {
            try move(to: .interacting)
            context.beginInteraction(duration: context.duration, gestureStart: gestureStart)
        } else {
            try move(to: .animating)
        }
        try context.presentation?.willBegin(context)
        try animator.animateTransition(using: context)
        context.engine.scrubbedClock = nil
    }

    /// Delivers a gesture event at its time: to the animator's `interact`, else to the default
    /// percent-driven behaviour (``PercentDrivenDriver/drive(with:size:rule:)``) under the plugin's rule.
    /// A release the animator neither finishes nor cancels on, its animations left waiting on the
    /// gesture's clock, is the animator's error.
    func deliver(_ event: GestureEvent) throws {
        try context.engine.advance(to: event.time)
        if try !animator.interact(with: event, using: context), let driver = context.driver {
            driver.drive(with: event, size: context.size, rule: context.interactionRule)
        }
        try followDriver()
        try context.presentation?.didEnd(context)
        if event.isRelease, phase == .interacting, context.completion == nil, context.engine.isWaitingOnClock {
            throw TransitionError.gestureEndedUndecided
        }
    }

    /// Runs the clock to `time` (completions included) and computes every presentation value.
    func advance(to time: Double) throws {
        try context.engine.advance(to: time)
        context.engine.updatePresentation()
        try followDriver()
        try context.presentation?.didEnd(context)
    }

    /// Settles an interactive run once its driver finishes or cancels (from `interact`, the default
    /// behaviour or a completion).
    private func followDriver() throws {
        if phase == .interacting, let driver = context.driver, driver.state != .interacting { try move(to: .settling) }
    }

    /// Ends the run at rest and tells the animator, like `animationEnded(_:)`.
    func end() throws {
        try context.presentation?.didEnd(context)
        try move(to: .ended)
        try animator.ended(completed: context.completion ?? false)
    }

    /// Runs a step of the run; an error ends the run. The animator's budget counts its own code (each
    /// call into it starts it), never the host's work here, and is stopped when the step returns.
    private func step<T>(_ body: () throws -> T) throws -> T {
        defer { animator.pauseBudget() }
        do { return try body() } catch { throw fail(error) }
    }

    /// Ends the run on `error`: a broken protocol is reported as the animator places it, then the run is closed.
    func fail(_ error: Error) -> Error {
        let reported =
            (error as? TransitionError).map { animator.error(for: $0) } ?? (error as? NodeFailure).map { animator.error(for: $0) } ?? error
        close()
        return reported
    }
}

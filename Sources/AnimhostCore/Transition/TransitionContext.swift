/// The transition context, like `UIViewControllerContextTransitioning`: the container, the two
/// scenes, the operation, and the one-time `complete` that ends the transition.
public final class TransitionContext {
    /// The node the transition happens in, the size of the larger scene.
    public let container: Node
    /// The scene transitioned from.
    public let from: Scene
    /// The scene transitioned to.
    public let to: Scene
    /// Bars that belong to neither screen (a navigation or tab bar), drawn above the container; nil when none.
    public let chrome: Scene?
    /// Push, pop, present or dismiss.
    public let operation: TransitionOperation
    /// The engine the transition's animations run on.
    public let engine: AnimationEngine
    /// True once the transition was cancelled (by `complete(false)` or the interactive driver).
    public private(set) var isCancelled = false
    /// The percent-driven driver of an interactive transition; nil when it is not interactive.
    public private(set) var driver: PercentDrivenDriver?
    /// How the gesture that drives the transition began (its first sample), when interactive.
    public private(set) var gestureStart: GestureEvent?
    /// True when a gesture drives the transition.
    public var isInteractive: Bool { driver != nil }
    /// The animator's declared duration in seconds: the one every part of a run reads (0 until the run asks).
    public internal(set) var duration: Double = 0
    /// The value passed to ``complete(_:)``, once it has been called.
    public private(set) var completion: Bool?
    /// The virtual time at which ``complete(_:)`` was called.
    public private(set) var completionTime: Double?
    /// When the default interaction finishes a released gesture (the plugin's `interaction`).
    public var interactionRule = InteractionRule()
    /// The viewer asked for reduced motion (`ctx.reducedMotion`): animators crossfade instead of moving or scaling.
    public var reducedMotion = false
    /// Delegate hooks, completions and context calls, in order, with the time they happened.
    public private(set) var calls: [(time: Double, call: String)] = []
    /// The bytes ``calls`` holds (each entry's size and its text's), so that a host can count a log that
    /// a plugin grows call by call (`ctx:update` in a loop) against the plugin's memory limit.
    public private(set) var callBytes = 0
    /// The presentation this run belongs to, when its plugin declares one: a present begins it, a
    /// dismiss continues it in its container ([Presentation]).
    public internal(set) var presentation: Presentation?

    /// Builds the container as UIKit hands it to an animator: it holds the from-screen, and the
    /// to-screen beneath it when the from-screen is an overlay (dismissed or popped).
    public init(from: Scene, to: Scene, chrome: Scene? = nil, operation: TransitionOperation, engine: AnimationEngine = AnimationEngine()) throws {
        self.from = from
        self.to = to
        self.chrome = chrome
        self.operation = operation
        self.engine = engine
        let size = Size(width: max(from.size.width, to.size.width), height: max(from.size.height, to.size.height))
        var props = NodeProperties()
        props.frame = Rect(origin: .zero, size: size)
        container = Node(id: "container", properties: props)
        if from.isOverlay { try container.add(to.root) }
        try container.add(from.root)
    }

    /// A dismiss continuing `presentation`: its container as the present left it, the presenting
    /// screen put back at the bottom should `shouldRemovePresentersView` have taken it out.
    init(dismissing presentation: Presentation, chrome: Scene?, engine: AnimationEngine = AnimationEngine()) throws {
        from = presentation.presented
        to = presentation.presenting
        self.chrome = chrome
        operation = .dismiss
        self.engine = engine
        container = presentation.container
        self.presentation = presentation
        if to.root.parent !== container {
            if let bottom = container.children.first { try container.insert(to.root, at: .below(bottom)) } else { try container.add(to.root) }
        }
        if from.root.parent !== container { try container.add(from.root) }
    }

    /// The run's scenes: the two screens, and the chrome when there is one.
    public var scenes: [Scene] { [from, to] + (chrome.map { [$0] } ?? []) }

    /// The container's size.
    public var size: Size { container.model.frame.size }
    /// True for push and present.
    public var isPresenting: Bool { operation.isPresenting }

    /// Records a call for the run's log (`run.calls` in specs).
    public func log(_ call: String) {
        calls.append((engine.now, call))
        callBytes += MemoryLayout<(time: Double, call: String)>.stride + call.utf8.count
    }

    /// Ends the transition, like `completeTransition(_:)`: on success the from-screen leaves the
    /// container (unless the destination is an overlay); on failure the to-screen does (unless it is
    /// the screen beneath an overlay, which stays where it was).
    public func complete(_ finished: Bool) throws {
        if let hook = presentation?.hookBeforeAnimator { throw TransitionError.completedBeforeAnimator(hook: hook) }
        guard completion == nil else { throw TransitionError.completedTwice }
        completion = finished
        completionTime = engine.now
        log("complete(\(finished))")
        presentation?.completed(finished)
        if finished {
            if !to.isOverlay && presentation?.keeps(from) != true { from.root.removeFromParent() }
        } else {
            isCancelled = true
            if !from.isOverlay && presentation?.keeps(to) != true { to.root.removeFromParent() }
        }
    }

    /// Marks the transition cancelled before it completes (the interactive driver's cancel).
    func markCancelled() { isCancelled = true }

    /// Makes the transition interactive: animations declared from now run on the driver's clock.
    func beginInteraction(duration: Double, gestureStart: GestureEvent) {
        let driver = PercentDrivenDriver(context: self, duration: duration)
        self.driver = driver
        self.gestureStart = gestureStart
        engine.scrubbedClock = driver.clock
    }
}

/// A transition that broke the animator protocol.
public enum TransitionError: Error, CustomStringConvertible, Equatable {
    case completedTwice
    case neverCompleted(idleAt: Double, waited: Double)
    case tooLong(limit: Double)
    case invalidDuration(Double)
    case gestureEndedUndecided
    case tooManyFrames(frames: Double, limit: Int)
    case completedBeforeAnimator(hook: String)

    public var description: String {
        switch self {
        case .completedTwice:
            return "ctx:complete was called twice (call it exactly once, when the transition ends)"
        case .neverCompleted(let idle, let waited):
            let ms = { (s: Double) in formatNumber((s * 1000).rounded() / 1000) }
            return "ctx:complete was never called: every animation had ended at \(ms(idle)) s and the host waited \(ms(waited)) s more (call ctx:complete(not ctx.cancelled) in the last completion)"
        case .tooLong(let limit):
            return "the transition was still running after \(formatNumber(limit)) s of virtual time"
        case .gestureEndedUndecided:
            return "the gesture ended but the transition was neither finished nor cancelled (call ctx:finish() or ctx:cancel() when g.state is \"ended\")"
        case .invalidDuration(let d):
            return "duration() must return a number of seconds from 0 to \(formatNumber(Bounds.seconds)), got \(d)"
        case .tooManyFrames(let frames, let limit):
            let count = frames < 1e15 ? formatNumber(frames) : "\(frames)"
            return "the run would take \(count) frames, more than the limit of \(limit) (shorten the duration, or lower --fps or raise --speed)"
        case .completedBeforeAnimator(let hook):
            return "ctx:complete was called in presentation.\(hook), before the animator ran: the animator completes the transition, in its last completion"
        }
    }
}

/// One run's animator, like `UIViewControllerAnimatedTransitioning`: a ``TransitionPlugin`` prepares
/// one bound to each run's context (AnimhostLua's `LuaAnimator` calls a plugin's `duration`,
/// `animate`, `interact` and `ended`), and the ``TransitionRun`` calls it in UIKit's order.
///
/// Only the first three are required: the rest have defaults for an animator with no time budget,
/// no resources and nothing to place its errors in.
public protocol TransitionAnimator: AnyObject {
    /// Seconds the transition is expected to take.
    func transitionDuration(using context: TransitionContext) throws -> Double
    /// Declares the transition's animations; called once, at time 0.
    func animateTransition(using context: TransitionContext) throws
    /// Reacts to a gesture sample of an interactive transition; false leaves it to the default
    /// percent-driven behaviour.
    func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool
    /// Told once the run has ended, like `animationEnded(_:)`.
    func ended(completed: Bool) throws
    /// Stops counting time against the animator's budget while the host works (writing frames, waiting for the next one).
    func pauseBudget()
    /// Counts time against the budget again, from where ``pauseBudget()`` left it.
    func resumeBudget()
    /// True while time counts against the budget: only while the animator's own code runs.
    var budgetRunning: Bool { get }
    /// The error to report for a run that broke the animator protocol, placed in the animator's source.
    func error(for error: TransitionError) -> Error
    /// The error to report for a frame that failed at a node, placed where the animator set that node's values.
    func error(for failure: NodeFailure) -> Error
    /// Releases what the run holds, however the run ended; a second call does nothing.
    func close()
    /// What the run did that UIKit allows but rarely means, each placed in the animator's source.
    var warnings: [String] { get }
}

extension TransitionAnimator {
    public func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool { false }
    public func ended(completed: Bool) throws {}
    public func pauseBudget() {}
    public func resumeBudget() {}
    public var budgetRunning: Bool { false }
    public func error(for error: TransitionError) -> Error { error }
    public func error(for failure: NodeFailure) -> Error { failure }
    public func close() {}
    public var warnings: [String] { [] }

    /// Runs host work off the animator's time budget, and leaves the budget as it found it: counting
    /// again afterwards only if it was counting before (host work between the animator's calls, such as
    /// evaluating the next frame, is never charged to it).
    func offTheBudget<T>(_ body: () throws -> T) rethrows -> T {
        guard budgetRunning else { return try body() }
        pauseBudget()
        defer { resumeBudget() }
        return try body()
    }
}

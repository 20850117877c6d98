/// How the default percent-driven interaction reads a gesture and when it finishes a released one, a
/// plugin's `interaction = { axis =, distance =, finishProgress =, finishVelocity =, cancelledGesture = }`.
/// The defaults are ZoomTransitioning's edge swipe: progress is the travel across the screen over its
/// width; past a third of the way, or faster than 1000 pt/s, it finishes; a gesture the system cancels
/// cancels the transition.
public struct InteractionRule: Equatable, Sendable {
    /// What the interaction does with a gesture the system cancelled (state `cancelled`).
    public enum CancelledGesture: String, Sendable, CaseIterable {
        /// Cancel the transition, whatever the progress.
        case cancel
        /// Decide as on release: by progress and velocity.
        case decide
    }

    /// The fraction past which a released gesture finishes.
    public var finishProgress: Double
    /// The speed along the gesture's direction, in points per second, past which a release finishes whatever the fraction.
    public var finishVelocity: Double
    public var cancelledGesture: CancelledGesture
    /// The axis or direction progress is read along; nil: across for an edge swipe, else the gesture's first axis.
    public var axis: InteractionAxis?
    /// The travel, in points, that makes progress 1; nil: the container's size along the axis.
    public var distance: Double?

    public init(
        finishProgress: Double = 0.33, finishVelocity: Double = 1000, cancelledGesture: CancelledGesture = .cancel,
        axis: InteractionAxis? = nil, distance: Double? = nil
    ) {
        self.finishProgress = finishProgress; self.finishVelocity = finishVelocity; self.cancelledGesture = cancelledGesture
        self.axis = axis; self.distance = distance
    }

    /// Whether a gesture that ended (or was cancelled) at `progress` moving at `speed` finishes the transition.
    public func finishes(progress: Double, speed: Double, cancelled: Bool) -> Bool {
        if cancelled && cancelledGesture == .cancel { return false }
        return progress > finishProgress || speed > finishVelocity
    }
}

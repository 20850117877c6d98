/// A block that ran on the engine's clock along one timing curve: every property it changed followed
/// `easing` from `begin` to `end` (seconds), unless a later block took the property over. Exporters
/// that keep curves (Lottie's bezier keyframes) read these instead of re-deriving the motion's shape.
public struct CurveSpan: Hashable, Sendable {
    /// When the block began, in seconds on the engine's clock.
    public let begin: Double
    /// When it ended or was due to end.
    public let end: Double
    /// The curve its properties followed.
    public let easing: Easing

    /// A block's span from `begin` to `end` along `easing`.
    public init(begin: Double, end: Double, easing: Easing) {
        self.begin = begin; self.end = end; self.easing = easing
    }
}

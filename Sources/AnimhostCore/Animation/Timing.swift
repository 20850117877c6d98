/// How an animation's progress follows time: a curve over a duration, or a physical spring.
public enum AnimationTiming: Hashable, Sendable {
    case curve(Easing)
    case spring(Spring)
}

/// The options of one `animate{}` or `keyframes{}` block, as `UIView.animate(withDuration:delay:…)` takes them.
public struct AnimationOptions: Sendable {
    public var duration: Double
    public var delay: Double
    public var timing: AnimationTiming

    public init(duration: Double = 0.25, delay: Double = 0, timing: AnimationTiming = .curve(.easeInOut)) {
        self.duration = duration; self.delay = delay; self.timing = timing
    }

    /// The length of the motion: the spring's settling time for physical springs, else `duration`.
    public var activeDuration: Double {
        if case .spring(let s) = timing, s.fixedDuration == nil { return s.settlingDuration }
        return duration
    }
}

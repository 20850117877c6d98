/// The clock of an interactive transition's animations, like a layer whose speed is 0 and whose
/// time offset a `UIPercentDrivenInteractiveTransition` sets: paused at a fraction while the
/// gesture drives it, then run to the end (finish) or back to the start (cancel). Past the end of a
/// finish it runs on in real time, as the layer does once UIKit restores its speed, so an animation
/// longer than the transition (a spring settling late) still reaches its end.
public final class ScrubbedClock {
    /// The length of the clock's time line: the transition's duration.
    public let duration: Double

    enum Mode {
        case paused(at: Double)
        case running(from: Double, to: Double, start: Double, length: Double, curve: Easing)
    }
    private(set) var mode: Mode = .paused(at: 0)

    public init(duration: Double) { self.duration = duration }

    /// The clock's time at the engine's time `now`.
    public func time(at now: Double) -> Double {
        switch mode {
        case .paused(let t): return t
        case .running(let from, let to, let start, let length, let curve):
            if !isReversing, now > start + length { return to + (now - start - length) }
            guard length > 0 else { return to }
            let u = min(max((now - start) / length, 0), 1)
            return from + (to - from) * curve.value(at: u)
        }
    }

    /// Holds the clock at `fraction` of its duration.
    public func pause(atFraction fraction: Double) {
        mode = .paused(at: min(max(fraction, 0), 1) * duration)
    }

    /// Runs from where it is (at `now`) to the end or the start, at `speed` times real time along `curve`.
    public func run(toEnd: Bool, now: Double, speed: Double, curve: Easing) {
        let from = time(at: now)
        let to = toEnd ? duration : 0
        mode = .running(from: from, to: to, start: now, length: abs(to - from) / max(speed, 1e-6), curve: curve)
    }

    /// Whether the clock is running back to its start.
    public var isReversing: Bool {
        if case .running(let from, let to, _, _, _) = mode { return to < from || (to == 0 && from == 0) }
        return false
    }

    /// The engine time at which the clock's time reaches `local` when running, or nil while paused.
    func instant(reaching local: Double) -> Double? {
        guard case .running(let from, let to, let start, let length, let curve) = mode else { return nil }
        if isReversing { return start + length }  // cancelling (even from 0): everything ends when the clock is back at 0
        if local <= from { return start }
        if local > to { return start + length + (local - to) }
        guard length > 0, to > from else { return start }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if from + (to - from) * curve.value(at: mid) < local { lo = mid } else { hi = mid }
        }
        return start + hi * length
    }
}

/// Drives an interactive transition's animations by a fraction, like
/// `UIPercentDrivenInteractiveTransition`: `update` scrubs them, `finish` and `cancel` run them on
/// to the end or back to the start at ``completionSpeed`` along ``completionCurve``.
public final class PercentDrivenDriver {
    /// Following the gesture, or running on after release.
    public enum State: Equatable { case interacting, finishing, cancelling }

    /// The clock the transition's declared animations run on.
    public let clock: ScrubbedClock
    private unowned let context: TransitionContext
    /// Where the driver is in the interaction.
    public private(set) var state = State.interacting
    /// The fraction last set by ``update(_:)``.
    public private(set) var percentComplete = 0.0
    /// How much faster than real time the animations run on after release (UIKit's default, 1).
    public var completionSpeed = 1.0
    /// The curve of the run after release (UIKit's default, ease-in-out).
    public var completionCurve = Easing.easeInOut

    init(context: TransitionContext, duration: Double) {
        self.context = context
        clock = ScrubbedClock(duration: duration)
    }

    /// Scrubs to `fraction` (clamped to 0…1); ignored once finished or cancelled.
    public func update(_ fraction: Double) {
        guard state == .interacting, fraction.isFinite else { return }
        percentComplete = min(max(fraction, 0), 1)
        clock.pause(atFraction: percentComplete)
        context.log("update(\(formatNumber((percentComplete * 1000).rounded() / 1000)))")
    }

    /// Runs the animations on to their end; their completions get `true`.
    public func finish() {
        guard state == .interacting else { return }
        state = .finishing
        clock.run(toEnd: true, now: context.engine.now, speed: completionSpeed, curve: completionCurve)
        context.log("finish()")
    }

    /// Runs the animations back to their start; their completions get `false` and `ctx.cancelled` is true.
    public func cancel() {
        guard state == .interacting else { return }
        state = .cancelling
        context.markCancelled()
        clock.run(toEnd: false, now: context.engine.now, speed: completionSpeed, curve: completionCurve)
        context.log("cancel()")
    }
}

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

    /// The direction the default interaction reads progress along, once the gesture has shown it.
    public private(set) var direction: DriveDirection?

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

    /// The direction for `event` read along `axis`: a direction axis's own; else a left-edge swipe's is
    /// rightwards and a right-edge swipe's leftwards (unless the axis is vertical), and any other gesture's
    /// the way it first moved along the axis (without one, along its main axis). Kept once the gesture has
    /// shown it; until it moves, rightwards (downwards on a vertical axis).
    public func direction(for event: GestureEvent, axis: InteractionAxis? = nil) -> DriveDirection {
        if let direction { return direction }
        if let fixed = axis?.fixedDirection {
            direction = fixed
            return fixed
        }
        let t = event.translation
        let found: DriveDirection
        switch (axis, event.edge) {
        case (.vertical, _):
            guard t.y != 0 else { return DriveDirection(dx: 0, dy: 1) }
            found = DriveDirection(dx: 0, dy: t.y > 0 ? 1 : -1)
        case (_, "left"): found = DriveDirection(dx: 1, dy: 0)
        case (_, "right"): found = DriveDirection(dx: -1, dy: 0)
        case (.horizontal, _):
            guard t.x != 0 else { return DriveDirection(dx: 1, dy: 0) }
            found = DriveDirection(dx: t.x > 0 ? 1 : -1, dy: 0)
        default:
            guard t.x != 0 || t.y != 0 else { return DriveDirection(dx: 1, dy: 0) }
            found = abs(t.y) > abs(t.x) ? DriveDirection(dx: 0, dy: t.y > 0 ? 1 : -1) : DriveDirection(dx: t.x > 0 ? 1 : -1, dy: 0)
        }
        direction = found
        return found
    }

    /// The default interaction, as `UIPercentDrivenInteractiveTransition` is driven by a pan: the gesture's
    /// travel along its direction (``direction(for:axis:)``, by `rule.axis`) over `rule.distance` (else
    /// the container's `size` on that axis) drives the fraction; on release (or when the system cancels
    /// the gesture) `rule` decides by that fraction and the speed along the direction.
    public func drive(with event: GestureEvent, size: Size, rule: InteractionRule) {
        let direction = direction(for: event, axis: rule.axis)
        let progress = direction.progress(of: event, over: rule.distance ?? direction.length(in: size))
        switch event.state {
        case .began, .changed: update(progress)
        case .ended, .cancelled:
            let finishes = rule.finishes(progress: progress, speed: direction.speed(of: event), cancelled: event.state == .cancelled)
            if finishes { finish() } else { cancel() }
        }
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

/// A unit direction along one screen axis: the default interaction's progress is the gesture's travel
/// along it, over the rule's distance (by default the screen's size on that axis).
public struct DriveDirection: Equatable, Sendable {
    public let dx: Double
    public let dy: Double

    /// The screen's `size` on the direction's axis (at least 1 pt): the travel that is the whole way by default.
    public func length(in size: Size) -> Double { max(dx != 0 ? size.width : size.height, 1) }

    /// Travel along the direction as a fraction of `distance` points (not clamped: ``PercentDrivenDriver/update(_:)`` clamps).
    public func progress(of event: GestureEvent, over distance: Double) -> Double {
        (event.translation.x * dx + event.translation.y * dy) / distance
    }

    /// The gesture's speed along the direction, in points per second.
    public func speed(of event: GestureEvent) -> Double { event.velocity.x * dx + event.velocity.y * dy }
}

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

    /// The direction for `event`: a left-edge swipe's is rightwards, a right-edge swipe's leftwards, any
    /// other gesture's the way it first moved along its main axis (kept from then on); rightwards until it moves.
    public func direction(for event: GestureEvent) -> DriveDirection {
        if let direction { return direction }
        let t = event.translation
        let found: DriveDirection
        switch event.edge {
        case "left": found = DriveDirection(dx: 1, dy: 0)
        case "right": found = DriveDirection(dx: -1, dy: 0)
        default:
            guard t.x != 0 || t.y != 0 else { return DriveDirection(dx: 1, dy: 0) }
            found = abs(t.y) > abs(t.x) ? DriveDirection(dx: 0, dy: t.y > 0 ? 1 : -1) : DriveDirection(dx: t.x > 0 ? 1 : -1, dy: 0)
        }
        direction = found
        return found
    }

    /// The default interaction: the gesture's travel along its direction (``direction(for:)``: across
    /// for an edge swipe, else along its main axis) over the screen's `size` drives the fraction; on
    /// release (or when the system cancels the gesture) `rule` decides whether it finishes or cancels.
    public func drive(with event: GestureEvent, size: Size, rule: InteractionRule) {
        let direction = direction(for: event)
        let progress = direction.progress(of: event, in: size)
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
/// along it, over the screen's size on that axis.
public struct DriveDirection: Equatable, Sendable {
    public let dx: Double
    public let dy: Double

    /// Travel along the direction as a fraction of the screen's `size` on its axis.
    public func progress(of event: GestureEvent, in size: Size) -> Double {
        let travel = event.translation.x * dx + event.translation.y * dy
        return travel / max(dx != 0 ? size.width : size.height, 1)
    }

    /// The gesture's speed along the direction, in points per second.
    public func speed(of event: GestureEvent) -> Double { event.velocity.x * dx + event.velocity.y * dy }
}

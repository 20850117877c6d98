/// What a plugin's `interact` sees for each sample: the recogniser's state and the derived values.
public struct GestureEvent: Equatable, Sendable {
    public var time: Double
    public var state: GestureSample.State
    public var location: Point
    /// From where the gesture began.
    public var translation: Point
    /// Points per second, over the most recent samples.
    public var velocity: Point
    /// `left` or `right` when the gesture began within 20 pt of that screen edge, else nil.
    public var edge: String?

    /// True when the finger lifted or the system cancelled the gesture: its last sample.
    public var isRelease: Bool { state == .ended || state == .cancelled }
}

/// Derives translation, velocity and edge from samples as `UIPanGestureRecognizer` does.
public struct GestureTracker {
    /// How far back velocity looks.
    public static let velocityWindow = 0.05
    /// How close to a side a gesture must begin to count as an edge swipe.
    public static let edgeWidth = 20.0

    /// The screen's width, for telling a right-edge swipe.
    public let width: Double
    private var history: [GestureSample] = []
    /// Where the samples within ``velocityWindow`` of the latest begin: times only grow, so the window
    /// is a suffix of the history and each sample costs the same, however long the gesture.
    private var windowStart = 0

    public init(width: Double) { self.width = width }

    /// The event for `sample`, which must come after every sample given before.
    public mutating func event(for sample: GestureSample) -> GestureEvent {
        history.append(sample)
        let first = history[0]
        while sample.time - history[windowStart].time > GestureTracker.velocityWindow { windowStart += 1 }
        var oldest = history[windowStart]
        if oldest.time == sample.time, history.count > 1 { oldest = history[history.count - 2] }
        let dt = sample.time - oldest.time
        let velocity =
            dt > 0
            ? Point(x: (sample.location.x - oldest.location.x) / dt, y: (sample.location.y - oldest.location.y) / dt)
            : .zero
        let edge: String? =
            first.location.x <= GestureTracker.edgeWidth
            ? "left"
            : first.location.x >= width - GestureTracker.edgeWidth ? "right" : nil
        return GestureEvent(
            time: sample.time, state: sample.state, location: sample.location,
            translation: Point(x: sample.location.x - first.location.x, y: sample.location.y - first.location.y),
            velocity: velocity, edge: edge)
    }
}

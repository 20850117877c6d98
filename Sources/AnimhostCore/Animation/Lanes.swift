/// One block's animations: they share timing and a completion, and their lanes sit side by side
/// in the engine's list (``laneStart``..<``laneEnd``).
final class AnimationGroup {
    let serial: Int
    let begin: Double
    let duration: Double
    let timing: AnimationTiming
    let completion: ((Bool) throws -> Void)?
    /// When the block ends: on the engine's clock, or on ``clock`` when it runs on one.
    @exclusivity(unchecked) var endTime: Double
    @exclusivity(unchecked) var finished = true
    /// The interactive clock the block runs on, if any.
    var clock: ScrubbedClock?
    @exclusivity(unchecked) var laneStart = 0
    @exclusivity(unchecked) var laneEnd = 0
    /// Lanes of the block still in flight.
    @exclusivity(unchecked) var liveLanes = 0

    init(serial: Int, begin: Double, duration: Double, timing: AnimationTiming, completion: ((Bool) throws -> Void)?,
         clock: ScrubbedClock? = nil) {
        self.serial = serial; self.begin = begin; self.duration = duration
        self.timing = timing; self.completion = completion; self.clock = clock
        endTime = begin + duration
    }

    /// Progress at the engine's time `now`: 0 before the block begins, 1 once it has ended.
    @inline(__always)
    func progress(now: Double) -> Double {
        let elapsed = (clock?.time(at: now) ?? now) - begin
        if elapsed <= 0 { return 0 }
        if elapsed >= duration { return 1 }
        switch timing {
        case .curve(let easing): return easing.value(at: elapsed / duration)
        case .spring(let spring): return spring.value(at: elapsed)
        }
    }
}

/// A run of a property from one value to another over part (start…end) of its block.
struct Segment {
    let start: Double, end: Double
    let to: AnimatableValue
    let path: Interpolant
}

/// How a property moves over its block: along one path from start to end, or through keyframed segments.
enum LanePath {
    case whole(Interpolant)
    case segments([Segment])
}

/// The path of a flight that is not a plain number or rectangle from 0 to 1: colours, sizes,
/// transforms, and keyframed values.
final class FlightPath {
    let segments: [Segment]

    init(_ segments: [Segment]) { self.segments = segments }

    /// The value the property had when the flight began.
    var origin: AnimatableValue { segments[0].path.value(at: 0) }

    func value(at u: Double) -> AnimatableValue {
        if segments.count == 1, segments[0].start == 0, segments[0].end == 1 { return segments[0].path.value(at: u) }
        var current = origin
        for s in segments {
            if u < s.start { return current }
            if u < s.end { return s.path.value(at: (u - s.start) / (s.end - s.start)) }
            current = s.to
        }
        return current
    }
}

/// One property of one node in flight, as plain data: numbers and rectangles (the common case)
/// interpolate from the lane's own numbers straight into the field of the node's presentation,
/// anything else through its ``FlightPath``.
///
/// The lane holds a reference to its node and path (released when it retires) and none to its
/// group, which the engine keeps for as long as any of its lanes is alive.
struct Lane {
    enum Kind: UInt8 { case number, rect, path }
    let kind: Kind
    let property: AnimatableProperty
    private(set) var alive = true
    let node: Unmanaged<Node>
    let group: Unmanaged<AnimationGroup>
    private let path: Unmanaged<FlightPath>?
    /// The presentation field a number or rectangle lane writes.
    private let target: UnsafeMutableRawPointer
    private let from: SIMD4<Double>, delta: SIMD4<Double>

    init(node: Node, property: AnimatableProperty, group: AnimationGroup, path lanePath: LanePath) {
        self.node = .passRetained(node)
        self.property = property
        self.group = .passUnretained(group)
        target = node.presentationField(at: property.fieldOffset ?? 0)
        switch (lanePath, property.fieldOffset) {
        case (.whole(.number(let a, let b)), _?):
            kind = .number; from = [a, 0, 0, 0]; delta = [b - a, 0, 0, 0]; path = nil
        case (.whole(.rect(let a, let b)), _?):
            kind = .rect; path = nil
            from = [a.x, a.y, a.width, a.height]
            delta = [b.x - a.x, b.y - a.y, b.width - a.width, b.height - a.height]
        case (.whole(let interpolant), _):
            kind = .path; from = .zero; delta = .zero
            path = .passRetained(FlightPath([Segment(start: 0, end: 1, to: interpolant.value(at: 1), path: interpolant)]))
        case (.segments(let segments), _):
            kind = .path; from = .zero; delta = .zero; path = .passRetained(FlightPath(segments))
        }
    }

    /// The property's value at progress `p` of its block.
    func value(at p: Double) -> AnimatableValue {
        switch kind {
        case .number: return .number(from[0] + delta[0] * p)
        case .rect:
            let v = from + delta * p
            return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .path: return path!._withUnsafeGuaranteedRef { $0.value(at: p) }
        }
    }

    /// The value the property had when the flight began.
    var origin: AnimatableValue { value(at: 0) }

    /// Writes the value at progress `p` into the node's presentation.
    @inline(__always)
    func apply(_ p: Double) {
        switch kind {
        case .number: target.assumingMemoryBound(to: Double.self).pointee = from[0] + delta[0] * p
        case .rect:
            let v = from + delta * p
            target.assumingMemoryBound(to: Rect.self).pointee = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .path: node._withUnsafeGuaranteedRef { property.set(value(at: p), in: &$0.presentation) }
        }
    }

    /// Ends the flight: drops its references (the caller has finished with the node).
    mutating func retire() {
        alive = false
        path?.release()
        node.release()
    }
}

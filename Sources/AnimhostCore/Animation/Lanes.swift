/// One block's animations: they share timing and a completion, and their lanes sit side by side
/// in the engine's list (``laneStart``..<``laneEnd``).
final class AnimationGroup {
    /// The order blocks were scheduled in (when they closed), which orders completions due at the same instant.
    var serial = 0
    let begin: Double
    let duration: Double
    let timing: AnimationTiming
    let completion: ((Bool) throws -> Void)?
    /// When the block ends: on the engine's clock, or on ``clock`` when it runs on one.
    var endTime: Double
    var finished = true
    /// The interactive clock the block runs on, if any.
    var clock: ScrubbedClock?
    var laneStart = 0
    var laneEnd = 0
    /// Where the block's rectangle lanes begin and its path lanes begin (see ``Lane/Kind``).
    var rectStart = 0
    var pathStart = 0
    /// Lanes of the block still in flight.
    var liveLanes = 0

    init(
        begin: Double, duration: Double, timing: AnimationTiming, completion: ((Bool) throws -> Void)?,
        clock: ScrubbedClock? = nil
    ) {
        self.begin = begin; self.duration = duration
        self.timing = timing; self.completion = completion; self.clock = clock
        endTime = begin + duration
    }

    /// Records that the block's lanes are `range` of `lanes`, sorted by kind.
    func place(_ range: Range<Int>, in lanes: ContiguousArray<Lane>) {
        laneStart = range.lowerBound
        laneEnd = range.upperBound
        rectStart = lanes[range].firstIndex { $0.kind != .number } ?? laneEnd
        pathStart = lanes[rectStart..<laneEnd].firstIndex { $0.kind == .path } ?? laneEnd
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

/// The path of a flight that is not a plain number or rectangle from 0 to 1: colours, sizes,
/// transforms, and keyframed values.
final class FlightPath {
    /// The value the property had when the flight began.
    let origin: AnimatableValue
    let segments: [Segment]

    init(origin: AnimatableValue, segments: [Segment]) { self.origin = origin; self.segments = segments }

    /// One path over the whole block.
    convenience init(from: AnimatableValue, to: AnimatableValue) {
        self.init(origin: from, segments: [Segment(start: 0, end: 1, to: to, path: Interpolant(from: from, to: to))])
    }

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
///
/// Counted by hand (`Unmanaged`), because plain references cost 11 % of the engine's time in
/// copies of the lanes (docs/benchmarks.md, "Unsafe code"). Soundness: a lane is made with its
/// node and path retained and releases them once, in ``retire(parkingAt:)``, which every lane
/// reaches (its flight ends, is replaced or removed, its engine goes, or its block fails and never
/// flies); copies of a lane are transient or replace the original (a compaction), never owners
/// beside it. `_withUnsafeGuaranteedRef` and `takeUnretainedValue` are used only on a live lane.
/// The group is never read from a retired lane, and leaves the engine's list only once all its
/// lanes retired. `NodeLifetimeTests` checks that a node lives exactly as long as its flight.
struct Lane {
    /// A block's lanes sit in this order (numbers, then rectangles, then paths), so that each kind
    /// is evaluated by a loop of its own.
    enum Kind: UInt8 { case number, rect, path }
    let kind: Kind
    let property: AnimatableProperty
    private(set) var alive = true
    let node: Unmanaged<Node>
    let group: Unmanaged<AnimationGroup>
    private var path: Unmanaged<FlightPath>?
    /// The presentation field a number or rectangle lane writes; once retired, a scratch area of
    /// the engine's, so that evaluation need not skip retired lanes.
    private var target: FieldCell
    private let from: SIMD4<Double>
    /// `to − from`, so that evaluating is one multiply and add per component.
    private var delta: SIMD4<Double>

    /// A flight over the whole block from `from` to `to` (borrowed: an initialiser's arguments are
    /// otherwise passed owned, a copy of each for the caller, which a value holding lists makes
    /// through the runtime).
    init(
        node: consuming Node, property: AnimatableProperty, group: AnimationGroup, from start: borrowing AnimatableValue,
        to end: borrowing AnimatableValue
    ) {
        let field = property.field
        target = field.cell(in: node)
        self.node = .passRetained(node)
        self.property = property
        self.group = .passUnretained(group)
        if let a = Lane.numbers(start, of: field), let b = Lane.numbers(end, of: field) {
            if case .number = field { kind = .number } else { kind = .rect }
            from = a; delta = b - a; path = nil
        } else {
            kind = .path; from = .zero; delta = .zero; path = .passRetained(FlightPath(from: copy start, to: copy end))
        }
    }

    /// A number's or a rectangle's components, when `v` is one and `field` holds its kind (a
    /// function's argument is borrowed, so matching it copies nothing).
    private static func numbers(_ v: AnimatableValue, of field: AnimatableField) -> SIMD4<Double>? {
        switch field {
        case .number: if case .number(let n) = v { return SIMD4(n, 0, 0, 0) }
        case .rect: if case .rect(let r) = v { return SIMD4(r.x, r.y, r.width, r.height) }
        default: break
        }
        return nil
    }

    /// A keyframed flight through `segments`.
    init(node: Node, property: AnimatableProperty, group: AnimationGroup, origin: AnimatableValue, segments: [Segment]) {
        self.node = .passRetained(node)
        self.property = property
        self.group = .passUnretained(group)
        target = property.field.cell(in: node)
        kind = .path; from = .zero; delta = .zero; path = .passRetained(FlightPath(origin: origin, segments: segments))
    }

    /// Ends the flight on `end` instead (the block set the property again).
    mutating func retarget(to end: AnimatableValue) {
        if kind == .number, case .number(let b) = end {
            delta = SIMD4(b, 0, 0, 0) - from
        } else if kind == .rect, case .rect(let b) = end {
            delta = SIMD4(b.x, b.y, b.width, b.height) - from
        } else {
            let start = origin
            path?.release()
            path = .passRetained(FlightPath(from: start, to: end))
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
    var origin: AnimatableValue {
        kind == .path ? path!._withUnsafeGuaranteedRef { $0.origin } : value(at: 0)
    }

    /// Writes the values at progress `p` of number lanes into their targets.
    static func applyNumbers(_ lanes: UnsafeBufferPointer<Lane>, _ p: Double) {
        for lane in lanes { lane.target.store(lane.from[0] + lane.delta[0] * p) }
    }

    /// Writes the values at progress `p` of rectangle lanes into their targets.
    static func applyRects(_ lanes: UnsafeBufferPointer<Lane>, _ p: Double) {
        for lane in lanes {
            let v = lane.from + lane.delta * p
            lane.target.store(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        }
    }

    /// Writes the values at progress `p` of the live path lanes into their nodes' presentations.
    static func applyPaths(_ lanes: UnsafeBufferPointer<Lane>, _ p: Double) {
        for lane in lanes where lane.alive {
            lane.node._withUnsafeGuaranteedRef { lane.property.set(lane.value(at: p), in: &$0.presentation) }
        }
    }

    /// Ends the flight: drops its references (the caller has finished with the node); a number or
    /// rectangle lane writes into `scratch` from now on (an engine's parking; nil for a lane never in
    /// flight).
    mutating func retire(parkingAt scratch: FieldCell?) {
        alive = false
        if let scratch { target = scratch }
        path?.release()
        node.release()
    }
}

/// The animation engine: a virtual clock, the animations in flight, and their completions.
///
/// As in UIKit, changing a property inside ``animate(_:changes:completion:)`` sets its model value at
/// once and adds an animation from the current presentation value to the new one. Animating a property
/// that is already in flight starts from where it is on screen (no jump) and ends the old animation
/// unfinished. Completions run on the virtual clock at the exact instant their block ends.
public final class AnimationEngine {
    /// The virtual time in seconds.
    @exclusivity(unchecked) public private(set) var now: Double = 0

    @exclusivity(unchecked) private var flights: [Flight] = []
    /// The flights' per-frame data, flat and free of reference counting, in the order of `flights`.
    @exclusivity(unchecked) private var lanes: ContiguousArray<Lane> = []
    @exclusivity(unchecked) private var liveFlights = 0
    @exclusivity(unchecked) private var groups: [AnimationGroup] = []
    @exclusivity(unchecked) private var recording: [Recording] = []
    @exclusivity(unchecked) private var evaluationStamp = 0
    @exclusivity(unchecked) private var nextGroupSerial = 0
    @exclusivity(unchecked) private var nextRecordingSerial = 0
    /// While set, new blocks run on this clock instead of the engine's (interactive transitions).
    public var scrubbedClock: ScrubbedClock?

    public init() {}

    deinit {
        for flight in flights where flight.alive { flight.target.motion[flight.property] = nil }
    }

    /// True while no animation is in flight and no completion is waiting.
    public var isIdle: Bool { groups.isEmpty }

    /// True while a block waits on a paused interactive clock.
    public var isWaitingOnClock: Bool { groups.contains { $0.clock != nil } }


    // MARK: Declaring

    /// Runs `changes`; every animatable property it sets animates with `options`. `completion`
    /// runs once when all of them end: `true` unless one was replaced or removed first.
    public func animate(_ options: AnimationOptions, changes: () throws -> Void,
                        completion: ((Bool) throws -> Void)? = nil) rethrows {
        beginRecording(keyframes: false)
        do { try changes() } catch { _ = recording.popLast(); throw error }
        let rec = recording.removeLast()
        schedule(rec, options: options, completion: completion)
    }

    /// Like ``animate(_:changes:completion:)``, with `changes` made of ``keyframe(start:length:changes:)`` calls
    /// whose times are fractions of the block's duration.
    public func animateKeyframes(_ options: AnimationOptions, changes: () throws -> Void,
                                 completion: ((Bool) throws -> Void)? = nil) rethrows {
        beginRecording(keyframes: true)
        do { try changes() } catch { _ = recording.popLast(); throw error }
        let rec = recording.removeLast()
        schedule(rec, options: options, completion: completion)
    }

    /// A window of a keyframes block: changes made in `changes` run from `start` for `length` (fractions of 0…1).
    public func keyframe(start: Double, length: Double, changes: () throws -> Void) throws {
        guard let top = recording.last, top.keyframes else { throw AnimationError.keyframeOutsideKeyframes }
        guard start >= 0, length >= 0, start + length <= 1 + 1e-9 else {
            throw AnimationError.keyframeOutOfRange(start: start, length: length)
        }
        let saved = top.window
        top.window = (start, start + length)
        defer { top.window = saved }
        try changes()
    }

    /// Sets a property's model value: animated when inside a block, otherwise at once
    /// (ending any animation of that property, unfinished).
    public func set(_ property: AnimatableProperty, of node: Node, to value: AnimatableValue) {
        if let rec = recording.last {
            rec.record(node: node, property: property, from: presentationValue(property, of: node, in: rec), to: value)
            property.set(value, in: &node.storedModel)  // the presentation follows when evaluated
        } else {
            cancelFlight(of: node, property)
            property.set(value, in: &node.storedModel)
            property.set(value, in: &node.presentation)
        }
    }

    /// Sets a property that never animates (image, hidden, zIndex …), ending nothing.
    public func setDiscrete(of node: Node, _ change: (inout NodeProperties) -> Void) {
        change(&node.storedModel)
        change(&node.presentation)
    }

    /// Removes every animation of `node` (e.g. when a plugin removes it), completing their blocks unfinished.
    public func removeAnimations(of node: Node) {
        for property in AnimatableProperty.allCases { cancelFlight(of: node, property) }
    }

    // MARK: Running the clock

    /// Advances the clock to `time`, running each completion at the instant its block ends, in order.
    public func advance(to time: Double) throws {
        while let (group, end) = nextEnding(by: time) {
            now = max(now, end)
            groups.removeAll { $0 === group }
            if let clock = group.clock, clock.isReversing {
                // Cancelled interactively: the properties return exactly to where they started.
                group.finished = false
                for flight in group.flights where flight.alive {
                    flight.property.set(flight.origin, in: &flight.target.storedModel)
                }
            }
            for flight in group.flights where flight.alive { retire(flight) }
            try group.completion?(group.finished)
        }
        now = max(now, time)
    }

    /// Writes every animated property's value at the current time into its node's presentation.
    public func updatePresentation() {
        compactFlights()
        evaluationStamp &+= 1
        let t = now
        for group in groups { group.current = group.progress(at: group.clock?.time(at: t) ?? t, stamp: evaluationStamp) }
        lanes.withUnsafeBufferPointer { all in
            for lane in all where lane.alive { lane.apply() }
        }
    }

    // MARK: Internals

    /// The block that ends first by `time`, and when (on the engine's clock).
    private func nextEnding(by time: Double) -> (AnimationGroup, Double)? {
        var best: (AnimationGroup, Double)?
        for g in groups {
            guard let end = g.clock.map({ $0.instant(reaching: g.endTime) }) ?? g.endTime, end <= time + 1e-12 else { continue }
            if best == nil || end < best!.1 || (end == best!.1 && g.serial < best!.0.serial) { best = (g, end) }
        }
        return best
    }

    private func beginRecording(keyframes: Bool) {
        recording.last?.hasNested = true
        recording.append(Recording(serial: nextRecordingSerial, keyframes: keyframes))
        nextRecordingSerial += 1
    }

    private func schedule(_ rec: Recording, options: AnimationOptions, completion: ((Bool) throws -> Void)?) {
        let clock = scrubbedClock
        let begin = (clock?.time(at: now) ?? now) + max(options.delay, 0)
        let group = AnimationGroup(serial: nextGroupSerial, begin: begin, duration: max(options.activeDuration, 0),
                                   timing: options.timing, completion: completion, clock: clock)
        nextGroupSerial += 1
        group.flights.reserveCapacity(rec.trackCount)
        rec.forEachTrack { node, property, segments in
            if let old = node.motion[property], old.group === group { retire(old) } else { cancelFlight(of: node, property) }
            let flight = Flight(node: node, property: property, group: group, segments: segments)
            flight.laneIndex = lanes.count
            flights.append(flight)
            lanes.append(Lane(flight))
            liveFlights += 1
            node.motion[property] = flight
            group.flights.append(flight)
        }
        // A block that changed nothing completes at once, as UIKit's does.
        if group.flights.isEmpty { group.endTime = now; group.clock = nil }
        groups.append(group)
    }

    private func presentationValue(_ property: AnimatableProperty, of node: Node, in rec: Recording) -> AnimatableValue {
        if let pending = rec.pendingValue(node, property) { return pending }
        if let flight = node.motion[property] {
            let group = flight.group
            return flight.value(at: group.progress(at: group.clock?.time(at: now) ?? now, stamp: -1))
        }
        return property.value(in: node.storedModel)
    }

    private func cancelFlight(of node: Node, _ property: AnimatableProperty) {
        guard let flight = node.motion[property] else { return }
        retire(flight)
        let group = flight.group
        group.finished = false
        if group.flights.allSatisfy({ !$0.alive }) {
            group.endTime = group.clock == nil ? min(group.endTime, now) : now
            group.clock = nil
        }
    }

    private func retire(_ flight: Flight) {
        flight.alive = false
        lanes[flight.laneIndex].alive = false
        liveFlights -= 1
        let node = flight.target
        if node.motion[flight.property] === flight { node.motion[flight.property] = nil }
        flight.property.set(flight.property.value(in: node.storedModel), in: &node.presentation)
    }

    /// Drops retired flights once they are a good share of the list (at most once per frame).
    private func compactFlights() {
        guard flights.count > 2 * liveFlights + 16 || (liveFlights == 0 && !flights.isEmpty) else { return }
        flights.removeAll { !$0.alive }
        lanes = ContiguousArray(flights.enumerated().map { i, f in f.laneIndex = i; return Lane(f) })
    }
}

/// A misuse of the animation API.
public enum AnimationError: Error, CustomStringConvertible, Equatable {
    case keyframeOutsideKeyframes
    case keyframeOutOfRange(start: Double, length: Double)

    public var description: String {
        switch self {
        case .keyframeOutsideKeyframes: return "keyframe() may only be called inside a keyframes{} block"
        case .keyframeOutOfRange(let s, let l): return "keyframe(\(s), \(l)) must lie within 0…1 (start ≥ 0, length ≥ 0, start + length ≤ 1)"
        }
    }
}

/// One block's animations: they share timing and a completion.
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
    @exclusivity(unchecked) var flights: [Flight] = []
    /// Progress at the instant being evaluated, set once per frame for all the block's flights.
    @exclusivity(unchecked) var current = 0.0
    @exclusivity(unchecked) private var cachedStamp = 0
    @exclusivity(unchecked) private var cachedProgress = 0.0

    init(serial: Int, begin: Double, duration: Double, timing: AnimationTiming, completion: ((Bool) throws -> Void)?,
         clock: ScrubbedClock? = nil) {
        self.serial = serial; self.begin = begin; self.duration = duration
        self.timing = timing; self.completion = completion; self.clock = clock
        endTime = begin + duration
    }

    /// Progress at `t`, computed once per evaluation `stamp` for all the block's animations.
    @inline(__always)
    func progress(at t: Double, stamp: Int) -> Double {
        if stamp == cachedStamp && stamp >= 0 { return cachedProgress }
        let elapsed = t - begin
        let p: Double
        if elapsed <= 0 { p = 0 }
        else if elapsed >= duration { p = 1 }
        else {
            switch timing {
            case .curve(let easing): p = easing.value(at: elapsed / duration)
            case .spring(let spring): p = spring.value(at: elapsed)
            }
        }
        if stamp >= 0 { cachedStamp = stamp; cachedProgress = p }
        return p
    }
}

/// A run of a property from one value to another over part (start…end) of its block.
struct Segment {
    let start: Double, end: Double
    let to: AnimatableValue
    let path: Interpolant
}

/// One property of one node in flight.
final class Flight {
    /// Keeps the node alive while it animates; ``target`` reads it without reference counting.
    private let owner: Node
    unowned(unsafe) let target: Node
    let property: AnimatableProperty
    /// Owned by the engine's list of blocks for as long as the flight is alive.
    unowned(unsafe) let group: AnimationGroup
    /// The whole block's path, when the flight is one segment (anything but keyframes).
    let path: Interpolant?
    let segments: [Segment]
    @exclusivity(unchecked) var alive = true
    /// Where the flight's ``Lane`` sits in the engine's list.
    @exclusivity(unchecked) var laneIndex = 0

    /// The value the property had when the flight began.
    var origin: AnimatableValue { segments[0].path.value(at: 0) }

    init(node: Node, property: AnimatableProperty, group: AnimationGroup, segments: [Segment]) {
        owner = node; target = node; self.property = property; self.group = group; self.segments = segments
        let only = segments.count == 1 && segments[0].start == 0 && segments[0].end == 1
        path = only ? segments[0].path : nil
    }

    func value(at u: Double) -> AnimatableValue {
        if let path { return path.value(at: u) }
        var current = segments[0].path.value(at: 0)
        for s in segments {
            if u < s.start { return current }
            if u < s.end { return s.path.value(at: (u - s.start) / (s.end - s.start)) }
            current = s.to
        }
        return current
    }
}

/// The changes made inside one open block. Each node remembers its tracks in the open recording
/// (``NodeMotion``), so recording a change costs no hashing.
final class Recording {
    struct Track {
        let node: Node
        let property: AnimatableProperty
        let origin: AnimatableValue
        /// The last value set, and for keyframes every window's value in the order they were set.
        var to: AnimatableValue
        var windows: [(start: Double, end: Double, to: AnimatableValue)]
    }
    let serial: Int
    let keyframes: Bool
    @exclusivity(unchecked) var window: (Double, Double) = (0, 1)
    /// Set when a block opened inside this one may have taken over nodes' track slots.
    @exclusivity(unchecked) var hasNested = false
    @exclusivity(unchecked) private var tracks: [Track] = []

    init(serial: Int, keyframes: Bool) { self.serial = serial; self.keyframes = keyframes }

    var trackCount: Int { tracks.count }

    private func trackIndex(_ node: Node, _ property: AnimatableProperty) -> Int? {
        if let i = node.motion.track(property, in: serial) { return i }
        guard hasNested else { return nil }
        return tracks.firstIndex { $0.node === node && $0.property == property }
    }

    /// The value a property was last given in this block, if any.
    func pendingValue(_ node: Node, _ property: AnimatableProperty) -> AnimatableValue? {
        trackIndex(node, property).map { tracks[$0].to }
    }

    func record(node: Node, property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue) {
        let i: Int
        if let known = trackIndex(node, property) { i = known } else {
            i = tracks.count
            tracks.append(Track(node: node, property: property, origin: from, to: to, windows: []))
        }
        node.motion.setTrack(property, in: serial, index: i)
        tracks[i].to = to
        guard keyframes else { return }
        let (start, end) = window
        if let w = tracks[i].windows.firstIndex(where: { $0.start == start && $0.end == end }) {
            tracks[i].windows[w].to = to
        } else {
            tracks[i].windows.append((start, end, to))
        }
    }

    /// Calls `body` with each property's segments, in time order, each starting where the previous one ended.
    func forEachTrack(_ body: (Node, AnimatableProperty, [Segment]) -> Void) {
        for track in tracks {
            guard keyframes else {
                body(track.node, track.property, [Segment(start: 0, end: 1, to: track.to, path: Interpolant(from: track.origin, to: track.to))])
                continue
            }
            var previous = track.origin
            let segments = track.windows.sorted { $0.start < $1.start }.map { change -> Segment in
                defer { previous = change.to }
                return Segment(start: change.start, end: change.end, to: change.to, path: Interpolant(from: previous, to: change.to))
            }
            body(track.node, track.property, segments)
        }
    }
}

/// What the engine keeps on each node: its flight per property and its tracks in the open recording.
struct NodeMotion {
    private struct Slot {
        var flight: Flight?
        var recording = -1
        var track = 0
    }
    private var slots: ContiguousArray<Slot> = []

    subscript(property: AnimatableProperty) -> Flight? {
        get { slots.isEmpty ? nil : slots[property.index].flight }
        set {
            if slots.isEmpty { slots = ContiguousArray(repeating: Slot(), count: AnimatableProperty.allCases.count) }
            slots[property.index].flight = newValue
        }
    }

    func track(_ property: AnimatableProperty, in recording: Int) -> Int? {
        guard !slots.isEmpty, slots[property.index].recording == recording else { return nil }
        return slots[property.index].track
    }

    mutating func setTrack(_ property: AnimatableProperty, in recording: Int, index: Int) {
        if slots.isEmpty { slots = ContiguousArray(repeating: Slot(), count: AnimatableProperty.allCases.count) }
        slots[property.index].recording = recording
        slots[property.index].track = index
    }
}

/// A flight's per-frame work as plain data: numbers and rectangles (the common case) interpolate from
/// these lanes directly; anything else asks the flight. The references are kept alive by the flight.
struct Lane {
    private enum Kind { case number, rect, other }
    private let kind: Kind
    private let property: AnimatableProperty
    private let node: Unmanaged<Node>
    private let group: Unmanaged<AnimationGroup>
    private let flight: Unmanaged<Flight>
    private let from: SIMD4<Double>, delta: SIMD4<Double>
    var alive = true

    init(_ f: Flight) {
        property = f.property
        node = Unmanaged.passUnretained(f.target)
        group = Unmanaged.passUnretained(f.group)
        flight = Unmanaged.passUnretained(f)
        alive = f.alive
        switch f.path {
        case .number(let a, let b)?:
            kind = .number; from = [a, 0, 0, 0]; delta = [b - a, 0, 0, 0]
        case .rect(let a, let b)?:
            kind = .rect
            from = [a.x, a.y, a.width, a.height]
            delta = [b.x - a.x, b.y - a.y, b.width - a.width, b.height - a.height]
        default:
            kind = .other; from = .zero; delta = .zero
        }
    }

    /// Writes the value at the block's current progress into the node's presentation.
    @inline(__always)
    func apply() {
        let p = group._withUnsafeGuaranteedRef { $0.current }
        node._withUnsafeGuaranteedRef { node in
            switch kind {
            case .number: property.setNumber(from[0] + delta[0] * p, in: &node.presentation)
            case .rect:
                let v = from + delta * p
                node.presentation.frame = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            case .other:
                let value = flight._withUnsafeGuaranteedRef { $0.value(at: p) }
                property.set(value, in: &node.presentation)
            }
        }
    }
}

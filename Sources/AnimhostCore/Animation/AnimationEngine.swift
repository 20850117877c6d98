/// The animation engine: a virtual clock, the animations in flight, and their completions.
///
/// As in UIKit, changing a property inside ``animate(_:changes:completion:)`` sets its model value at
/// once and adds an animation from the current presentation value to the new one. Animating a property
/// that is already in flight starts from where it is on screen (no jump) and ends the old animation
/// unfinished. Completions run on the virtual clock at the exact instant their block ends.
public final class AnimationEngine {
    /// The virtual time in seconds.
    public private(set) var now: Double = 0

    private var flights: [Flight] = []
    private var flightIndex: [FlightKey: Flight] = [:]
    private var groups: [AnimationGroup] = []
    private var recording: [Recording] = []
    private var evaluationStamp = 0
    private var nextGroupSerial = 0

    public init() {}

    /// True while no animation is in flight and no completion is waiting.
    public var isIdle: Bool { groups.isEmpty }

    /// The latest instant at which a block in flight ends.
    public var lastEndTime: Double? { groups.map(\.endTime).max() }

    // MARK: Declaring

    /// Runs `changes`; every animatable property it sets animates with `options`. `completion`
    /// runs once when all of them end: `true` unless one was replaced or removed first.
    public func animate(_ options: AnimationOptions, changes: () throws -> Void,
                        completion: ((Bool) throws -> Void)? = nil) rethrows {
        recording.append(Recording(keyframes: false))
        do { try changes() } catch { _ = recording.popLast(); throw error }
        let rec = recording.removeLast()
        schedule(rec, options: options, completion: completion)
    }

    /// Like ``animate(_:changes:completion:)``, with `changes` made of ``keyframe(start:length:changes:)`` calls
    /// whose times are fractions of the block's duration.
    public func animateKeyframes(_ options: AnimationOptions, changes: () throws -> Void,
                                 completion: ((Bool) throws -> Void)? = nil) rethrows {
        recording.append(Recording(keyframes: true))
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
        let key = FlightKey(node: ObjectIdentifier(node), property: property)
        let current = presentationValue(property, of: node, key: key)
        if let rec = recording.last {
            rec.record(node: node, property: property, from: current, to: value)
        } else {
            cancelFlight(key)
        }
        property.set(value, in: &node.model)
    }

    /// Sets a property that never animates (image, hidden, zIndex …), ending nothing.
    public func setDiscrete(of node: Node, _ change: (inout NodeProperties) -> Void) {
        change(&node.model)
    }

    /// Removes every animation of `node` (e.g. when a plugin removes it), completing their blocks unfinished.
    public func removeAnimations(of node: Node) {
        for flight in flights where flight.node === node && flight.alive {
            cancelFlight(FlightKey(node: ObjectIdentifier(node), property: flight.property))
        }
    }

    // MARK: Running the clock

    /// Advances the clock to `time`, running each completion at the instant its block ends, in order.
    public func advance(to time: Double) throws {
        while let group = nextEnding(by: time) {
            now = max(now, group.endTime)
            groups.removeAll { $0 === group }
            for flight in group.flights where flight.alive { retire(flight) }
            compactFlights()
            try group.completion?(group.finished)
        }
        now = max(now, time)
    }

    /// Writes every animated property's value at the current time into its node's presentation.
    public func updatePresentation() {
        evaluationStamp &+= 1
        let t = now
        for flight in flights where flight.alive {
            let p = flight.group.progress(at: t, stamp: evaluationStamp)
            flight.property.set(flight.value(at: p), in: &flight.node.presentation)
        }
    }

    // MARK: Internals

    private func nextEnding(by time: Double) -> AnimationGroup? {
        var best: AnimationGroup?
        for g in groups where g.endTime <= time + 1e-12 {
            if best == nil || g.endTime < best!.endTime || (g.endTime == best!.endTime && g.serial < best!.serial) { best = g }
        }
        return best
    }

    private func schedule(_ rec: Recording, options: AnimationOptions, completion: ((Bool) throws -> Void)?) {
        let begin = now + max(options.delay, 0)
        let group = AnimationGroup(serial: nextGroupSerial, begin: begin, duration: max(options.activeDuration, 0),
                                   timing: options.timing, completion: completion)
        nextGroupSerial += 1
        for (key, track) in rec.orderedTracks() {
            cancelFlight(key)
            let flight = Flight(node: track.node, property: key.property, group: group, segments: track.segments)
            flights.append(flight)
            flightIndex[key] = flight
            group.flights.append(flight)
        }
        // A block that changed nothing completes at once, as UIKit's does.
        if group.flights.isEmpty { group.endTime = now }
        groups.append(group)
    }

    private func presentationValue(_ property: AnimatableProperty, of node: Node, key: FlightKey) -> AnimatableValue {
        if let flight = flightIndex[key] {
            return flight.value(at: flight.group.progress(at: now, stamp: -1))
        }
        if let rec = recording.last, let pending = rec.pendingValue(key) { return pending }
        return property.value(in: node.model)
    }

    private func cancelFlight(_ key: FlightKey) {
        guard let flight = flightIndex[key] else { return }
        retire(flight)
        let group = flight.group
        group.finished = false
        if group.flights.allSatisfy({ !$0.alive }) { group.endTime = min(group.endTime, now) }
        compactFlights()
    }

    private func retire(_ flight: Flight) {
        flight.alive = false
        let key = FlightKey(node: ObjectIdentifier(flight.node), property: flight.property)
        if flightIndex[key] === flight { flightIndex[key] = nil }
        flight.property.set(flight.property.value(in: flight.node.model), in: &flight.node.presentation)
    }

    private func compactFlights() {
        if flights.count > 64 && flights.count > 2 * flightIndex.count { flights.removeAll { !$0.alive } }
        else if let last = flights.last, !last.alive { flights.removeAll { !$0.alive } }
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

struct FlightKey: Hashable {
    let node: ObjectIdentifier
    let property: AnimatableProperty
}

/// One block's animations: they share timing and a completion.
final class AnimationGroup {
    let serial: Int
    let begin: Double
    let duration: Double
    let timing: AnimationTiming
    let completion: ((Bool) throws -> Void)?
    var endTime: Double
    var finished = true
    var flights: [Flight] = []
    private var cachedStamp = 0
    private var cachedProgress = 0.0

    init(serial: Int, begin: Double, duration: Double, timing: AnimationTiming, completion: ((Bool) throws -> Void)?) {
        self.serial = serial; self.begin = begin; self.duration = duration
        self.timing = timing; self.completion = completion
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
    let node: Node
    let property: AnimatableProperty
    let group: AnimationGroup
    let segments: [Segment]
    var alive = true

    init(node: Node, property: AnimatableProperty, group: AnimationGroup, segments: [Segment]) {
        self.node = node; self.property = property; self.group = group; self.segments = segments
    }

    @inline(__always)
    func value(at p: Double) -> AnimatableValue {
        if segments.count == 1 {
            let s = segments[0]
            if s.start == 0 && s.end == 1 { return s.path.value(at: p) }
        }
        return keyframedValue(at: p)
    }

    private func keyframedValue(at u: Double) -> AnimatableValue {
        var current = segments[0].path.value(at: 0)
        for s in segments {
            if u < s.start { return current }
            if u < s.end { return s.path.value(at: (u - s.start) / (s.end - s.start)) }
            current = s.to
        }
        return current
    }
}

/// The changes made inside one open block.
final class Recording {
    struct Track {
        let node: Node
        let origin: AnimatableValue
        var changes: [(start: Double, end: Double, to: AnimatableValue)]
    }
    let keyframes: Bool
    var window: (Double, Double) = (0, 1)
    private var tracks: [FlightKey: Track] = [:]
    private var order: [FlightKey] = []

    init(keyframes: Bool) { self.keyframes = keyframes }

    /// The value a property was last given in this block, if any.
    func pendingValue(_ key: FlightKey) -> AnimatableValue? { tracks[key]?.changes.last?.to }

    func record(node: Node, property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue) {
        let key = FlightKey(node: ObjectIdentifier(node), property: property)
        let (start, end) = keyframes ? window : (0, 1)
        if tracks[key] == nil {
            tracks[key] = Track(node: node, origin: from, changes: [])
            order.append(key)
        }
        var changes = tracks[key]!.changes
        if let i = changes.firstIndex(where: { $0.start == start && $0.end == end }) {
            changes[i].to = to
        } else {
            changes.append((start, end, to))
        }
        tracks[key]!.changes = changes
    }

    /// Each property's segments, in time order, each starting where the previous one ended.
    func orderedTracks() -> [(FlightKey, (node: Node, segments: [Segment]))] {
        order.map { key in
            let track = tracks[key]!
            var previous = track.origin
            let segments = track.changes.sorted { $0.start < $1.start }.map { change -> Segment in
                defer { previous = change.to }
                return Segment(start: change.start, end: change.end, to: change.to, path: Interpolant(from: previous, to: change.to))
            }
            return (key, (track.node, segments))
        }
    }
}

/// The animation engine: a virtual clock, the animations in flight, and their completions.
///
/// As in UIKit, changing a property inside ``animate(_:changes:completion:)`` sets its model value at
/// once and adds an animation from the current presentation value to the new one. Animating a property
/// that is already in flight starts from where it is on screen (no jump) and ends the old animation
/// unfinished. Completions run on the virtual clock at the exact instant their block ends.
///
/// Unchecked access (`@exclusivity(unchecked)` on ``lanes`` and ``recording``, and on
/// `Recording`'s lanes): each is touched for every property a block sets, and the runtime's check
/// of each access cost 1–2 % of the engine's time apiece (docs/benchmarks.md, "Unsafe code").
/// Sound because an engine belongs to one run on one thread (it is not `Sendable`) and no access
/// to these lists spans a call that could reach them again: plugin code (a block's `changes`, a
/// completion) runs between accesses, never inside one, and ``updatePresentation()``'s read of
/// the lanes spans only writes into nodes' presentations. `AnimationEngineTests` run every
/// re-entrant path (blocks inside blocks and completions, completions that animate, failing blocks).
public final class AnimationEngine {
    /// The virtual time in seconds.
    public private(set) var now: Double = 0

    /// Every property in flight, one lane each: a block's lanes side by side (sorted by kind), blocks
    /// in the order they closed.
    @exclusivity(unchecked) private var lanes: ContiguousArray<Lane> = []
    private var liveLanes = 0
    /// The blocks in flight or waiting to complete, in the order they began.
    private var groups: [AnimationGroup] = []
    @exclusivity(unchecked) private var recording: [Recording] = []
    private var nextGroupSerial = 0
    private var nextRecordingSerial: Int32 = 0
    /// The plain blocks (no keyframes, no spring, not on an interactive clock) scheduled so far, in order.
    public private(set) var curveSpans: [CurveSpan] = []
    /// While set, new blocks run on this clock instead of the engine's (interactive transitions).
    public var scrubbedClock: ScrubbedClock?
    /// Where retired lanes write, so that evaluation need not skip them.
    private let scratch = FieldParking()
    /// Set once a parent with autoresizing children animates its frame (`EngineAutoresizing.swift`).
    var resizesChildren = false
    /// Where the animations declared are kept, when someone asks for them (an inspector); nil keeps none.
    public var log: AnimationLog?
    /// True inside a block's `changes`.
    var isRecording: Bool { !recording.isEmpty }
    /// The live lanes among `range`: their node, property and start.
    func liveLanes(in range: Range<Int>) -> [(node: Node, property: AnimatableProperty, origin: AnimatableValue)] {
        range.filter { lanes[$0].alive }.map { (lanes[$0].node.takeUnretainedValue(), lanes[$0].property, lanes[$0].origin) }
    }
    /// The nodes whose frame is in flight.
    var nodesWithFrameInFlight: [Node] {
        lanes.filter { $0.alive && $0.property == .frame }.map { $0.node.takeUnretainedValue() }
    }

    public init() {}

    deinit {
        for i in lanes.indices where lanes[i].alive { retire(i) }
    }

    /// True while no animation is in flight and no completion is waiting.
    public var isIdle: Bool { groups.isEmpty }

    /// True while a block waits on a paused interactive clock.
    public var isWaitingOnClock: Bool { groups.contains { $0.clock != nil } }

    // MARK: Declaring

    /// Runs `changes`; every animatable property it sets animates with `options`. `completion`
    /// runs once when all of them end: `true` unless one was replaced or removed first.
    /// `origin` names where the block was declared, for ``log``.
    public func animate(
        _ options: AnimationOptions, origin: String? = nil, changes: () throws -> Void,
        completion: ((Bool) throws -> Void)? = nil
    ) rethrows {
        try record(keyframes: false, options, origin: origin, changes: changes, completion: completion)
    }

    /// Like ``animate(_:changes:completion:)``, with `changes` made of ``keyframe(start:length:changes:)`` calls
    /// whose times are fractions of the block's duration.
    public func animateKeyframes(
        _ options: AnimationOptions, origin: String? = nil, changes: () throws -> Void,
        completion: ((Bool) throws -> Void)? = nil
    ) rethrows {
        try record(keyframes: true, options, origin: origin, changes: changes, completion: completion)
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
        if property == .frame && !node.children.isEmpty { return setFrame(of: node, to: value) }
        setOne(property, of: node, to: value)
    }

    /// Sets one property as ``set(_:of:to:)`` does, leaving the children as they are.
    func setOne(_ property: AnimatableProperty, of node: Node, to value: AnimatableValue) {
        if property == .frame { node.motion.layoutOrigin = nil }
        if let rec = recording.last {
            if !rec.changeAgain(node, property, to: value) {
                rec.add(node, property, from: onScreenValue(property, of: node), to: value)
            }
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
            let reversed = group.clock?.isReversing ?? false
            if reversed { group.finished = false }
            // Cancelled interactively: the properties return exactly to where they started.
            if reversed { restoreOrigins(of: group.laneStart..<group.laneEnd) }
            log?.complete(group, at: now, reversed: reversed)
            for i in group.laneStart..<group.laneEnd where lanes[i].alive { retire(i) }
            try group.completion?(group.finished)
        }
        now = max(now, time)
    }

    /// Writes every animated property's value at the current time into its node's presentation.
    public func updatePresentation() {
        compactLanes()
        lanes.withUnsafeBufferPointer { all in
            for group in groups where group.liveLanes > 0 {
                let p = group.progress(now: now)
                Lane.applyNumbers(UnsafeBufferPointer(rebasing: all[group.laneStart..<group.rectStart]), p)
                Lane.applyRects(UnsafeBufferPointer(rebasing: all[group.rectStart..<group.pathStart]), p)
                Lane.applyPaths(UnsafeBufferPointer(rebasing: all[group.pathStart..<group.laneEnd]), p)
            }
        }
        if resizesChildren { layOutResizedNodes() }
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

    /// Records the block `changes` makes and puts it in flight; a block that fails flies nothing.
    private func record(
        keyframes: Bool, _ options: AnimationOptions, origin: String?, changes: () throws -> Void,
        completion: ((Bool) throws -> Void)?
    ) rethrows {
        beginRecording(keyframes: keyframes, options: options, completion: completion)
        recording.last?.origin = origin
        do { try changes() } catch { _ = recording.popLast(); throw error }
        schedule(recording.removeLast())
    }

    /// Opens a block: its group (timing and completion) is made now, on the clock in use now.
    private func beginRecording(keyframes: Bool, options: AnimationOptions, completion: ((Bool) throws -> Void)?) {
        recording.last?.hasNested = true
        let clock = scrubbedClock
        let begin = (clock?.time(at: now) ?? now) + max(options.delay, 0)
        let group = AnimationGroup(
            begin: begin, duration: max(options.activeDuration, 0),
            timing: options.timing, completion: completion, clock: clock)
        recording.append(Recording(serial: nextRecordingSerial, keyframes: keyframes, group: group))
        nextRecordingSerial &+= 1
    }

    /// Puts a closed block's lanes in flight, each ending the property's previous flight.
    private func schedule(_ rec: Recording) {
        let group = rec.group
        group.serial = nextGroupSerial
        nextGroupSerial += 1
        var added = rec.takeLanes()
        compactLanes()  // with nothing in flight, the list empties and takes the block's lanes as they are
        // Sorted by kind (see ``Lane/Kind``); within a kind, lanes are independent and in any order.
        added.withUnsafeMutableBufferPointer { all in
            let rects = all.partition { $0.kind != .number }
            _ = all[rects...].partition { $0.kind == .path }
        }
        let start = lanes.count
        let noted = log.map { replacing(added, in: $0) }
        for i in added.indices {
            added[i].node._withUnsafeGuaranteedRef { node in
                cancelFlight(of: node, added[i].property)
                node.motion.setLane(added[i].property, start + i)
            }
        }
        if let log, let noted { log.declare(rec.group, keyframes: rec.keyframes, origin: rec.origin, lanes: noted) }
        if lanes.isEmpty { lanes = added } else { lanes.append(contentsOf: added) }
        group.place(start..<lanes.count, in: lanes)
        group.liveLanes = group.laneEnd - group.laneStart
        liveLanes += group.liveLanes
        // A block that changed nothing completes at once, as UIKit's does.
        if group.liveLanes == 0 { group.endTime = now; group.clock = nil }
        if !rec.keyframes, group.clock == nil, group.liveLanes > 0, group.duration > 0, case .curve(let easing) = group.timing {
            curveSpans.append(CurveSpan(begin: group.begin, end: group.begin + group.duration, easing: easing))
        }
        groups.append(group)
    }

    /// Before a closed block's lanes take their properties over: notes in `log` that the flights they
    /// take over end, replaced, and returns each lane's node and property and whether it retargets.
    private func replacing(_ added: ContiguousArray<Lane>, in log: AnimationLog) -> [(node: Node, property: AnimatableProperty, retargets: Bool)] {
        added.map { lane in
            let node = lane.node.takeUnretainedValue()
            let inFlight = node.motion.lane(lane.property) != nil
            if inFlight { log.end(node, lane.property, at: now, .replaced) }
            return (node: node, property: lane.property, retargets: inFlight)
        }
    }

    /// Where the property is on screen now: along its flight, or its model value.
    private func onScreenValue(_ property: AnimatableProperty, of node: Node) -> AnimatableValue {
        if let i = node.motion.lane(property) {
            return lanes[i].value(at: lanes[i].group._withUnsafeGuaranteedRef { $0.progress(now: now) })
        }
        return property.modelValue(of: node)
    }

    /// Forgets every flight still under way on its node, leaving the values as they are: for a run
    /// that ends mid-flight, so that a node that outlives it (a plugin keeps it for a later run, on
    /// another engine) carries no lane of this one.
    public func forgetFlights() {
        for i in lanes.indices where lanes[i].alive {
            let property = lanes[i].property
            lanes[i].node._withUnsafeGuaranteedRef { node in
                if node.motion.lane(property) == i { node.motion.setLane(property, nil) }
            }
        }
    }

    private func cancelFlight(of node: Node, _ property: AnimatableProperty) {
        guard let i = node.motion.lane(property) else { return }
        log?.end(node, property, at: now, .stopped)
        let group = lanes[i].group.takeUnretainedValue()
        retire(i)
        group.finished = false
        if group.liveLanes == 0 {
            group.endTime = group.clock == nil ? min(group.endTime, now) : now
            group.clock = nil
        }
    }

    /// Ends lane `i`: its node shows the model value again and no longer refers to it.
    private func retire(_ i: Int) {
        let property = lanes[i].property
        lanes[i].group._withUnsafeGuaranteedRef { $0.liveLanes -= 1 }
        liveLanes -= 1
        lanes[i].node._withUnsafeGuaranteedRef { node in
            if node.motion.lane(property) == i { node.motion.setLane(property, nil) }
            property.showModel(of: node)
            if resizesChildren && property == .frame { node.layoutPresentationChildren() }
        }
        lanes[i].retire(parkingAt: scratch.cell)
    }

    /// Drops retired lanes once they are a good share of the list, or all of it (before a frame is
    /// evaluated and before a block's lanes join the list).
    private func compactLanes() {
        guard lanes.count > 2 * liveLanes + 64 || (liveLanes == 0 && !lanes.isEmpty) else { return }
        var kept = ContiguousArray<Lane>()
        kept.reserveCapacity(liveLanes)
        for group in groups {
            let start = kept.count
            for i in group.laneStart..<group.laneEnd where lanes[i].alive {
                lanes[i].node._withUnsafeGuaranteedRef { $0.motion.setLane(lanes[i].property, kept.count) }
                kept.append(lanes[i])
            }
            group.place(start..<kept.count, in: kept)
        }
        lanes = kept
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

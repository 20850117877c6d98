/// The changes made inside one open block, for the block's group. A plain block keeps a lane per
/// changed property, ready to fly; a keyframes block keeps every window's value per property. Each
/// node remembers its entries in the open recording (``NodeMotion``), so recording costs no hashing.
final class Recording {
    struct Track {
        let node: Node
        let property: AnimatableProperty
        let origin: AnimatableValue
        /// Every window's value, in the order the windows were first set.
        var windows: [(start: Double, end: Double, to: AnimatableValue)]
    }
    let serial: Int32
    let keyframes: Bool
    /// The block the changes animate in (scheduled when the recording ends).
    let group: AnimationGroup
    var window: (Double, Double) = (0, 1)
    /// Where the block was declared, for the engine's log.
    var origin: String?
    /// Set when a block opened inside this one may have taken over nodes' slots.
    var hasNested = false
    /// A plain block's lanes, owned here until ``takeLanes()``.
    @exclusivity(unchecked) private var lanes: ContiguousArray<Lane> = []
    private var tracks: [Track] = []

    init(serial: Int32, keyframes: Bool, group: AnimationGroup) {
        self.serial = serial; self.keyframes = keyframes; self.group = group
    }

    /// A block that failed keeps the values it set, shown at once: its changes never fly.
    deinit {
        for i in lanes.indices {
            let node = lanes[i].node.takeUnretainedValue()
            lanes[i].property.showModel(of: node)
            node.motion.clearTrack(lanes[i].property, in: serial)
            lanes[i].retire(parkingAt: nil)
        }
        for track in tracks {
            track.property.showModel(of: track.node)
            track.node.motion.clearTrack(track.property, in: serial)
        }
    }

    private func index(_ node: Node, _ property: AnimatableProperty) -> Int? {
        if let i = node.motion.track(property, in: serial) { return i }
        guard hasNested else { return nil }
        if keyframes { return tracks.firstIndex { $0.node === node && $0.property == property } }
        return lanes.firstIndex { $0.node.toOpaque() == Unmanaged.passUnretained(node).toOpaque() && $0.property == property }
    }

    /// Gives the property a new final value when the block changed it already; false when this is
    /// the block's first change of it (then ``add(_:_:from:to:)`` it).
    func changeAgain(_ node: Node, _ property: AnimatableProperty, to: AnimatableValue) -> Bool {
        guard let i = index(node, property) else { return false }
        if keyframes { setWindow(i, to: to) } else { lanes[i].retarget(to: to) }
        return true
    }

    /// The block's first change of the property: from `from` (where it is on screen) to `to`.
    func add(_ node: Node, _ property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue) {
        if keyframes {
            node.motion.setTrack(property, in: serial, index: tracks.count)
            tracks.append(Track(node: node, property: property, origin: from, windows: []))
            setWindow(tracks.count - 1, to: to)
        } else {
            node.motion.setTrack(property, in: serial, index: lanes.count)
            lanes.append(Lane(node: node, property: property, group: group, from: from, to: to))
        }
    }

    /// Sets the value of track `i` in the current keyframe window.
    private func setWindow(_ i: Int, to: AnimatableValue) {
        let (start, end) = window
        if let w = tracks[i].windows.firstIndex(where: { $0.start == start && $0.end == end }) {
            tracks[i].windows[w].to = to
        } else {
            tracks[i].windows.append((start, end, to))
        }
    }

    /// The block's lanes, in the order their properties were first set; the recording keeps none.
    /// Each node's entry in this recording is cleared: a node that outlives the engine (a plugin
    /// keeps it for a later run, whose engine numbers its recordings afresh) carries none.
    func takeLanes() -> ContiguousArray<Lane> {
        guard keyframes else {
            for lane in lanes { lane.node._withUnsafeGuaranteedRef { $0.motion.clearTrack(lane.property, in: serial) } }
            defer { lanes = [] }
            return lanes
        }
        for track in tracks { track.node.motion.clearTrack(track.property, in: serial) }
        defer { tracks = [] }
        return ContiguousArray(
            tracks.map { track in
                var previous = track.origin
                let segments = track.windows.sorted { $0.start < $1.start }.map { change -> Segment in
                    defer { previous = change.to }
                    return Segment(start: change.start, end: change.end, to: change.to, path: Interpolant(from: previous, to: change.to))
                }
                return Lane(node: track.node, property: track.property, group: group, origin: track.origin, segments: segments)
            })
    }
}

/// What the engine keeps on each node, inline: per property, its lane in flight and its track in
/// the open recording.
struct NodeMotion {
    private struct Slot {
        var lane: Int32 = -1
        var recording: Int32 = -1
        var track: Int32 = 0
    }
    /// Room for every ``AnimatableProperty`` and a few more, so that declaring one needs no change here.
    private typealias Slots = InlineArray<32, Slot>
    private var slots = Slots(repeating: Slot())
    /// Where the node's autoresizing lays it out from (``LayoutOrigin``); nil until a parent first resizes it.
    var layoutOrigin: LayoutOrigin?
    /// How many animatable properties a node has room for.
    static var capacity: Int { Slots.count }

    /// The index of the property's lane in flight, if any.
    func lane(_ property: AnimatableProperty) -> Int? {
        let i = slots[property.index].lane
        return i < 0 ? nil : Int(i)
    }

    mutating func setLane(_ property: AnimatableProperty, _ lane: Int?) {
        slots[property.index].lane = lane.map { Int32($0) } ?? -1
    }

    func track(_ property: AnimatableProperty, in recording: Int32) -> Int? {
        let slot = slots[property.index]
        return slot.recording == recording ? Int(slot.track) : nil
    }

    /// Forgets the property's track when it is in `recording`.
    mutating func clearTrack(_ property: AnimatableProperty, in recording: Int32) {
        if slots[property.index].recording == recording { slots[property.index].recording = -1 }
    }

    mutating func setTrack(_ property: AnimatableProperty, in recording: Int32, index: Int) {
        slots[property.index].recording = recording
        slots[property.index].track = Int32(truncatingIfNeeded: index)
    }
}

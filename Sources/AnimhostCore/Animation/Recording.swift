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
    let serial: Int32
    let keyframes: Bool
    @exclusivity(unchecked) var window: (Double, Double) = (0, 1)
    /// Set when a block opened inside this one may have taken over nodes' track slots.
    @exclusivity(unchecked) var hasNested = false
    @exclusivity(unchecked) private var tracks: [Track] = []

    init(serial: Int32, keyframes: Bool) { self.serial = serial; self.keyframes = keyframes }

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

    func record(node: Node, property: AnimatableProperty, from: @autoclosure () -> AnimatableValue, to: AnimatableValue) {
        let i: Int
        if let known = trackIndex(node, property) {
            i = known
            tracks[i].to = to
        } else {
            i = tracks.count
            tracks.append(Track(node: node, property: property, origin: from(), to: to, windows: []))
            node.motion.setTrack(property, in: serial, index: i)
        }
        guard keyframes else { return }
        let (start, end) = window
        if let w = tracks[i].windows.firstIndex(where: { $0.start == start && $0.end == end }) {
            tracks[i].windows[w].to = to
        } else {
            tracks[i].windows.append((start, end, to))
        }
    }

    /// Calls `body` with each property's path: from its origin to its last value, or for keyframes
    /// its segments in time order, each starting where the previous one ended.
    func forEachTrack(_ body: (Node, AnimatableProperty, LanePath) -> Void) {
        guard keyframes else {
            tracks.withUnsafeBufferPointer { all in
                for i in all.indices { body(all[i].node, all[i].property, .whole(Interpolant(from: all[i].origin, to: all[i].to))) }
            }
            return
        }
        for track in tracks {
            var previous = track.origin
            let segments = track.windows.sorted { $0.start < $1.start }.map { change -> Segment in
                defer { previous = change.to }
                return Segment(start: change.start, end: change.end, to: change.to, path: Interpolant(from: previous, to: change.to))
            }
            body(track.node, track.property, .segments(segments))
        }
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
    private var slots = InlineArray<11, Slot>(repeating: Slot())

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

    mutating func setTrack(_ property: AnimatableProperty, in recording: Int32, index: Int) {
        slots[property.index].recording = recording
        slots[property.index].track = Int32(truncatingIfNeeded: index)
    }
}

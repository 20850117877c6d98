import Foundation
import AnimhostCore

/// Where each node is in a run's frames, so that the two runs' nodes can be matched by id.
struct NodeTracks {
    let frames: [FrameSample]
    /// Each node's places: the frame and its index among the frame's nodes.
    private(set) var places: [RunDiff.NodeKey: [(frame: Int, node: Int)]] = [:]
    /// The nodes in the order they are first met (paint order in the first frame that has them).
    private(set) var order: [RunDiff.NodeKey] = []

    init(_ frames: [FrameSample]) {
        self.frames = frames
        for (f, frame) in frames.enumerated() {
            var seen: [String: Int] = [:]
            for (n, node) in frame.nodes.enumerated() {
                let base = "\(node.scene ?? "")\u{0}\(node.id)\u{0}\(node.isSnapshot)"
                let occurrence = seen[base, default: 0]
                seen[base] = occurrence + 1
                let key = RunDiff.NodeKey(id: node.id, scene: node.scene, isSnapshot: node.isSnapshot, occurrence: occurrence)
                if places[key] == nil { order.append(key) }
                places[key, default: []].append((f, n))
            }
        }
    }

    /// Whether the node is in the run's last frame (still in the container at the end).
    func atEnd(_ key: RunDiff.NodeKey) -> Bool { places[key]?.last?.frame == frames.count - 1 }

    /// The node's values of `property` at each frame that has it; nil when it is in none.
    func curve(_ key: RunDiff.NodeKey, _ property: DiffProperty) -> ValueCurve? {
        guard let places = places[key], !places.isEmpty else { return nil }
        var times: [Double] = [], values: [[Double]] = []
        for (f, n) in places {
            guard let v = property.read(frames[f].nodes[n]) else { return nil }
            times.append(frames[f].time)
            values.append(v)
        }
        guard values.allSatisfy({ $0.count == values[0].count }) else { return nil }
        return ValueCurve(times: times, values: values, heldBefore: places[0].frame == 0, heldAfter: places[places.count - 1].frame == frames.count - 1)
    }

    /// Whether the node has the same values of `property` at the same times in both runs.
    static func same(_ a: NodeTracks, _ b: NodeTracks, _ key: RunDiff.NodeKey, _ property: DiffProperty) -> Bool {
        guard let pa = a.places[key], let pb = b.places[key], pa.count == pb.count else { return false }
        return zip(pa, pb).allSatisfy { x, y in
            let na = a.frames[x.frame].nodes[x.node], nb = b.frames[y.frame].nodes[y.node]
            return a.frames[x.frame].time == b.frames[y.frame].time && property.read(na) == property.read(nb)
        }
    }
}

/// A property the diff follows through time, as numbers: what the screen shows of a node (its path,
/// size and opacity) or one of the node's own animatable properties (its `frame`, `alpha`, `transform`…).
struct DiffProperty: Sendable {
    /// `path`, `size`, `opacity`, or the property's name in Lua (`frame`, `shadow.opacity`).
    let name: String
    /// The unit of its differences (`pt`, or empty).
    let unit: String
    /// Whether a difference is a distance between two points (a path, a size) rather than per number.
    let distance: Bool
    /// Whether it is what the screen shows (in the container's space), not a property the plugin sets.
    let onScreen: Bool
    /// The smallest change of its numbers that counts as moving, for choosing a node's timing shift.
    let moving: Double
    /// The property's numbers in a node's sample; nil when its value is not a list of numbers.
    let read: @Sendable (NodeSample) -> [Double]?

    /// The node's centre on screen: its path, in points.
    static let path = DiffProperty(name: "path", unit: "pt", distance: true, onScreen: true, moving: 0.5) { [$0.bbox.midX, $0.bbox.midY] }
    /// The node's box on screen, in points.
    static let size = DiffProperty(name: "size", unit: "pt", distance: true, onScreen: true, moving: 0.5) { [$0.bbox.width, $0.bbox.height] }
    /// How opaque the node is on screen (its alpha times its ancestors', 0 when hidden).
    static let opacity = DiffProperty(name: "opacity", unit: "", distance: false, onScreen: true, moving: 0.01) {
        [$0.properties.hidden ? 0 : $0.opacity]
    }

    /// What the screen shows, then every property of the table whose value is numbers or a flag
    /// (`hidden` shown a frame later is a change of the node's own).
    static let all: [DiffProperty] =
        [path, size, opacity]
        + NodeProperty.all.filter { numbers($0.defaultValue) != nil }.map { p in
            DiffProperty(name: p.path, unit: "", distance: false, onScreen: false, moving: 0.01) { numbers(p.read($0.properties)) }
        }

    /// A value as numbers (a flag as 0 or 1); nil for a kind that is not a list of numbers (a path, a text).
    static func numbers(_ value: PropertyValue) -> [Double]? {
        switch value {
        case .number(let n): return [n]
        case .rect(let r): return [r.x, r.y, r.width, r.height]
        case .size(let s): return [s.width, s.height]
        case .point(let p): return [p.x, p.y]
        case .color(let c): return c.map { [$0.r, $0.g, $0.b, $0.a] } ?? [0, 0, 0, 0]
        case .transform(let t): return [t.a, t.b, t.c, t.d, t.tx, t.ty]
        case .numbers(let n): return n
        case .flag(let f): return [f ? 1 : 0]
        default: return nil
        }
    }
}

import AnimhostCore

/// One node followed through a run's frames: where it is in the tree and how it appears in each
/// frame (nil where it is not in the container).
struct LottieNodeTrack {
    /// The node as layer names and messages show it (see ``NodeSample/lottieName``).
    let name: String
    let samples: [NodeSample?]
    /// Its children's tracks, in paint order (a child first seen later goes after those seen before;
    /// a child painted in a frame beneath a sibling it was above before starts a new track on top).
    let children: [Int]

    /// The frames the node appears in.
    var present: [NodeSample] { samples.compactMap { $0 } }
}

/// The node tree of a whole run: every node any frame shows, parented as in the frames. Each track
/// keeps where its node is in each frame, not a copy of it, and is drawn out whole when asked for.
struct LottieNodeTracks {
    /// The container's children.
    private(set) var roots: [Int] = []
    private let frames: [FrameSample]
    private var names: [String] = []
    /// Per track, the node's index in each frame's nodes (-1 where absent).
    private var places: [[Int32]] = []
    private var children: [[Int]] = []
    /// Per track, where it paints among its siblings (tracks are only ever added after their siblings).
    private var positions: [Int] = []

    /// A node as its parent's track, its scene, id and snapshot flag, and its rank among siblings alike.
    private struct Key: Hashable {
        let parent: Int
        let base: String
        let rank: Int
    }

    /// The tracks of `frames`, each counted against `budget`.
    init(frames: [FrameSample], budget: LottieBudget) throws {
        self.frames = frames
        var index: [Key: Int] = [:]
        for (f, frame) in frames.enumerated() {
            var stack: [(depth: Int, track: Int?, seen: [String: Int], below: Int)] = [(0, nil, [:], -1)]
            for (n, node) in frame.nodes.enumerated() {
                while stack.count > 1 && stack[stack.count - 1].depth >= node.depth { stack.removeLast() }
                let base = "\(node.scene ?? "")|\(node.id)|\(node.isSnapshot ? "s" : "")"
                let rank = stack[stack.count - 1].seen[base, default: 0]
                stack[stack.count - 1].seen[base] = rank + 1
                let parent = stack[stack.count - 1].track
                let key = Key(parent: parent ?? -1, base: base, rank: rank)
                var t = index[key]
                if let known = t, positions[known] < stack[stack.count - 1].below { t = nil }
                if t == nil {
                    try budget.track(node: node.lottieName, frames: frames.count)
                    t = add(node.lottieName, under: parent, frames: frames.count)
                    index[key] = t
                }
                places[t!][f] = Int32(n)
                stack[stack.count - 1].below = positions[t!]
                stack.append((node.depth, t!, [:], -1))
            }
        }
    }

    /// How many tracks there are.
    var count: Int { names.count }

    /// Track `t`, drawn out of the frames.
    subscript(_ t: Int) -> LottieNodeTrack {
        let samples = places[t].enumerated().map { f, n in n < 0 ? nil : frames[f].nodes[Int(n)] }
        return LottieNodeTrack(name: names[t], samples: samples, children: children[t])
    }

    /// A new track of the node `name`, painted above its siblings under `parent` (the container's children when nil).
    private mutating func add(_ name: String, under parent: Int?, frames: Int) -> Int {
        let t = names.count
        names.append(name)
        places.append(Array(repeating: -1, count: frames))
        children.append([])
        if let parent {
            positions.append(children[parent].count)
            children[parent].append(t)
        } else {
            positions.append(roots.count)
            roots.append(t)
        }
        return t
    }
}

extension Sequence where Element: Hashable {
    /// The elements without repeats, each where it first appears.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

extension NodeSample {
    /// The node as layer names and messages show it: `scene/id`, ` (snapshot)` for a copy, an id
    /// past 64 characters cut there (a plugin's ids are unbounded; a layer's name is only a label).
    var lottieName: String {
        let cut = self.id.prefix(64)
        let id = cut.endIndex < self.id.endIndex ? cut + "…" : cut
        return (scene.map { "\($0)/" } ?? "") + id + (isSnapshot ? " (snapshot)" : "")
    }
}

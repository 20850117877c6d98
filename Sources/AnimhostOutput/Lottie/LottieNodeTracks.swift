import AnimhostCore

/// One node followed through a run's frames: where it is in the tree and how it appears in each
/// frame (nil where it is not in the container).
struct LottieNodeTrack {
    /// The node's place in the tree: its ancestors' and its own id, scene and rank among like siblings.
    let path: String
    var samples: [NodeSample?]
    /// Its children's tracks, in paint order (a child first seen later goes after those seen before;
    /// a child painted in a frame beneath a sibling it was above before starts a new track on top).
    var children: [Int] = []

    /// The frames the node appears in.
    var present: [NodeSample] { samples.compactMap { $0 } }
}

/// The node tree of a whole run: every node any frame shows, parented as in the frames.
struct LottieNodeTracks {
    private(set) var tracks: [LottieNodeTrack] = []
    /// The container's children.
    private(set) var roots: [Int] = []

    init(frames: [FrameSample]) {
        var index: [String: Int] = [:], generations: [String: Int] = [:]
        for (f, frame) in frames.enumerated() {
            var stack: [(depth: Int, track: Int?, seen: [String: Int], below: Int)] = [(0, nil, [:], -1)]
            for node in frame.nodes {
                while stack.count > 1 && stack[stack.count - 1].depth >= node.depth { stack.removeLast() }
                let base = "\(node.scene ?? "")|\(node.id)|\(node.isSnapshot ? "s" : "")"
                let rank = stack[stack.count - 1].seen[base, default: 0]
                stack[stack.count - 1].seen[base] = rank + 1
                let parent = stack[stack.count - 1].track
                let path = (parent.map { tracks[$0].path + "/" } ?? "") + "\(base)#\(rank)"
                var t = index[path]
                if let known = t, position(known, under: parent) < stack[stack.count - 1].below { t = nil }
                if t == nil {
                    t = tracks.count
                    index[path] = t
                    let generation = generations[path, default: 0]
                    generations[path] = generation + 1
                    tracks.append(
                        LottieNodeTrack(
                            path: path + (generation > 0 ? "@\(generation)" : ""),
                            samples: Array(repeating: nil, count: frames.count)))
                    if let parent { tracks[parent].children.append(t!) } else { roots.append(t!) }
                }
                tracks[t!].samples[f] = node
                stack[stack.count - 1].below = position(t!, under: parent)
                stack.append((node.depth, t!, [:], -1))
            }
        }
    }

    /// Where track `t` paints among its siblings under `parent` (the container's children when nil).
    private func position(_ t: Int, under parent: Int?) -> Int {
        (parent.map { tracks[$0].children } ?? roots).firstIndex(of: t)!
    }
}

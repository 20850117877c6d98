import AnimhostCore

/// One node followed through a run's frames: where it is in the tree and how it appears in each
/// frame (nil where it is not in the container).
struct LottieNodeTrack {
    /// The node's place in the tree: its ancestors' and its own id, scene and rank among like siblings.
    let path: String
    var samples: [NodeSample?]
    /// Its children's tracks, in paint order (a child first seen later goes after those seen before).
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
        var index: [String: Int] = [:]
        for (f, frame) in frames.enumerated() {
            var stack: [(depth: Int, track: Int?, seen: [String: Int])] = [(0, nil, [:])]
            for node in frame.nodes {
                while stack.count > 1 && stack[stack.count - 1].depth >= node.depth { stack.removeLast() }
                let base = "\(node.scene ?? "")|\(node.id)|\(node.isSnapshot ? "s" : "")"
                let rank = stack[stack.count - 1].seen[base, default: 0]
                stack[stack.count - 1].seen[base] = rank + 1
                let parent = stack[stack.count - 1].track
                let path = (parent.map { tracks[$0].path + "/" } ?? "") + "\(base)#\(rank)"
                let t: Int
                if let known = index[path] {
                    t = known
                } else {
                    t = tracks.count
                    index[path] = t
                    tracks.append(LottieNodeTrack(path: path, samples: Array(repeating: nil, count: frames.count)))
                    if let parent { tracks[parent].children.append(t) } else { roots.append(t) }
                }
                tracks[t].samples[f] = node
                stack.append((node.depth, t, [:]))
            }
        }
    }
}

import AnimhostCore

extension RenderError: NodeFailure {
    /// The ids of `nodes[i]` and of its ancestors in the frame's depth-first order, the node first.
    static func lineage(_ nodes: [NodeSample], _ i: Int) -> [String] {
        guard nodes.indices.contains(i) else { return [] }
        var ids = [nodes[i].id], depth = nodes[i].depth
        for j in stride(from: i - 1, through: 0, by: -1) where nodes[j].depth < depth {
            ids.append(nodes[j].id)
            depth = nodes[j].depth
        }
        return ids
    }
}

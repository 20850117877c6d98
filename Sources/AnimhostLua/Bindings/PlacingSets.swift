import CLua
import AnimhostCore

/// Where the plugin last set, during a run, the values that compound down a node's subtree
/// (`transform`, `transform3D`, `sublayerTransform`, `anchorPoint`, `zPosition`), by node id: a frame
/// the renderer cannot draw (transforms compounding past what Cairo holds) is then reported at that
/// line of the plugin, not only by frame and node. Frames are not noted: they only add up, within
/// bounds, and noting them would cost every node a plugin makes (docs/benchmarks.md).
enum PlacingSets {
    /// The keys whose values compound down the tree, by position in ``NodeProperty/all``.
    private static let placing: [Bool] = NodeProperty.all.map {
        ["transform", "transform3D", "sublayerTransform", "anchorPoint", "zPosition"].contains($0.key)
    }

    /// Whether setting `key` scales, turns or projects the node (or its children).
    static func places(_ key: NodeKey) -> Bool {
        if case .property(let i) = key { return placing[i] }
        return false
    }

    /// Notes the plugin's current line as where `node` was last placed in the run under way, charged
    /// against the plugin's memory limit when the node is new to the record.
    static func note(_ L: OpaquePointer, _ node: Node) {
        let host = LuaHost.of(L)
        guard let run = host.transition else { return }
        let found = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 96) { buffer in
            ah_place(L, buffer.baseAddress!, buffer.count) != 0 ? String(cString: buffer.baseAddress!) : nil
        }
        guard let place = found else { return }
        if run.placedAt.updateValue(place, forKey: node.id) == nil { host.charge(node.id.utf8.count + place.utf8.count + 64) }
    }

    /// `failure` placed at the line that last placed its node or the nearest of its ancestors the
    /// run placed, or as it is when the run placed none of them.
    static func error(for failure: NodeFailure, in run: LuaTransition, file: String) -> Error {
        guard let (id, place) = failure.lineage.lazy.compactMap({ id in run.placedAt[id].map { (id, $0) } }).first else { return failure }
        return PluginError(file: file, luaMessage: "\(place): \(failure.description) (node '\(id)' was last placed at this line)")
    }
}

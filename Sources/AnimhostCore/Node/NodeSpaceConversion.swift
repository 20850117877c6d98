extension Node {
    /// Maps this node's plane to `other`'s (nil: the tree's root) through every layer's 3-D values
    /// with model values, each layer flattened into its parent's; nil when no node on the way has
    /// 3-D values (the 2-D ``transform(to:)`` is exact then).
    func projectiveTransform(to other: Node?) -> Transform3D? {
        guard usesLayer3D(upTo: nil) || (other?.usesLayer3D(upTo: nil) ?? false) else { return nil }
        let up = projectiveToRoot()
        guard let other else { return up }
        return up * (other.projectiveToRoot().inverted() ?? .identity)
    }

    /// Whether this node or an ancestor below `stop` has 3-D values.
    private func usesLayer3D(upTo stop: Node?) -> Bool {
        var node: Node? = self
        while let n = node, n !== stop {
            if n.model.hasLayer3D { return true }
            node = n.parent
        }
        return false
    }

    private func projectiveToRoot() -> Transform3D {
        var t = Transform3D.identity
        var node: Node? = self
        while let n = node, let parent = n.parent {
            var step = Layer3D.toParent(n.model)
            if parent.model.hasLayer3D, let sublayer = Layer3D.sublayer(parent.model) { step = step * sublayer }
            t = t * step.flattened
            node = parent
        }
        return t
    }
}

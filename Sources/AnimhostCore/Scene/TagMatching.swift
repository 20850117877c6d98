/// A shared element: the node carrying `tag` in the source scene and the one carrying it in the destination.
public struct TagMatch {
    public let tag: String
    public let from: Node
    public let to: Node
}

/// Pairs the tagged nodes of two scenes, as SwiftUI's `matchedGeometryEffect`, Flutter's `Hero(tag:)`,
/// Android's `transitionName` and Hero's `heroID` do.
public enum TagMatching {
    /// Every tag carried by a visible node of both trees, in the destination's paint order (nested
    /// tagged nodes match on their own). A tag on several nodes of one tree counts its first in paint order.
    /// The roots are the screens, which a transition moves and fades: only the nodes under them count.
    public static func matches(from: Node, to: Node) -> [TagMatch] {
        var sources: [String: Node] = [:]
        for (tag, node) in tagged(in: from) where sources[tag] == nil { sources[tag] = node }
        var seen = Set<String>()
        return tagged(in: to).compactMap { tag, node in
            guard let source = sources[tag], seen.insert(tag).inserted else { return nil }
            return TagMatch(tag: tag, from: source, to: node)
        }
    }

    /// The visible tagged nodes under `root` (itself excluded), parents before children, siblings in paint
    /// order; a hidden or fully transparent node hides its subtree.
    public static func tagged(in root: Node) -> [(tag: String, node: Node)] {
        var out: [(tag: String, node: Node)] = []
        func visit(_ node: Node) {
            let p = node.model
            guard !p.hidden, p.alpha > 0 else { return }
            if let tag = p.tag, !tag.isEmpty { out.append((tag, node)) }
            for child in node.paintOrderedChildren(presentation: false) { visit(child) }
        }
        for child in root.paintOrderedChildren(presentation: false) { visit(child) }
        return out
    }
}

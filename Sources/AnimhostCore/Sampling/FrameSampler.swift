/// One node as it appears in a sampled frame.
public struct NodeSample: Sendable {
    /// The node's id.
    public let id: String
    /// The scene the node belongs to; nil for nodes the plugin made.
    public let scene: String?
    /// True for a copy made by `snapshot()`.
    public let isSnapshot: Bool
    /// The untransformed frame in the canvas's coordinates (the container's untransformed space).
    public let frame: Rect
    /// The on-screen axis-aligned bounding box after every transform.
    public let bbox: Rect
    /// The product of alphas down the tree.
    public let opacity: Double
    /// Maps the node's own coordinates (origin top-left) to the canvas's (the container's untransformed
    /// space), every transform included, the container's own too.
    public let toContainer: Transform2D
    /// Paint order within the frame, from 0.
    public let z: Int
    /// The presentation values at the sampled instant.
    public let properties: NodeProperties
    /// The depth below the container: 0 for the container itself, 1 for the scenes' roots.
    public let depth: Int
    /// The size of the node's model frame (what was last set): its text is laid out for this size and
    /// stretched to the animated one, as UIKit draws a label for its final bounds. A snapshot's is its
    /// frame's: it starts where its original was, and its text follows its animated size.
    public let layoutSize: Size
    /// The node's projective mapping to the container, when some ancestor-or-self turns it out of
    /// the screen's plane under a perspective; nil for a 2-D node. ``toContainer`` is then its
    /// closest 2-D fit and ``bbox`` the box of its projected bounds.
    public let space: NodeSpace?

    /// A sample; `layoutSize` defaults to the frame's size (a node not animating its size).
    public init(
        id: String, scene: String?, isSnapshot: Bool, frame: Rect, bbox: Rect, opacity: Double,
        toContainer: Transform2D, z: Int, properties: NodeProperties, depth: Int, layoutSize: Size? = nil,
        space: NodeSpace? = nil
    ) {
        self.id = id; self.scene = scene; self.isSnapshot = isSnapshot; self.frame = frame; self.bbox = bbox
        self.opacity = opacity; self.toContainer = toContainer; self.z = z; self.properties = properties; self.depth = depth
        self.layoutSize = layoutSize ?? frame.size
        self.space = space
    }

    /// The node's mapping to the container as a 3-D transform on its plane (the 2-D one lifted when it has no ``space``).
    public var projectiveToContainer: Transform3D { space?.toContainer ?? Transform3D(toContainer) }
}

/// A frame: the container (id `container`, first) and every node in it, in paint order, hidden ones
/// included; then the chrome's nodes, drawn above the container and outside it.
public struct FrameSample: Sendable {
    /// The frame's number, from 0.
    public let index: Int
    /// Seconds from the transition's start.
    public let time: Double
    /// Every node, in paint order.
    public let nodes: [NodeSample]
    /// Where the chrome's root is in ``nodes`` (depth 1, like a screen's, but outside the container); nil without chrome.
    public var chromeIndex: Int? = nil
    /// The gesture sample current at this frame, while an interactive transition's finger is down.
    public var touch: GestureEvent? = nil

    public init(index: Int, time: Double, nodes: [NodeSample], chromeIndex: Int? = nil, touch: GestureEvent? = nil) {
        self.index = index; self.time = time; self.nodes = nodes; self.chromeIndex = chromeIndex; self.touch = touch
    }

    /// What keeping the frame costs in memory, for the bounds on what is kept of a run (a spec's
    /// runs, the frames `--debug` holds): its node samples. Their strings are shared with the nodes,
    /// and a plugin pays for those where it hands them over (docs/security.md, memory).
    public var heldBytes: Int { MemoryLayout<FrameSample>.stride + nodes.count * MemoryLayout<NodeSample>.stride }

    /// The first node with `id` (and `scene`, when given) in paint order.
    public func node(_ id: String, scene: String? = nil) -> NodeSample? {
        nodes.first { $0.id == id && (scene == nil || $0.scene == scene) }
    }
}

/// Reads the presentation values of a container's tree into ``FrameSample``s.
public struct FrameSampler {
    public let container: Node
    /// The chrome's root, sampled after the container's subtree, outside the container's transform and alpha.
    public let chrome: Node?

    public init(container: Node, chrome: Node? = nil) { self.container = container; self.chrome = chrome }

    /// The frame at this instant; call after the engine has updated presentations.
    public func sample(index: Int, time: Double, touch: GestureEvent? = nil) -> FrameSample {
        var nodes: [NodeSample] = []
        nodes.reserveCapacity(FrameSampler.descendants(of: container) + 1 + (chrome.map { FrameSampler.descendants(of: $0) + 1 } ?? 0))
        // Depth first in paint order, with a stack of its own: a tree's depth never reaches the call stack.
        // The container is a view like the others, at the canvas's origin.
        var pending: [(node: Node, parent: Parent)] = []
        let canvas = Parent(origin: .zero, transform: .identity, opacity: 1, depth: -1, space: nil)
        let top = place(container, under: canvas, into: &nodes)
        for child in container.paintOrderedChildren(presentation: true).reversed() { pending.append((child, top)) }
        var chromeIndex: Int? = nil
        while true {
            while let (node, parent) = pending.popLast() {
                let placed = place(node, under: parent, into: &nodes)
                for child in node.paintOrderedChildren(presentation: true).reversed() { pending.append((child, placed)) }
            }
            guard let chrome, chromeIndex == nil else { break }
            chromeIndex = nodes.count
            pending.append((chrome, Parent(origin: .zero, transform: .identity, opacity: 1, depth: 0, space: nil)))
        }
        return FrameSample(index: index, time: time, nodes: nodes, chromeIndex: chromeIndex, touch: touch)
    }

    /// What a node hands down to its children: where its frame starts, its transform to the
    /// container, its opacity and its depth.
    private struct Parent {
        let origin: Point
        let transform: Transform2D
        let opacity: Double
        let depth: Int
        /// Its sublayer transform and projective mapping, when it has either.
        let space: ParentSpace?
    }

    /// How many nodes are below `node`: a frame's size, known before sampling it.
    private static func descendants(of node: Node) -> Int {
        var count = 0
        var pending: [Node] = [node]
        while let n = pending.popLast() {
            count += n.children.count
            pending.append(contentsOf: n.children)
        }
        return count
    }

    /// The axis-aligned box of a `size` rectangle at the origin mapped through `t` (no allocation).
    @inline(__always)
    static func bounds(of size: Size, through t: Transform2D) -> Rect {
        let xs = (t.tx, t.a * size.width + t.tx, t.c * size.height + t.tx, t.a * size.width + t.c * size.height + t.tx)
        let ys = (t.ty, t.b * size.width + t.ty, t.d * size.height + t.ty, t.b * size.width + t.d * size.height + t.ty)
        let minX = min(min(xs.0, xs.1), min(xs.2, xs.3)), maxX = max(max(xs.0, xs.1), max(xs.2, xs.3))
        let minY = min(min(ys.0, ys.1), min(ys.2, ys.3)), maxY = max(max(ys.0, ys.1), max(ys.2, ys.3))
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Samples `node` under `parent` into `out`; returns what its children inherit.
    private func place(_ node: Node, under parent: Parent, into out: inout [NodeSample]) -> Parent {
        var p = node.presentation
        p.alpha = min(max(p.alpha, 0), 1)  // springs overshoot; alpha clamps as UIKit's does
        if p.hasLayer3D || parent.space != nil { return place3D(node, p, under: parent, into: &out) }
        let toContainer = Node.toParentTransform(p).concatenating(parent.transform)
        let frame = Rect(x: parent.origin.x + p.frame.x, y: parent.origin.y + p.frame.y, width: p.frame.width, height: p.frame.height)
        let bbox = FrameSampler.bounds(of: p.frame.size, through: toContainer)
        let own = parent.opacity * p.alpha
        out.append(
            NodeSample(
                id: node.id, scene: node.scene, isSnapshot: node.isSnapshot, frame: frame, bbox: bbox,
                opacity: own, toContainer: toContainer, z: out.count, properties: p, depth: parent.depth + 1,
                layoutSize: node.isSnapshot ? p.frame.size : node.storedModel.frame.size))
        return Parent(origin: frame.origin, transform: toContainer, opacity: own, depth: parent.depth + 1, space: nil)
    }

    /// ``place(_:under:into:)`` for a node with 3-D values or under a 3-D parent: its layer
    /// transform flattened into its parent's plane, projective when a perspective reaches it.
    private func place3D(_ node: Node, _ p: NodeProperties, under parent: Parent, into out: inout [NodeSample]) -> Parent {
        var toParent = Layer3D.toParent(p)
        if let sublayer = parent.space?.sublayer { toParent = toParent * sublayer }
        let full = toParent.flattened * (parent.space?.toContainer ?? Transform3D(parent.transform))
        let projective = !full.isPlanarAffine
        let toContainer = projective ? full.affineFit(over: p.frame.size) : full.affine
        let bbox = projective ? full.projectedBounds(of: p.frame.size) : FrameSampler.bounds(of: p.frame.size, through: toContainer)
        let frame = Rect(x: parent.origin.x + p.frame.x, y: parent.origin.y + p.frame.y, width: p.frame.width, height: p.frame.height)
        let own = parent.opacity * p.alpha
        out.append(
            NodeSample(
                id: node.id, scene: node.scene, isSnapshot: node.isSnapshot, frame: frame, bbox: bbox,
                opacity: own, toContainer: toContainer, z: out.count, properties: p, depth: parent.depth + 1,
                layoutSize: node.isSnapshot ? p.frame.size : node.storedModel.frame.size, space: projective ? NodeSpace(full) : nil))
        let sublayer = Layer3D.sublayer(p)
        let space = sublayer != nil || projective ? ParentSpace(sublayer: sublayer, toContainer: projective ? full : nil) : nil
        return Parent(origin: frame.origin, transform: toContainer, opacity: own, depth: parent.depth + 1, space: space)
    }
}

/// One layer of a scene tree, like a `UIView` and its `CALayer`.
///
/// A node has a model value (what was last set, see ``model``) and a presentation value
/// (what an animation shows at the sampled instant, see ``presentation``).
public final class Node {
    /// The identifier from the scene file; copies made by ``snapshot()`` keep it.
    public let id: String
    /// The scene the node came from, or nil for nodes a plugin creates.
    public let scene: String?
    /// True on copies made by ``snapshot()``.
    public let isSnapshot: Bool

    /// Not retained (a parent holds its children); a parent clears its children's link when it
    /// goes away, so a read of a parent already gone traps instead of reading freed memory.
    ///
    /// The tree's links and the engine's fields (``storedModel``, ``motion``) are accessed
    /// without the runtime's exclusivity check, which cost 3.5 % (the links) and 5 % (the fields) of
    /// the engine's time (docs/benchmarks.md, "Unsafe code"). Sound because a node is used from
    /// one thread, that of its run (it is not `Sendable`; the renderer gets values, never nodes),
    /// and only this module writes these fields, each write a single assignment or an `inout`
    /// call that does not reach the same node's field again (the engine's property writers set one
    /// field). `NodeLifetimeTests` and `AnimationEngineTests` exercise them.
    @exclusivity(unchecked) public private(set) unowned var parent: Node?
    /// The node's children, bottom first; each one's ``parent`` is this node.
    @exclusivity(unchecked) public private(set) var children: [Node] = []

    /// The values last assigned: what the node settles to once its animations end. Setting it
    /// directly also sets the presentation (no animation); the engine sets ``storedModel`` instead.
    public var model: NodeProperties {
        _read { yield storedModel }
        set { storedModel = newValue; presentation = newValue }
    }
    @exclusivity(unchecked) var storedModel: NodeProperties
    /// Set by a layer that hands nodes to another runtime (the Lua host), in one field so that each
    /// hand-over is one access: the holder's mark, unique in the process (0 for none); the node's
    /// place in the order that holder first handed nodes over, which the node keeps however often the
    /// runtime lets go of it and is handed it again; and where the holder keeps what stands for it
    /// (its userdata's slot), or -1. The engine ignores it.
    private var holding = Holding()
    private struct Holding {
        var mark = 0
        var order = 0
        var slot = -1
    }
    /// The node's place in the order its last holder first handed nodes over.
    package var handOverOrder: Int { holding.order }
    /// The engine's bookkeeping for this node's animations.
    @exclusivity(unchecked) var motion = NodeMotion()
    /// The values on screen at the instant the engine last evaluated; equal to ``model`` but where
    /// an animation is in flight.
    public var presentation: NodeProperties {
        _read { yield presentationStorage.pointee }
        _modify { yield &presentationStorage.pointee }
    }
    /// The presentation has storage of its own, so that the engine can write animated values
    /// straight into their fields (only through ``FieldSlot/cell(in:)``).
    let presentationStorage: UnsafeMutablePointer<NodeProperties>

    public init(id: String, scene: String? = nil, isSnapshot: Bool = false, properties: consuming NodeProperties = NodeProperties()) {
        self.id = id
        self.scene = scene
        self.isSnapshot = isSnapshot
        presentationStorage = .allocate(capacity: 1)
        presentationStorage.initialize(to: copy properties)
        storedModel = properties
    }

    deinit {
        presentationStorage.deinitialize(count: 1)
        presentationStorage.deallocate()
        for child in children { child.parent = nil }
    }

    /// Marks the node as handed over by the holder `mark` (non-zero), `order`-th, into its `slot`;
    /// false, and the order kept, when that holder handed it over before.
    package func markHandedOver(by mark: Int, order: Int, slot: Int) -> Bool {
        Node.mark(&holding, mark, order, slot)
    }

    private static func mark(_ holding: inout Holding, _ mark: Int, _ order: Int, _ slot: Int) -> Bool {
        holding.slot = slot
        guard holding.mark != mark else { return false }
        holding.mark = mark
        holding.order = order
        return true
    }

    /// The slot the holder `mark` keeps the node in, if it handed the node over last and holds it;
    /// nil when it did not; -1 when it did but let go of it.
    package func slot(of mark: Int) -> Int? {
        let holding = holding
        return holding.mark == mark ? holding.slot : nil
    }

    /// True when no holder ever handed the node over.
    package var neverHandedOver: Bool { holding.mark == 0 }

    /// Forgets the slot the holder `mark` kept the node in, if it still is `slot`.
    package func clearSlot(_ slot: Int, of mark: Int) {
        Node.clear(&holding, slot, mark)
    }

    private static func clear(_ holding: inout Holding, _ slot: Int, _ mark: Int) {
        if holding.mark == mark && holding.slot == slot { holding.slot = -1 }
    }

    // MARK: Tree

    /// Where ``insert(_:at:)`` puts a child among its siblings.
    public enum Position {
        case front
        case below(Node)
        case above(Node)
    }

    /// The most levels a tree may have below its root: a scene's own limit (``SceneLoader/maxDepth``)
    /// twice over, room for a scene inside a container inside a plugin's wrappers. Every walk over a
    /// tree is iterative anyway; the limit keeps what a plugin builds within what scenes may hold.
    public static let maxDepth = 128

    /// Adds `child` on top of its siblings, moving it from any previous parent.
    public func add(_ child: Node) throws {
        guard child.parent == nil, child.children.isEmpty, child !== self else { return try insert(child, at: .front) }
        guard levelsAbove < Node.maxDepth else { throw NodeError.tooDeep(child: child.id, parent: id, limit: Node.maxDepth) }
        children.append(child)  // a new leaf: nothing to move and no cycle to check
        child.parent = self
    }

    /// Inserts `child` below or above a sibling, moving it from any previous parent.
    public func insert(_ child: Node, at position: Position) throws {
        if child === self || isDescendant(of: child) {
            throw NodeError.cycle(child: child.id, parent: id)
        }
        guard levelsAbove + 1 + child.height <= Node.maxDepth else {
            throw NodeError.tooDeep(child: child.id, parent: id, limit: Node.maxDepth)
        }
        var index = children.count
        switch position {
        case .front: break
        case .below(let sibling), .above(let sibling):
            guard sibling.parent === self, sibling !== child else { throw NodeError.notASibling(sibling.id, parent: id) }
        }
        child.removeFromParent()
        switch position {
        case .front: index = children.count
        case .below(let s): index = children.firstIndex { $0 === s }!
        case .above(let s): index = children.firstIndex { $0 === s }! + 1
        }
        children.insert(child, at: index)
        child.parent = self
    }

    /// Detaches the node from its parent; a no-op when it has none.
    public func removeFromParent() {
        guard let p = parent else { return }
        if let i = p.children.firstIndex(where: { $0 === self }) { p.children.remove(at: i) }
        parent = nil
    }

    /// How many ancestors the node has (0 for a root).
    var levelsAbove: Int {
        var n = 0
        var p = parent
        while let node = p { n += 1; p = node.parent }
        return n
    }

    /// How many levels the subtree has below this node (0 for a leaf), walked breadth first.
    var height: Int {
        var level: [Node] = children, n = 0
        while !level.isEmpty {
            n += 1
            level = level.flatMap(\.children)
        }
        return n
    }

    /// True when `ancestor` is above this node in the tree.
    public func isDescendant(of ancestor: Node) -> Bool {
        var p = parent
        while let node = p {
            if node === ancestor { return true }
            p = node.parent
        }
        return false
    }

    /// The first node with `id` in this subtree (depth first, this node included).
    public func find(_ id: String) -> Node? {
        var stack: [Node] = [self]
        while let node = stack.popLast() {
            if node.id == id { return node }
            stack.append(contentsOf: node.children.reversed())
        }
        return nil
    }

    /// This node and all its descendants, parents before children.
    public func subtree() -> [Node] {
        var out: [Node] = [self]
        var i = 0
        while i < out.count {
            out.append(contentsOf: out[i].children)
            i += 1
        }
        return out
    }

    /// A deep copy of the subtree with its current model values, marked as a snapshot.
    public func snapshot() -> Node {
        let root = Node(id: id, scene: scene, isSnapshot: true, properties: storedModel)
        var pending: [(original: Node, copy: Node)] = [(self, root)]
        while let (original, copy) = pending.popLast() {
            for child in original.children {
                let c = Node(id: child.id, scene: child.scene, isSnapshot: true, properties: child.storedModel)
                copy.children.append(c)
                c.parent = copy
                pending.append((child, c))
            }
        }
        return root
    }

    // MARK: Geometry

    /// Children in paint order: by `zPosition` (as Core Animation), then `zIndex`, ties in insertion order.
    public func paintOrderedChildren(presentation usePresentation: Bool) -> [Node] {
        if children.allSatisfy({
            (usePresentation ? $0.presentation : $0.model).zIndex == 0 && !(usePresentation ? $0.presentation : $0.model).hasLayer3D
        }) {
            return children
        }
        // Each child's keys are read once, not at every comparison.
        let keyed = children.indices.map { i in
            (
                z: Node.zPosition(of: children[i], presentation: usePresentation),
                index: (usePresentation ? children[i].presentation : children[i].model).zIndex, offset: i
            )
        }
        return keyed.sorted { l, r in l.z != r.z ? l.z < r.z : l.index != r.index ? l.index < r.index : l.offset < r.offset }.map { children[$0.offset] }
    }

    /// The node's `zPosition` (0 without 3-D values, read without unboxing them).
    private static func zPosition(of node: Node, presentation: Bool) -> Double {
        let p = presentation ? node.presentation : node.model
        return p.hasLayer3D ? p.zPosition : 0
    }

    /// Maps the node's own coordinates (origin at its top-left) to its parent's, transform included.
    public static func toParentTransform(_ p: NodeProperties) -> Transform2D {
        let f = p.frame
        if p.transform.isIdentity { return .translation(f.x, f.y) }
        return Transform2D.translation(-f.width / 2, -f.height / 2)
            .concatenating(p.transform)
            .concatenating(.translation(f.midX, f.midY))
    }

    /// Maps this node's coordinates to `other`'s (nil: to the tree's root), using model values.
    public func transform(to other: Node?) -> Transform2D {
        let up = transformToRoot()
        guard let other else { return up }
        return up.concatenating(other.transformToRoot().inverted() ?? .identity)
    }

    private func transformToRoot() -> Transform2D {
        var t = Transform2D.identity
        var node: Node? = self
        while let n = node, let parent = n.parent {
            t = t.concatenating(Node.toParentTransform(n.model))
            node = parent
        }
        return t
    }

    /// Converts a point from this node's coordinates to `other`'s.
    public func convert(_ point: Point, to other: Node?) -> Point {
        if let t = projectiveTransform(to: other) {
            let h = t.homogeneous(point.x, point.y, 0)
            return h.w > 0 ? Point(x: h.x / h.w, y: h.y / h.w) : Point(x: h.x, y: h.y)  // behind the eye: undivided
        }
        return transform(to: other).apply(to: point)
    }

    /// Converts a rectangle from this node's coordinates to `other`'s: the bounding box of its corners.
    /// Under a perspective, the bounding box of the projected rectangle (its part behind the eye clipped away).
    public func convert(_ rect: Rect, to other: Node?) -> Rect {
        if let t = projectiveTransform(to: other) {
            return (Transform3D.translation(rect.x, rect.y, 0) * t).projectedBounds(of: rect.size)
        }
        let t = transform(to: other)
        return Rect.bounding(
            [
                Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)
            ].map(t.apply))
    }

    /// The node's frame in `ancestor`'s coordinates, as it would be drawn with model values.
    public func frame(in other: Node?) -> Rect {
        guard let parent else { return model.frame }
        return parent.convert(model.frame, to: other)
    }
}

/// A tree operation that would break the tree.
public enum NodeError: Error, CustomStringConvertible, Equatable {
    case cycle(child: String, parent: String)
    case notASibling(String, parent: String)
    case tooDeep(child: String, parent: String, limit: Int)

    public var description: String {
        switch self {
        case .cycle(let child, let parent): return "cannot add '\(child)' to '\(parent)': a node cannot contain itself"
        case .notASibling(let s, let parent): return "'\(s)' is not a child of '\(parent)'"
        case .tooDeep(let child, let parent, let limit):
            return "cannot add '\(child)' to '\(parent)': node trees nest at most \(limit) levels deep"
        }
    }
}

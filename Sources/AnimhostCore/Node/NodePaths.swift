/// What a node draws as a `CAShapeLayer` does: its path filled, then stroked between `strokeStart`
/// and `strokeEnd` (fractions of its length), with `CAShapeLayer`'s defaults.
public struct ShapeStyle: Hashable, Sendable {
    /// The path in the node's bounds coordinates; none draws nothing.
    public var path: ShapePath? = nil
    /// Black, as `CAShapeLayer`'s; clear fills nothing.
    public var fillColor: Color = .black
    /// None strokes nothing.
    public var strokeColor: Color? = nil
    public var lineWidth: Double = 1
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    public init() {}
}

/// A node's path-valued properties (its shape, `mask` and `shadowPath`), kept out of line: few
/// nodes have any, so a node without them carries one empty reference, and copying a node's values
/// (every frame, for every node) copies that reference, not the paths. Copied on write.
public struct NodePaths: Hashable, Sendable {
    private final class Storage: @unchecked Sendable {  // mutated only while uniquely referenced
        var shape = ShapeStyle()
        var mask: ShapePath?
        var shadowPath: ShapePath?
        init() {}
        init(copying other: Storage) { shape = other.shape; mask = other.mask; shadowPath = other.shadowPath }
    }

    /// Nil while every field has its default.
    private var storage: Storage?

    public init() {}

    /// The shape the node draws.
    public var shape: ShapeStyle {
        get { storage?.shape ?? ShapeStyle() }
        set { unique().shape = newValue }
    }

    /// The path that clips the node and its subtree (`layer.mask` as a `CAShapeLayer`); none clips nothing.
    public var mask: ShapePath? {
        get { storage?.mask }
        set { unique().mask = newValue }
    }

    /// The path the shadow is cast by (`CALayer.shadowPath`); none casts it by the rounded bounds.
    public var shadowPath: ShapePath? {
        get { storage?.shadowPath }
        set { unique().shadowPath = newValue }
    }

    /// Whether any field differs from its default: the renderer's quick test.
    public var isEmpty: Bool { storage.map { $0.shape.path == nil && $0.mask == nil && $0.shadowPath == nil } ?? true }

    private mutating func unique() -> Storage {
        if storage == nil { storage = Storage() } else if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage!) }
        return storage!
    }

    public static func == (a: NodePaths, b: NodePaths) -> Bool {
        a.storage === b.storage || (a.shape == b.shape && a.mask == b.mask && a.shadowPath == b.shadowPath)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(shape)
        hasher.combine(mask)
        hasher.combine(shadowPath)
    }
}

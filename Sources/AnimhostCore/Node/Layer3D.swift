/// A node's 3-D layer values (`CALayer`'s `transform`, `anchorPoint`, `sublayerTransform` and
/// `zPosition`), kept out of line in ``NodeProperties`` so that the many nodes without them stay small.
public struct Layer3D: Hashable, Sendable {
    /// Applied after the 2-D `transform`, about ``anchorPoint``.
    public var transform3D: Transform3D = .identity
    /// The point the transforms apply about, in unit coordinates of the bounds.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Applied to the children, about ``anchorPoint``.
    public var sublayerTransform: Transform3D = .identity
    /// Orders siblings (higher on top) and moves the node along z under a perspective.
    public var zPosition: Double = 0

    public init() {}

    /// The values of a node that uses none of them.
    public static let flat = Layer3D()

    /// The identity as a property value, made once: reading a 2-D node's transforms allocates nothing.
    static let identityValue = PropertyValue.transform3D(.identity)

    /// How the Lottie export carries a perspective: Lottie's 3-D layers are not drawn by every player.
    static let lottieNote =
        "each frame's 2-D affine fit of the node's projected corners (least squares): turns and moves carry, "
        + "perspective foreshortening does not (a turning card's near edge is not drawn taller)"
}

/// The box a node's ``Layer3D`` lives in: immutable, compared by value, absent when flat.
final class Layer3DBox: Hashable, Sendable {
    let value: Layer3D
    init(_ value: Layer3D) { self.value = value }
    static func == (a: Layer3DBox, b: Layer3DBox) -> Bool { a === b || a.value == b.value }
    func hash(into h: inout Hasher) { h.combine(value) }
}

extension NodeProperties {
    /// The node's 3-D values (``Layer3D/flat`` unless set).
    public var layer3D: Layer3D {
        get { layer3DBox?.value ?? .flat }
        set { layer3DBox = newValue == .flat ? nil : Layer3DBox(newValue) }
    }

    /// True when the node uses any 3-D value: the 2-D paths check this first.
    @inline(__always)
    public var hasLayer3D: Bool { layer3DBox != nil }

    /// ``Layer3D/transform3D``.
    public var transform3D: Transform3D {
        get { layer3D.transform3D }
        set { layer3D.transform3D = newValue }
    }
    /// ``Layer3D/anchorPoint``.
    public var anchorPoint: Point {
        get { layer3D.anchorPoint }
        set { layer3D.anchorPoint = newValue }
    }
    /// ``Layer3D/sublayerTransform``.
    public var sublayerTransform: Transform3D {
        get { layer3D.sublayerTransform }
        set { layer3D.sublayerTransform = newValue }
    }
    /// ``Layer3D/zPosition``.
    public var zPosition: Double {
        get { layer3D.zPosition }
        set { layer3D.zPosition = newValue }
    }
}

/// Which ``Layer3D`` value an animatable property is: the engine reads and writes it through the box.
enum Layer3DField: Sendable {
    case transform3D, anchorPoint, sublayerTransform, zPosition

    /// The box's own slot, which a lane of these fields names but never writes (they fly as paths).
    static let box = FieldSlot(\NodeProperties.layer3DBox)

    func load(from p: NodeProperties) -> AnimatableValue {
        switch self {
        case .transform3D: return .transform3D(p.transform3D)
        case .anchorPoint: return .point(p.anchorPoint)
        case .sublayerTransform: return .transform3D(p.sublayerTransform)
        case .zPosition: return .number(p.zPosition)
        }
    }

    /// Writes `v` into `p`; a value of another kind is ignored.
    func store(_ v: AnimatableValue, into p: inout NodeProperties) {
        switch (self, v) {
        case (.transform3D, .transform3D(let t)): p.transform3D = t
        case (.anchorPoint, .point(let a)): p.anchorPoint = a
        case (.sublayerTransform, .transform3D(let t)): p.sublayerTransform = t
        case (.zPosition, .number(let z)): p.zPosition = z
        default: break
        }
    }
}

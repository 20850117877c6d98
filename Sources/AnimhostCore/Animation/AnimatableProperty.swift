/// What the engine needs of each animatable property, taken from its declaration in ``NodeProperty/all``.
extension AnimatableProperty {
    /// The declarations' readers and writers by slot, kept apart so that a look-up copies one closure.
    private static let readers = declarations.map(\.read)
    private static let writers = declarations.map(\.write)
    private static let offsets = declarations.map(\.fieldOffset)

    /// Each case's declaration, by slot.
    static let declarations: [NodeProperty] = allCases.map { property in
        guard let declared = NodeProperty.all.first(where: { $0.animation == property }) else {
            preconditionFailure("\(property) is not declared in NodeProperty.all")
        }
        return declared
    }

    /// The property's slot in a node's animation bookkeeping.
    var index: Int { rawValue }

    /// The property's model value on `node`.
    func modelValue(of node: Node) -> AnimatableValue {
        Self.readers[rawValue](node.storedModel).animatable ?? .number(0)
    }

    /// Puts the model value back on screen: the presentation of a property no animation drives.
    func showModel(of node: Node) {
        Self.writers[rawValue](&node.presentation, Self.readers[rawValue](node.storedModel))
    }

    /// Where a number or rectangle property sits in ``NodeProperties``, for lanes that write it directly.
    var fieldOffset: Int? { Self.offsets[rawValue] }

    /// Writes `v` into `p`; a value of the wrong kind is ignored (the bridge checks kinds first).
    @inline(__always)
    public func set(_ v: AnimatableValue, in p: inout NodeProperties) {
        Self.writers[rawValue](&p, PropertyValue(v))
    }
}

/// A value of an animatable property.
public enum AnimatableValue: Hashable, Sendable {
    case number(Double)
    case rect(Rect)
    case size(Size)
    case color(Color)
    case transform(Transform2D)
}

/// A precomputed path between two values, evaluated at progress p (which may leave 0…1 when a
/// spring or curve overshoots). Colours interpolate premultiplied; transforms decomposed.
enum Interpolant {
    case number(Double, Double)
    case rect(Rect, Rect)
    case size(Size, Size)
    case color(Color, Color)
    indirect case transform(Transform2D, Transform2D, DecomposedTransform, DecomposedTransform)
    /// A value that cannot be blended jumps at the end (mismatched kinds never occur from the bridge).
    case discrete(AnimatableValue, AnimatableValue)

    init(from: AnimatableValue, to: AnimatableValue) {
        switch (from, to) {
        case (.number(let a), .number(let b)): self = .number(a, b)
        case (.rect(let a), .rect(let b)): self = .rect(a, b)
        case (.size(let a), .size(let b)): self = .size(a, b)
        case (.color(let a), .color(let b)): self = .color(a.premultiplied, b.premultiplied)
        case (.transform(let a), .transform(let b)): self = .transform(a, b, DecomposedTransform(a), DecomposedTransform(b))
        default: self = .discrete(from, to)
        }
    }

    @inline(__always)
    func value(at p: Double) -> AnimatableValue {
        @inline(__always) func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        switch self {
        case .number(let a, let b): return .number(mix(a, b))
        case .rect(let a, let b):
            return .rect(Rect(x: mix(a.x, b.x), y: mix(a.y, b.y), width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case .size(let a, let b): return .size(Size(width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case .color(let a, let b):
            let c = Color(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: min(max(mix(a.a, b.a), 0), 1))
            return .color(c.unpremultiplied)
        case .transform(let from, let to, let a, let b):
            if p == 0 { return .transform(from) }
            if p == 1 { return .transform(to) }
            return .transform(DecomposedTransform.interpolate(a, b, p).transform)
        case .discrete(let a, let b): return p >= 1 ? b : a
        }
    }
}

extension Color {
    var premultiplied: Color { Color(r: r * a, g: g * a, b: b * a, a: a) }
    var unpremultiplied: Color {
        a <= 0 ? .clear : Color(r: min(r / a, 1), g: min(g / a, 1), b: min(b / a, 1), a: a)
    }
}

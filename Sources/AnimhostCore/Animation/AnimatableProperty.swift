/// What the engine needs of each animatable property, taken from its declaration in ``NodeProperty/all``.
extension AnimatableProperty {
    /// Each case's declaration, by slot.
    static let declarations: [NodeProperty] = allCases.map { property in
        guard let declared = NodeProperty.all.first(where: { $0.animation == property }) else {
            preconditionFailure("\(property) is not declared in NodeProperty.all")
        }
        return declared
    }

    /// Each case's field, by slot.
    private static let fields = declarations.map(AnimatableField.init)

    /// The property's slot in a node's animation bookkeeping.
    var index: Int { rawValue }

    /// The property's model value on `node`, read from its field (the rest of the node's values,
    /// strings included, is not copied).
    func modelValue(of node: Node) -> AnimatableValue {
        let field = Self.fields[rawValue]
        return withUnsafeBytes(of: &node.storedModel) { field.load(from: $0.baseAddress!) }
    }

    /// Puts the model value back on screen: the presentation of a property no animation drives.
    func showModel(of node: Node) {
        Self.fields[rawValue].store(modelValue(of: node), into: node.presentationField(at: 0))
    }

    /// Where a number or rectangle property sits in ``NodeProperties``, for lanes that write it directly.
    var fieldOffset: Int? {
        let field = Self.fields[rawValue]
        return field.layout == .number || field.layout == .rect ? field.offset : nil
    }

    /// Writes `v` into `p`; a value of the wrong kind is ignored (the bridge checks kinds first).
    @inline(__always)
    public func set(_ v: AnimatableValue, in p: inout NodeProperties) {
        let field = Self.fields[rawValue]
        withUnsafeMutableBytes(of: &p) { field.store(v, into: $0.baseAddress!) }
    }
}

/// Where an animatable property's value sits in ``NodeProperties``, and its type there. Every
/// animatable field is plain numbers, so the engine reads and writes it by its byte offset (the
/// declaration's, checked against its reader and writer by the tests) without calling through
/// the declaration or copying the node's other values.
struct AnimatableField {
    enum Layout { case number, rect, size, color, optionalColor, transform }
    let offset: Int
    let layout: Layout

    init(_ declaration: NodeProperty) {
        guard let offset = declaration.fieldOffset else { preconditionFailure("\(declaration.path) animates but names no field") }
        self.offset = offset
        switch declaration.kind {
        case .number: layout = .number
        case .rect: layout = .rect
        case .size: layout = .size
        case .color: layout = .color
        case .optionalColor: layout = .optionalColor
        case .transform: layout = .transform
        default: preconditionFailure("\(declaration.path) animates but holds no numbers")
        }
    }

    /// The value in the ``NodeProperties`` at `p` (no colour reads as clear).
    @inline(__always)
    func load(from p: UnsafeRawPointer) -> AnimatableValue {
        switch layout {
        case .number: return .number(p.load(fromByteOffset: offset, as: Double.self))
        case .rect: return .rect(p.load(fromByteOffset: offset, as: Rect.self))
        case .size: return .size(p.load(fromByteOffset: offset, as: Size.self))
        case .color: return .color(p.load(fromByteOffset: offset, as: Color.self))
        case .optionalColor: return .color(p.load(fromByteOffset: offset, as: Color?.self) ?? .clear)
        case .transform: return .transform(p.load(fromByteOffset: offset, as: Transform2D.self))
        }
    }

    /// Writes `v` into the ``NodeProperties`` at `p`; a value of another kind is ignored.
    @inline(__always)
    func store(_ v: AnimatableValue, into p: UnsafeMutableRawPointer) {
        switch (layout, v) {
        case (.number, .number(let n)): p.storeBytes(of: n, toByteOffset: offset, as: Double.self)
        case (.rect, .rect(let r)): p.storeBytes(of: r, toByteOffset: offset, as: Rect.self)
        case (.size, .size(let s)): p.storeBytes(of: s, toByteOffset: offset, as: Size.self)
        case (.color, .color(let c)): p.storeBytes(of: c, toByteOffset: offset, as: Color.self)
        case (.optionalColor, .color(let c)): p.storeBytes(of: Optional(c), toByteOffset: offset, as: Color?.self)
        case (.transform, .transform(let t)): p.storeBytes(of: t, toByteOffset: offset, as: Transform2D.self)
        default: break
        }
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

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
    private static let fields = declarations.map { declared in
        guard let field = declared.field else { preconditionFailure("\(declared.path) animates but names no field") }
        return field
    }

    /// The property's field in ``NodeProperties``.
    var field: AnimatableField { Self.fields[rawValue] }

    /// The property's slot in a node's animation bookkeeping.
    var index: Int { rawValue }

    /// The property's model value on `node`, read from its field (the rest of the node's values,
    /// strings included, is not copied).
    func modelValue(of node: Node) -> AnimatableValue {
        Self.fields[rawValue].load(from: &node.storedModel)
    }

    /// Puts the model value back on screen: the presentation of a property no animation drives.
    func showModel(of node: Node) {
        Self.fields[rawValue].store(modelValue(of: node), into: &node.presentation)
    }

    /// Writes `v` into `p`; a value of the wrong kind is ignored (the bridge checks kinds first).
    @inline(__always)
    public func set(_ v: AnimatableValue, in p: inout NodeProperties) {
        Self.fields[rawValue].store(v, into: &p)
    }
}

/// An animatable property's field in ``NodeProperties`` with its type. Every animatable field is
/// plain numbers, so the engine reads and writes it in place through its ``FieldSlot`` without
/// calling through the declaration or copying the node's other values.
enum AnimatableField: Sendable {
    case number(FieldSlot<Double>)
    case rect(FieldSlot<Rect>)
    case size(FieldSlot<Size>)
    case color(FieldSlot<Color>)
    case optionalColor(FieldSlot<Color?>)
    case transform(FieldSlot<Transform2D>)
    /// A field of the node's boxed ``Layer3D``, read and written through it (3-D lanes are rare).
    case layer3D(Layer3DField)

    /// The value in `p` (no colour reads as clear; `inout` only to read in place).
    @inline(__always)
    func load(from p: inout NodeProperties) -> AnimatableValue {
        switch self {
        case .number(let f): return .number(f.read(&p))
        case .rect(let f): return .rect(f.read(&p))
        case .size(let f): return .size(f.read(&p))
        case .color(let f): return .color(f.read(&p))
        case .optionalColor(let f): return .color(f.read(&p) ?? .clear)
        case .transform(let f): return .transform(f.read(&p))
        case .layer3D(let f): return f.load(from: p)
        }
    }

    /// Writes `v` into `p`; a value of another kind is ignored.
    @inline(__always)
    func store(_ v: AnimatableValue, into p: inout NodeProperties) {
        switch (self, v) {
        case (.number(let f), .number(let n)): f.write(n, into: &p)
        case (.rect(let f), .rect(let r)): f.write(r, into: &p)
        case (.size(let f), .size(let s)): f.write(s, into: &p)
        case (.color(let f), .color(let c)): f.write(c, into: &p)
        case (.optionalColor(let f), .color(let c)): f.write(c, into: &p)
        case (.transform(let f), .transform(let t)): f.write(t, into: &p)
        case (.layer3D(let f), _): f.store(v, into: &p)
        default: break
        }
    }

    /// The field in `node`'s presentation, for a lane.
    func cell(in node: Node) -> FieldCell {
        switch self {
        case .number(let f): return f.cell(in: node)
        case .rect(let f): return f.cell(in: node)
        case .size(let f): return f.cell(in: node)
        case .color(let f): return f.cell(in: node)
        case .optionalColor(let f): return f.cell(in: node)
        case .transform(let f): return f.cell(in: node)
        case .layer3D: return Layer3DField.box.cell(in: node)  // never written: its lanes are path lanes
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
    case point(Point)
    indirect case transform3D(Transform3D)
}

/// A precomputed path between two values, evaluated at progress p (which may leave 0…1 when a
/// spring or curve overshoots). Colours interpolate premultiplied; transforms decomposed.
enum Interpolant {
    case number(Double, Double)
    case rect(Rect, Rect)
    case size(Size, Size)
    case color(Color, Color)
    indirect case transform(Transform2D, Transform2D, DecomposedTransform, DecomposedTransform)
    case point(Point, Point)
    /// 3-D transforms decomposed as CSS Transforms 2; nil parts (a singular end) jump at the end.
    indirect case transform3D(Transform3D, Transform3D, DecomposedTransform3D?, DecomposedTransform3D?)
    /// A value that cannot be blended jumps at the end (mismatched kinds never occur from the bridge).
    case discrete(AnimatableValue, AnimatableValue)

    init(from: AnimatableValue, to: AnimatableValue) {
        switch (from, to) {
        case (.number(let a), .number(let b)): self = .number(a, b)
        case (.rect(let a), .rect(let b)): self = .rect(a, b)
        case (.size(let a), .size(let b)): self = .size(a, b)
        case (.color(let a), .color(let b)): self = .color(a.premultiplied, b.premultiplied)
        case (.transform(let a), .transform(let b)): self = .transform(a, b, DecomposedTransform(a), DecomposedTransform(b))
        case (.point(let a), .point(let b)): self = .point(a, b)
        case (.transform3D(let a), .transform3D(let b)): self = .transform3D(a, b, DecomposedTransform3D(a), DecomposedTransform3D(b))
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
        case .point(let a, let b): return .point(Point(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case .transform3D(let from, let to, let a, let b):
            if p == 0 { return .transform3D(from) }
            if p == 1 { return .transform3D(to) }
            guard let a, let b else { return .transform3D(p >= 1 ? to : from) }
            return .transform3D(DecomposedTransform3D.interpolate(a, b, p).transform)
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

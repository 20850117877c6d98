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
    /// A member of the node's boxed gradient, read and written through the box.
    case gradient(GradientMember)
    /// A field kept out of line (``NodePaths``), read and written through its declaration (its position
    /// in ``NodeProperty/pathProperties``, so that this enum stays plain data); its lanes always fly
    /// through a ``FlightPath``.
    case outOfLine(Int)
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
        case .gradient(let m): return m.load(from: p)
        case .outOfLine(let i): return NodeProperty.pathProperties[i].read(p).animatable ?? .number(0)
        case .layer3D(let f): return f.load(from: p)
        }
    }

    /// Writes `v` into `p`; a value of another kind is ignored. (One switch after the other, not
    /// a switch over a pair: a pair holding a value with lists is copied and destroyed through
    /// the runtime.)
    @inline(__always)
    func store(_ v: AnimatableValue, into p: inout NodeProperties) {
        switch self {
        case .number(let f): if case .number(let n) = v { f.write(n, into: &p) }
        case .rect(let f): if case .rect(let r) = v { f.write(r, into: &p) }
        case .size(let f): if case .size(let s) = v { f.write(s, into: &p) }
        case .color(let f): if case .color(let c) = v { f.write(c, into: &p) }
        case .optionalColor(let f): if case .color(let c) = v { f.write(c, into: &p) }
        case .transform(let f): if case .transform(let t) = v { f.write(t, into: &p) }
        case .gradient(let m): m.store(v, into: &p)
        case .outOfLine(let i): NodeProperty.pathProperties[i].write(&p, PropertyValue(v))
        case .layer3D(let f): f.store(v, into: &p)
        }
    }

    /// The cell a gradient member's lane holds and never writes.
    private static let unwritten = FieldSlot(\NodeProperties.frame)

    /// The field in `node`'s presentation, for a lane.
    func cell(in node: Node) -> FieldCell {
        switch self {
        case .number(let f): return f.cell(in: node)
        case .rect(let f): return f.cell(in: node)
        case .size(let f): return f.cell(in: node)
        case .color(let f): return f.cell(in: node)
        case .optionalColor(let f): return f.cell(in: node)
        case .transform(let f): return f.cell(in: node)
        case .gradient: return Self.unwritten.cell(in: node)  // a gradient's lane is a path lane, which never writes its cell
        case .outOfLine: return .nowhere
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
    case colors([Color])
    case numbers([Double])
    case path(ShapePath?)
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
    /// Lists of colours (premultiplied) or numbers of the same count, blended item by item.
    case colors([Color], [Color])
    case numbers([Double], [Double])
    /// Lists whose counts differ: the new one shows as soon as the flight begins, as Core Animation's does.
    case atOnce(AnimatableValue, AnimatableValue)
    /// Two paths whose elements match, point by point.
    case shapePath(ShapePath, ShapePath)
    /// Paths that cannot be blended: the new one shows as soon as the flight begins (Core Animation's
    /// result for paths whose elements differ is undefined; this one is documented).
    case jump(AnimatableValue, AnimatableValue)
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
        case (.colors(let a), .colors(let b)) where a.count == b.count: self = .colors(a.map(\.premultiplied), b.map(\.premultiplied))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count: self = .numbers(a, b)
        case (.colors, .colors), (.numbers, .numbers): self = .atOnce(from, to)
        case (.path(let a?), .path(let b?)) where a.matches(b): self = .shapePath(a, b)
        case (.path, .path): self = .jump(from, to)
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
        case .color(let a, let b): return .color(Interpolant.blend(a, b, p))
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
        case .colors(let a, let b): return .colors(zip(a, b).map { Interpolant.blend($0, $1, p) })
        case .numbers(let a, let b): return .numbers(zip(a, b).map { mix($0, $1) })
        case .atOnce(let a, let b): return p > 0 ? b : a
        case .shapePath(let a, let b):
            if p == 0 { return .path(a) }
            if p == 1 { return .path(b) }
            return .path(a.interpolated(to: b, at: p))
        case .jump(let a, let b): return p > 0 ? b : a
        }
    }
}

extension Interpolant {
    /// The colour at progress `p` between the premultiplied colours `a` and `b`, straight again.
    @inline(__always)
    static func blend(_ a: Color, _ b: Color, _ p: Double) -> Color {
        @inline(__always) func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        return Color(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: min(max(mix(a.a, b.a), 0), 1)).unpremultiplied
    }
}

extension Color {
    var premultiplied: Color { Color(r: r * a, g: g * a, b: b * a, a: a) }
    var unpremultiplied: Color {
        a <= 0 ? .clear : Color(r: min(r / a, 1), g: min(g / a, 1), b: min(b / a, 1), a: a)
    }
}

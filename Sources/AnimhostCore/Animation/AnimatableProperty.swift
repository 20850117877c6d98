/// A node property the engine can animate, and how to read and write it.
public enum AnimatableProperty: String, Hashable, Sendable, CaseIterable {
    case frame, alpha, transform, backgroundColor, cornerRadius
    case borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset

    /// A small number for hashing (the raw value would hash a string).
    var index: Int {
        switch self {
        case .frame: return 0
        case .alpha: return 1
        case .transform: return 2
        case .backgroundColor: return 3
        case .cornerRadius: return 4
        case .borderWidth: return 5
        case .borderColor: return 6
        case .shadowColor: return 7
        case .shadowOpacity: return 8
        case .shadowRadius: return 9
        case .shadowOffset: return 10
        }
    }

    /// The property's model value on `node` (its fields are read one by one: copying the whole
    /// ``NodeProperties`` would retain its strings).
    func modelValue(of node: Node) -> AnimatableValue {
        switch self {
        case .frame: return .rect(node.storedModel.frame)
        case .alpha: return .number(node.storedModel.alpha)
        case .transform: return .transform(node.storedModel.transform)
        case .backgroundColor: return .color(node.storedModel.backgroundColor ?? .clear)
        case .cornerRadius: return .number(node.storedModel.cornerRadius)
        case .borderWidth: return .number(node.storedModel.border.width)
        case .borderColor: return .color(node.storedModel.border.color)
        case .shadowColor: return .color(node.storedModel.shadow.color)
        case .shadowOpacity: return .number(node.storedModel.shadow.opacity)
        case .shadowRadius: return .number(node.storedModel.shadow.radius)
        case .shadowOffset: return .size(node.storedModel.shadow.offset)
        }
    }

    /// Puts the model value back on screen: the presentation of a property no animation drives.
    func showModel(of node: Node) {
        switch self {
        case .frame: node.presentation.frame = node.storedModel.frame
        case .alpha: node.presentation.alpha = node.storedModel.alpha
        case .transform: node.presentation.transform = node.storedModel.transform
        case .backgroundColor: node.presentation.backgroundColor = node.storedModel.backgroundColor
        case .cornerRadius: node.presentation.cornerRadius = node.storedModel.cornerRadius
        case .borderWidth: node.presentation.border.width = node.storedModel.border.width
        case .borderColor: node.presentation.border.color = node.storedModel.border.color
        case .shadowColor: node.presentation.shadow.color = node.storedModel.shadow.color
        case .shadowOpacity: node.presentation.shadow.opacity = node.storedModel.shadow.opacity
        case .shadowRadius: node.presentation.shadow.radius = node.storedModel.shadow.radius
        case .shadowOffset: node.presentation.shadow.offset = node.storedModel.shadow.offset
        }
    }

    /// Where a number or rectangle property sits in ``NodeProperties``, for lanes that write it directly.
    var fieldOffset: Int? {
        switch self {
        case .frame: return MemoryLayout<NodeProperties>.offset(of: \.frame)
        case .alpha: return MemoryLayout<NodeProperties>.offset(of: \.alpha)
        case .cornerRadius: return MemoryLayout<NodeProperties>.offset(of: \.cornerRadius)
        case .borderWidth: return MemoryLayout<NodeProperties>.offset(of: \.border.width)
        case .shadowOpacity: return MemoryLayout<NodeProperties>.offset(of: \.shadow.opacity)
        case .shadowRadius: return MemoryLayout<NodeProperties>.offset(of: \.shadow.radius)
        default: return nil
        }
    }

    /// Writes `v` into `p`; a value of the wrong kind is ignored (the bridge checks kinds first).
    @inline(__always)
    public func set(_ v: AnimatableValue, in p: inout NodeProperties) {
        switch (self, v) {
        case (.frame, .rect(let r)): p.frame = r
        case (.alpha, .number(let n)): p.alpha = n
        case (.transform, .transform(let t)): p.transform = t
        case (.backgroundColor, .color(let c)): p.backgroundColor = c
        case (.cornerRadius, .number(let n)): p.cornerRadius = n
        case (.borderWidth, .number(let n)): p.border.width = n
        case (.borderColor, .color(let c)): p.border.color = c
        case (.shadowColor, .color(let c)): p.shadow.color = c
        case (.shadowOpacity, .number(let n)): p.shadow.opacity = n
        case (.shadowRadius, .number(let n)): p.shadow.radius = n
        case (.shadowOffset, .size(let s)): p.shadow.offset = s
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

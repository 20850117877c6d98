/// One property of a node, declared once in ``NodeProperty/all``: what it holds and its range, its
/// default, whether and how it animates, and its key, which is the same in scene files, in Lua and
/// in the timeline, how the renderer draws it and how each export carries it. The scene reader, the Lua
/// binding, the timeline, the spec frames and the conformance suite's scan for non-finite values all
/// work from these declarations; the renderer and the exports are tested against theirs.
public struct NodeProperty: Sendable {
    /// The property's key (inside ``group`` when it has one).
    public let key: String
    /// The object the property is a field of (`border`, `shadow`), or nil for a key of its own.
    public let group: String?
    /// What the property holds, which decides how each reader checks it.
    public let kind: PropertyKind
    /// The numbers a number takes (nil for other kinds).
    public let range: NumberRange?
    /// The names a choice takes (empty for other kinds).
    public let choices: [String]
    /// The engine's name for the property when it animates; nil when a change shows at once.
    public let animation: AnimatableProperty?
    /// When a timeline frame carries the property.
    public let timeline: TimelineRule
    /// Whether the renderer draws the property.
    public let drawing: PropertyDrawing
    /// How the Lottie export carries the property.
    public let lottie: PropertyExport
    /// The property's value in a node's values.
    public let read: @Sendable (borrowing NodeProperties) -> PropertyValue
    /// Sets the property; a value of another kind is ignored (every reader checks kinds first).
    public let write: @Sendable (inout NodeProperties, PropertyValue) -> Void
    /// An animated property's field in ``NodeProperties``, which the engine reads and writes in place.
    let field: AnimatableField?

    /// The value a new node has.
    public var defaultValue: PropertyValue { read(NodeProperties()) }

    /// `group.key`, or `key`: how messages and documents name the property.
    public var path: String { group.map { "\($0).\(key)" } ?? key }

    /// How values in between two settings are found while the property animates.
    public var interpolation: Interpolation {
        guard animation != nil else { return .none }
        switch kind {
        case .color, .optionalColor, .colors: return .premultiplied
        case .transform, .transform3D: return .decomposed
        case .path: return .pointByPoint
        default: return .linear
        }
    }
}

/// What a node property holds, and so how a scene file or a plugin may give it.
public enum PropertyKind: Sendable, Equatable {
    /// A number within the property's ``NodeProperty/range``.
    case number
    /// A rectangle whose width and height are not negative.
    case rect
    /// A size or offset: two numbers.
    case size
    /// A colour.
    case color
    /// A colour, or none.
    case optionalColor
    /// A 2D affine transform: six numbers.
    case transform
    /// True or false.
    case flag
    /// A string, or none.
    case label
    /// One of the property's ``NodeProperty/choices``.
    case choice
    /// `placeholder:N`, or a relative path that stays inside the scene's folder; or none.
    case imagePath
    /// Text drawn in the node, or none.
    case text
    /// Hero's modifiers (``Modifier``), written as strings.
    case modifiers
    /// A point: two numbers.
    case point
    /// A list of colours, at most ``Bounds/gradientStops``.
    case colors
    /// A list of numbers within the property's ``NodeProperty/range``, at most ``Bounds/gradientStops``.
    case numbers
    /// A path, written as SVG path data (``ShapePath``), or none.
    case path
    /// A 3-D transform (``Transform3D``): sixteen numbers.
    case transform3D
    /// Some of the property's ``NodeProperty/choices``, as an array of names, each at most once.
    case choiceSet
}

/// The numbers a property takes. Scene files must stay within; a plugin's number beyond is
/// clamped, except above a limit that bounds the host's work, which is refused as a scene's is.
public struct NumberRange: Sendable, Equatable {
    public let min: Double
    public let max: Double
    /// Whether `max` is a limit on the host's work (refused from a plugin) rather than a clamp.
    public let refusesAbove: Bool

    public init(_ range: ClosedRange<Double>, refusesAbove: Bool = false) {
        min = range.lowerBound; max = range.upperBound; self.refusesAbove = refusesAbove
    }
}

/// How values between two settings of a property are found while it animates.
public enum Interpolation: Sendable {
    /// Each number along a straight line.
    case linear
    /// Colours with their components multiplied by alpha, so that a fade to clear keeps its hue.
    case premultiplied
    /// Transforms split into translation, rotation, scale and skew, as Core Animation does.
    case decomposed
    /// Paths whose elements match point by point, as Core Animation's; others change at once.
    case pointByPoint
    /// The property does not animate: a change shows at once.
    case none
}

/// When a timeline frame (and a spec's frame) carries a property.
public enum TimelineRule: Sendable {
    /// On every node.
    case always
    /// Only where it differs from its default (a group: where any of its fields does).
    case unlessDefault
    /// On every node, in the container's coordinates rather than the parent's (the frame).
    case inContainer
    /// Never: an instruction to the host rather than something on screen (modifiers).
    case never
}

/// The value of any node property.
public enum PropertyValue: Hashable, Sendable {
    case number(Double)
    case rect(Rect)
    case size(Size)
    case color(Color?)
    case transform(Transform2D)
    case flag(Bool)
    case string(String?)
    case text(TextStyle?)
    case modifiers([Modifier])
    case point(Point)
    case colors([Color])
    case numbers([Double])
    case path(ShapePath?)
    indirect case transform3D(Transform3D)
    /// Names among a property's choices (a ``PropertyKind/choiceSet``), in the choices' order.
    case names([String])

    /// The same value as the engine animates it (no colour is clear); nil for a value that cannot animate.
    public var animatable: AnimatableValue? {
        switch self {
        case .number(let n): return .number(n)
        case .rect(let r): return .rect(r)
        case .size(let s): return .size(s)
        case .color(let c): return .color(c ?? .clear)
        case .transform(let t): return .transform(t)
        case .point(let q): return .point(q)
        case .colors(let c): return .colors(c)
        case .numbers(let n): return .numbers(n)
        case .path(let p): return .path(p)
        case .transform3D(let t): return .transform3D(t)
        case .flag, .string, .text, .modifiers, .names: return nil
        }
    }

    /// An animated value as a property value.
    public init(_ value: AnimatableValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .rect(let r): self = .rect(r)
        case .size(let s): self = .size(s)
        case .color(let c): self = .color(c)
        case .transform(let t): self = .transform(t)
        case .point(let q): self = .point(q)
        case .colors(let c): self = .colors(c)
        case .numbers(let n): self = .numbers(n)
        case .path(let p): self = .path(p)
        case .transform3D(let t): self = .transform3D(t)
        }
    }
}

// MARK: Declaring

extension NodeProperty {
    init(
        key: String, group: String? = nil, kind: PropertyKind, range: NumberRange? = nil, choices: [String] = [],
        animation: AnimatableProperty? = nil, timeline: TimelineRule = .unlessDefault, field: AnimatableField? = nil,
        drawing: PropertyDrawing, lottie: PropertyExport,
        read: @escaping @Sendable (borrowing NodeProperties) -> PropertyValue,
        write: @escaping @Sendable (inout NodeProperties, PropertyValue) -> Void
    ) {
        self.key = key; self.group = group; self.kind = kind; self.range = range; self.choices = choices
        self.animation = animation; self.drawing = drawing; self.lottie = lottie
        self.timeline = timeline; self.field = field; self.read = read; self.write = write
    }

    /// A number; an animated one gives its field, which the engine reads and writes in place.
    static func number(
        _ key: String, in group: String? = nil, _ range: NumberRange, _ animation: AnimatableProperty? = nil,
        timeline: TimelineRule = .unlessDefault, field: FieldSlot<Double>? = nil, drawing: PropertyDrawing, lottie: PropertyExport,
        get: @escaping @Sendable (borrowing NodeProperties) -> Double,
        set: @escaping @Sendable (inout NodeProperties, Double) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, group: group, kind: .number, range: range, animation: animation, timeline: timeline,
            field: field.map(AnimatableField.number), drawing: drawing, lottie: lottie,
            read: { .number(get($0)) }, write: { if case .number(let n) = $1 { set(&$0, n) } })
    }

    /// A rectangle, which the engine reads and writes in place.
    static func rect(
        _ key: String, _ animation: AnimatableProperty, timeline: TimelineRule, field: FieldSlot<Rect>, drawing: PropertyDrawing, lottie: PropertyExport,
        get: @escaping @Sendable (borrowing NodeProperties) -> Rect,
        set: @escaping @Sendable (inout NodeProperties, Rect) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, kind: .rect, animation: animation, timeline: timeline,
            field: .rect(field), drawing: drawing, lottie: lottie,
            read: { .rect(get($0)) }, write: { if case .rect(let r) = $1 { set(&$0, r) } })
    }

    /// A colour that is never absent, which the engine reads and writes in place.
    static func color(
        _ key: String, in group: String?, _ animation: AnimatableProperty, field: FieldSlot<Color>, drawing: PropertyDrawing, lottie: PropertyExport,
        get: @escaping @Sendable (borrowing NodeProperties) -> Color,
        set: @escaping @Sendable (inout NodeProperties, Color) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, group: group, kind: .color, animation: animation, field: .color(field), drawing: drawing, lottie: lottie,
            read: { .color(get($0)) }, write: { if case .color(let c?) = $1 { set(&$0, c) } })
    }

    /// True or false, changing at once.
    static func flag(
        _ key: String, timeline: TimelineRule = .unlessDefault, drawing: PropertyDrawing, lottie: PropertyExport,
        get: @escaping @Sendable (borrowing NodeProperties) -> Bool,
        set: @escaping @Sendable (inout NodeProperties, Bool) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, kind: .flag, timeline: timeline, drawing: drawing, lottie: lottie,
            read: { .flag(get($0)) }, write: { if case .flag(let b) = $1 { set(&$0, b) } })
    }

    /// A string of `kind` (a label, one of `choices` or an image), changing at once.
    static func string(
        _ key: String, _ kind: PropertyKind, choices: [String] = [], drawing: PropertyDrawing, lottie: PropertyExport,
        get: @escaping @Sendable (borrowing NodeProperties) -> String?,
        set: @escaping @Sendable (inout NodeProperties, String?) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, kind: kind, choices: choices, drawing: drawing, lottie: lottie,
            read: { .string(get($0)) }, write: { if case .string(let s) = $1 { set(&$0, s) } })
    }
}

/// The order a `cascade` delays a parent's children in.
public enum CascadeDirection: String, CaseIterable, Hashable, Sendable {
    case topToBottom, bottomToTop, leftToRight, rightToLeft, radial
}

/// The path an `arc` modifier moves a node along.
public enum ArcPath: Hashable, Sendable {
    /// Hero's quadratic Bézier, its control point pulled toward the corner by the intensity (0…1).
    case quadratic(Double)
    /// Flutter's `MaterialRectArcTween`: two opposite corners on circular arcs.
    case material
    /// Flutter's `MaterialRectCenterArcTween`: the centre on a circular arc, the size linear.
    case materialCenter

    /// The names `arc(…)` takes besides an intensity.
    public static let names = ["material", "materialCenter"]
}

/// One of Hero's modifiers: how a node without a shared-element match animates, written as a string
/// such as `scale(0.8)` in a scene file or `node.modifiers`. On a leaving node it is the state the node
/// animates to; on an appearing node, the state it animates from.
public indirect enum Modifier: Hashable, Sendable, CustomStringConvertible {
    case fade
    case opacity(Double)
    case scale(x: Double, y: Double)
    case translate(x: Double, y: Double)
    case rotate(Double)
    case size(width: Double, height: Double)
    case position(x: Double, y: Double)
    case cornerRadius(Double)
    case zPosition(Double)
    case delay(Double)
    case duration(Double)
    /// An easing spec, checked by ``Easing/init(spec:)``.
    case curve(String)
    case spring(stiffness: Double, damping: Double)
    /// `arc`, `arc(intensity)`, `arc(material)` or `arc(materialCenter)`.
    case arc(ArcPath)
    case cascade(delta: Double, direction: CascadeDirection)
    /// Start (or end) as the node with this tag in the other scene: its frame, transform, corner radius and shadow.
    case source(String)
    case whenPresenting([Modifier])
    case whenDismissing([Modifier])
    /// Placement and timing switches without arguments (Hero's `HeroModifier+Advanced.swift`).
    case option(ModifierOption)

    /// Every modifier's name, for messages.
    public static let names =
        [
            "fade", "opacity", "scale", "translate", "rotate", "size", "position", "cornerRadius",
            "zPosition", "delay", "duration", "curve", "spring", "arc", "cascade", "source",
            "whenPresenting", "whenDismissing"
        ] + ModifierOption.allCases.map(\.rawValue)

    /// The modifier's name.
    public var name: String {
        switch self {
        case .fade: "fade"
        case .opacity: "opacity"
        case .scale: "scale"
        case .translate: "translate"
        case .rotate: "rotate"
        case .size: "size"
        case .position: "position"
        case .cornerRadius: "cornerRadius"
        case .zPosition: "zPosition"
        case .delay: "delay"
        case .duration: "duration"
        case .curve: "curve"
        case .spring: "spring"
        case .arc: "arc"
        case .cascade: "cascade"
        case .source: "source"
        case .whenPresenting: "whenPresenting"
        case .whenDismissing: "whenDismissing"
        case .option(let o): o.rawValue
        }
    }

    /// The arguments, as numbers and strings (nested modifiers for `whenPresenting`/`whenDismissing`).
    public var arguments: [ModifierArgument] {
        switch self {
        case .fade, .option: []
        case .opacity(let v), .rotate(let v), .cornerRadius(let v), .zPosition(let v), .delay(let v), .duration(let v), .arc(.quadratic(let v)):
            [.number(v)]
        case .scale(let x, let y), .translate(let x, let y), .position(let x, let y): [.number(x), .number(y)]
        case .size(let w, let h): [.number(w), .number(h)]
        case .curve(let s), .source(let s): [.string(s)]
        case .arc(.material): [.string("material")]
        case .arc(.materialCenter): [.string("materialCenter")]
        case .spring(let k, let c): [.number(k), .number(c)]
        case .cascade(let d, let dir): [.number(d), .string(dir.rawValue)]
        case .whenPresenting(let m), .whenDismissing(let m): m.map { .modifier($0) }
        }
    }

    /// The canonical text, which parses back to the same modifier.
    public var description: String {
        if arguments.isEmpty { return name }
        let args = arguments.map { arg -> String in
            switch arg {
            case .number(let n): formatNumber(n)
            case .string(let s): s
            case .modifier(let m): m.description
            }
        }
        return "\(name)(\(args.joined(separator: ", ")))"
    }
}

/// Hero's modifiers that take no arguments and change where a node flies or how long: see
/// docs/shared-elements.md.
public enum ModifierOption: String, CaseIterable, Hashable, Sendable {
    /// Fly above both screens in the container instead of inside the node's own hierarchy.
    case useGlobalCoordinateSpace
    /// Fly the node itself rather than a copy.
    case useNoSnapshot
    /// Animate even when the node lies outside the container.
    case forceAnimate
    /// Last as long as the longest animation of the transition.
    case durationMatchLongest
    /// Change size by a scale transform, keeping the bounds.
    case useScaleBasedSizeChange
}

/// An argument of a ``Modifier``.
public enum ModifierArgument: Hashable, Sendable {
    case number(Double)
    case string(String)
    case modifier(Modifier)
}

/// A modifier string that cannot be used; the message names the closest modifier when there is one.
public struct ModifierError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ message: String) { description = message }
}

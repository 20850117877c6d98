/// How a gradient's colours spread, as `CAGradientLayerType`.
public enum GradientType: String, Sendable, CaseIterable {
    /// Along the line from the start point to the end point.
    case axial
    /// In ellipses centred on the start point, the outermost reaching the end point.
    case radial
    /// Around the start point, beginning in the direction of the end point, clockwise on screen.
    case conic
}

/// A layer's gradient, as `CAGradientLayer`: colours at locations, spread between two points given in
/// unit coordinates of the node's bounds (`(0, 0)` top left, `(1, 1)` bottom right). No colours, the
/// default, draw nothing.
public struct Gradient: Hashable, Sendable {
    public var type: GradientType = .axial
    public var colors: [Color] = []
    /// Where each colour lies along the gradient (0…1); empty, or a count other than the colours', spreads them evenly.
    public var locations: [Double] = []
    public var startPoint = Point(x: 0.5, y: 0)
    public var endPoint = Point(x: 0.5, y: 1)

    public init() {}

    /// Each colour with the location it is drawn at, as Core Animation and CSS place them: given
    /// locations when their count is the colours', evenly spread otherwise; each clamped to 0…1 and
    /// to at least the one before it, so that stops never go backwards.
    public var stops: [(location: Double, color: Color)] {
        let given = locations.count == colors.count
        var last = 0.0
        return colors.enumerated().map { i, color in
            let even = colors.count > 1 ? Double(i) / Double(colors.count - 1) : 0
            last = max(last, min(max(given ? locations[i] : even, 0), 1))
            return (last, color)
        }
    }
}

/// A node's gradient kept behind one reference, so that the many nodes without a gradient carry
/// only a null pointer (8 bytes) in their properties rather than the gradient's arrays and points.
/// Immutable: a change makes a new box.
final class GradientBox: Hashable, Sendable {
    let value: Gradient
    init(_ value: Gradient) { self.value = value }
    static func == (a: GradientBox, b: GradientBox) -> Bool { a === b || a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// One animatable member of ``Gradient``, which the engine reads and writes through the node's box.
enum GradientMember: Sendable {
    case colors, locations, startPoint, endPoint

    /// The member's value in `p`.
    func load(from p: borrowing NodeProperties) -> AnimatableValue {
        let g = p.gradient
        switch self {
        case .colors: return .colors(g.colors)
        case .locations: return .numbers(g.locations)
        case .startPoint: return .point(g.startPoint)
        case .endPoint: return .point(g.endPoint)
        }
    }

    /// Writes `v` into `p`; a value of another kind is ignored.
    func store(_ v: AnimatableValue, into p: inout NodeProperties) {
        switch self {
        case .colors: if case .colors(let c) = v { p.gradient.colors = c }
        case .locations: if case .numbers(let n) = v { p.gradient.locations = n }
        case .startPoint: if case .point(let q) = v { p.gradient.startPoint = q }
        case .endPoint: if case .point(let q) = v { p.gradient.endPoint = q }
        }
    }
}

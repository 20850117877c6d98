/// The shape of a box's corners, as one value that drawing, backing stores, shadow masks and exports
/// take whole: one radius (`CALayer.cornerRadius`), the corners it rounds (`maskedCorners`) and the
/// curve it rounds them with (`cornerCurve`). Code that derives a shape (an inset for a border, a
/// rounding for a cache key) goes through ``mapRadii(_:)`` and so keeps the corners and the curve.
public struct CornerShape: Hashable, Sendable {
    /// The radius of every rounded corner, in points (0 or less: square).
    public var radius: Double
    /// The corners the radius rounds; the others are square.
    public var corners: CornerMask
    /// Circular arcs or iOS's continuous corners.
    public var curve: CornerCurve

    public init(radius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular) {
        self.radius = radius; self.corners = corners; self.curve = curve
    }

    /// Square corners.
    public static let square = CornerShape(radius: 0)

    /// Whether every corner is square, so that the box is a plain rectangle.
    public var isSquare: Bool { !(radius > 0) || corners.isEmpty }

    /// Whether the shape is `cornerRadius` alone: all four corners, circular (drawn with arcs, exported
    /// as Lottie's rounded rectangle).
    public var isUniformCircular: Bool { corners == .all && curve == .circular }

    /// The same shape with each radius replaced by `transform` of it.
    public func mapRadii(_ transform: (Double) -> Double) -> CornerShape {
        CornerShape(radius: transform(radius), corners: corners, curve: curve)
    }

    /// The shape along a line `distance` points inside the edges (a border's centre line): each radius
    /// less the distance.
    public func inset(by distance: Double) -> CornerShape { mapRadii { $0 - distance } }

    /// The radius drawn on a box of `size`: not negative and at most half the shorter side, as
    /// `CALayer` clamps it.
    public func radius(fitting size: Size) -> Double { min(max(radius, 0), min(size.width, size.height) / 2) }

    /// The shape drawn on a box of `size`, each radius clamped as ``radius(fitting:)`` clamps it: what
    /// caches key on, so that radii past what the box can show make one entry, not one per value.
    public func fitting(_ size: Size) -> CornerShape { mapRadii { min(max($0, 0), min(size.width, size.height) / 2) } }
}

/// The corners `cornerRadius` rounds, as `CACornerMask` (`minXMinY` is the top left, y down).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let minXMinY = CornerMask(rawValue: 1)
    public static let maxXMinY = CornerMask(rawValue: 2)
    public static let minXMaxY = CornerMask(rawValue: 4)
    public static let maxXMaxY = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// Each corner with its name in scene files, Lua and the timeline, in `CACornerMask`'s order.
    public static let named: [(name: String, corner: CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY)
    ]

    /// The corners named by `names` (each one of ``named``; an unknown name is left out: readers check first).
    public init(names: [String]) {
        self = CornerMask(Self.named.filter { names.contains($0.name) }.map(\.corner))
    }

    /// The names of the corners in the mask, in `CACornerMask`'s order (one list per mask, made
    /// once: the timeline reads them for every node of every frame).
    public var names: [String] { Self.namesByMask[Int(rawValue & 15)] }

    /// The names of each of the sixteen masks' corners, by raw value.
    private static let namesByMask: [[String]] = (0..<16).map { raw in named.filter { CornerMask(rawValue: UInt8(raw)).contains($0.corner) }.map(\.name) }
}

/// How a rounded corner curves, as `CALayerCornerCurve`.
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
    /// A quarter circle of the corner radius.
    case circular
    /// iOS's continuous corner: the curvature rises smoothly from the straight edge into the arc.
    case continuous
}

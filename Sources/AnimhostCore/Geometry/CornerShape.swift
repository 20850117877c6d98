/// The shape of a box's corners, as one value that drawing, backing stores, shadow masks and exports
/// take whole: today one radius for all four corners with circular arcs, as `CALayer.cornerRadius`.
/// Per-corner radii or a continuous curve would be fields here; code that derives a shape (an inset
/// for a border, a rounding for a cache key) goes through ``mapRadii(_:)`` and so keeps them.
public struct CornerShape: Hashable, Sendable {
    /// The radius of every corner, in points (0 or less: square).
    public var radius: Double

    public init(radius: Double) { self.radius = radius }

    /// Square corners.
    public static let square = CornerShape(radius: 0)

    /// Whether every corner is square, so that the box is a plain rectangle.
    public var isSquare: Bool { !(radius > 0) }

    /// The same shape with each radius replaced by `transform` of it.
    public func mapRadii(_ transform: (Double) -> Double) -> CornerShape { CornerShape(radius: transform(radius)) }

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

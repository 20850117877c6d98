/// A node's mapping to the container when it is projective: some ancestor-or-self turns it out of
/// the screen's plane under a perspective. Boxed, so that the samples of 2-D nodes stay small.
public final class NodeSpace: Sendable {
    /// Maps the node's own plane (z = 0, origin top-left) to the container's, before the divide by
    /// w: each layer flattened into its parent's plane, as Core Animation draws a layer that does
    /// not preserve 3-D.
    public let toContainer: Transform3D

    public init(_ toContainer: Transform3D) { self.toContainer = toContainer }
}

/// What a 3-D parent hands down to its children in ``FrameSampler``.
final class ParentSpace {
    /// The parent's `sublayerTransform` about its anchor point, in its own coordinates; nil when none.
    let sublayer: Transform3D?
    /// The parent's projective mapping to the container; nil when it is the 2-D one.
    let toContainer: Transform3D?

    init(sublayer: Transform3D?, toContainer: Transform3D?) { self.sublayer = sublayer; self.toContainer = toContainer }
}

extension Layer3D {
    /// The node's layer transform to its parent's coordinates (before the parent's sublayer
    /// transform): `transform` then `transform3D` about the anchor point, then to the frame's place
    /// and `zPosition` along z.
    static func toParent(_ p: NodeProperties) -> Transform3D {
        let f = p.frame, a = p.anchorPoint
        let ax = f.width * a.x, ay = f.height * a.y
        var t = Transform3D.translation(-ax, -ay, 0)
        if !p.transform.isIdentity { t = t * Transform3D(p.transform) }
        if !p.transform3D.isIdentity { t = t * p.transform3D }
        return t * Transform3D.translation(f.x + ax, f.y + ay, p.zPosition)
    }

    /// The node's `sublayerTransform` about its anchor point, or nil when it has none.
    static func sublayer(_ p: NodeProperties) -> Transform3D? {
        let s = p.sublayerTransform
        guard !s.isIdentity else { return nil }
        let ax = p.frame.width * p.anchorPoint.x, ay = p.frame.height * p.anchorPoint.y
        return Transform3D.translation(-ax, -ay, 0) * s * Transform3D.translation(ax, ay, 0)
    }
}

extension Transform3D {
    /// The axis-aligned box of the rectangle (0, 0, `size`) of the plane z = 0 as it appears:
    /// the corners projected, the part at or behind the eye clipped away first (an empty box at
    /// the origin when all of it is behind).
    public func projectedBounds(of size: Size) -> Rect {
        let points = visiblePolygon(of: size)
        guard !points.isEmpty else { return .zero }
        return Rect.bounding(points)
    }

    /// The visible part of the rectangle (0, 0, `size`) projected: its corners in order, each edge
    /// cut where it crosses w = ``nearW`` (Sutherland–Hodgman against that plane). Empty when none shows.
    public func visiblePolygon(of size: Size) -> [Point] {
        let corners = [(0.0, 0.0), (size.width, 0), (size.width, size.height), (0, size.height)].map { homogeneous($0.0, $0.1, 0) }
        var out: [Point] = []
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let aIn = a.w > Transform3D.nearW, bIn = b.w > Transform3D.nearW
            if aIn { out.append(Point(x: a.x / a.w, y: a.y / a.w)) }
            if aIn != bIn {
                let t = (Transform3D.nearW - a.w) / (b.w - a.w)
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                out.append(Point(x: x / Transform3D.nearW, y: y / Transform3D.nearW))
            }
        }
        return out.allSatisfy { $0.x.isFinite && $0.y.isFinite } ? out : []
    }

    /// The 2-D affine transform closest (least squares) to this one over the corners of the
    /// rectangle (0, 0, `size`): what a 2-D consumer (the Lottie export, the overlay) keeps of a
    /// projective mapping. When a corner is behind the eye, the map onto the visible part's box.
    public func affineFit(over size: Size) -> Transform2D {
        let w = size.width, h = size.height
        let corners = [(0.0, 0.0), (w, 0), (0, h), (w, h)].map { project(Point(x: $0.0, y: $0.1)) }
        guard w > 0, h > 0, let p00 = corners[0], let p10 = corners[1], let p01 = corners[2], let p11 = corners[3] else {
            let box = projectedBounds(of: size)
            return Transform2D(a: w > 0 ? box.width / w : 1, b: 0, c: 0, d: h > 0 ? box.height / h : 1, tx: box.x, ty: box.y)
        }
        let a = ((p10.x - p00.x) + (p11.x - p01.x)) / (2 * w), b = ((p10.y - p00.y) + (p11.y - p01.y)) / (2 * w)
        let c = ((p01.x - p00.x) + (p11.x - p10.x)) / (2 * h), d = ((p01.y - p00.y) + (p11.y - p10.y)) / (2 * h)
        let mx = (p00.x + p10.x + p01.x + p11.x) / 4, my = (p00.y + p10.y + p01.y + p11.y) / 4
        return Transform2D(a: a, b: b, c: c, d: d, tx: mx - a * w / 2 - c * h / 2, ty: my - b * w / 2 - d * h / 2)
    }
}

import Foundation

/// One vertex of a closed cubic Bézier path, with its handles relative to it (Lottie's form; a
/// straight segment has zero handles at both ends).
public struct BezierVertex: Hashable, Sendable {
    public var point: Point
    /// The handle of the segment arriving here, relative to ``point``.
    public var inTangent: Point
    /// The handle of the segment leaving here, relative to ``point``.
    public var outTangent: Point

    public init(point: Point, inTangent: Point = .zero, outTangent: Point = .zero) {
        self.point = point; self.inTangent = inTangent; self.outTangent = outTangent
    }
}

extension CornerShape {
    /// How far along each edge a continuous corner reaches, in radii: published measurements of
    /// UIKit's continuous rounded rectangles find the edge leaving the straight line 1.528665 r from
    /// the corner (a circular corner: 1 r).
    public static let continuousExtent = 1.528665
    /// The angle each continuous transition takes from the corner's quarter circle, at full
    /// smoothing: the same measurements find the arc in the middle spanning 46.6° of the 90°.
    public static let continuousTrim = 21.72 * Double.pi / 180

    /// The outline of `rect` with these corners: 16 vertices, clockwise on screen from the top edge's
    /// left end, four per corner (where the corner leaves one edge, the ends of its arc, where it
    /// meets the next edge), so that every shape of a node has the same vertices to animate between.
    /// A square corner's four sit on the corner; a circular one's arc is the whole quarter circle.
    public func outline(of rect: Rect) -> [BezierVertex] {
        let r = radius(fitting: rect.size)
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        // Each corner: its vertex, the direction arriving along one edge, the direction leaving along the next.
        let order: [(CornerMask, Point, Point, Point)] = [
            (.minXMinY, Point(x: x0, y: y0), Point(x: 0, y: -1), Point(x: 1, y: 0)),
            (.maxXMinY, Point(x: x1, y: y0), Point(x: 1, y: 0), Point(x: 0, y: 1)),
            (.maxXMaxY, Point(x: x1, y: y1), Point(x: 0, y: 1), Point(x: -1, y: 0)),
            (.minXMaxY, Point(x: x0, y: y1), Point(x: -1, y: 0), Point(x: 0, y: -1))
        ]
        let template = CornerShape.template(smoothing: curve == .continuous ? smoothing(radius: r, size: rect.size) : 0)
        var out: [BezierVertex] = []
        out.reserveCapacity(16)
        for (mask, v, arriving, leaving) in order {
            let scale = corners.contains(mask) ? r : 0
            // A template point (s back along the arriving edge, t along the leaving one) on screen.
            func place(_ p: Point) -> Point {
                Point(x: v.x + scale * (-p.x * arriving.x + p.y * leaving.x), y: v.y + scale * (-p.x * arriving.y + p.y * leaving.y))
            }
            func handle(_ p: Point) -> Point {
                Point(x: scale * (-p.x * arriving.x + p.y * leaving.x), y: scale * (-p.x * arriving.y + p.y * leaving.y))
            }
            out += template.map { BezierVertex(point: place($0.point), inTangent: handle($0.inTangent), outTangent: handle($0.outTangent)) }
        }
        return Array(out[3...] + out[..<3])  // start where the top-left corner meets the top edge
    }

    /// How far a continuous corner of radius `r` on a `size` box can reach along its edges, from 0 (no
    /// room beyond the radius: a circular corner) to 1 (the whole ``continuousExtent``).
    func smoothing(radius r: Double, size: Size) -> Double {
        guard r > 0 else { return 0 }
        let room = min(size.width, size.height) / 2 / r
        return min(max((room - 1) / (CornerShape.continuousExtent - 1), 0), 1)
    }

    /// One corner in units of its radius, as (s, t): s back along the arriving edge from the corner, t
    /// along the leaving edge. The arc is the circular corner's (centre (1, 1)) trimmed by φ at each
    /// end; each transition is a cubic whose three first points lie on the edge (no curvature where it
    /// leaves the edge) and whose last handle makes its curvature 1 where it meets the arc, so the
    /// curvature rises continuously from the edge into the arc. At `smoothing` 0 it is the quarter circle.
    static func template(smoothing: Double) -> [BezierVertex] {
        let phi = smoothing * continuousTrim, extent = 1 + smoothing * (continuousExtent - 1)
        let (sinPhi, cosPhi) = (sin(phi), cos(phi))
        let arcStart = Point(x: 1 - sinPhi, y: 1 - cosPhi)
        let b = tan(phi / 2)  // the arc end's handle reaching back to the edge
        let edgeHandle = arcStart.x + b * cosPhi  // where that handle meets the edge
        let lead = sinPhi > 0 ? 1.5 * b * b / sinPhi : 0  // curvature b·sinφ·lead·(2/3)/b³ = 1
        let firstHandle = edgeHandle + lead
        let h = 4.0 / 3 * tan((Double.pi / 2 - 2 * phi) / 4)  // a cubic's handle for the arc
        return [
            BezierVertex(point: Point(x: extent, y: 0), outTangent: Point(x: firstHandle - extent, y: 0)),
            BezierVertex(
                point: arcStart, inTangent: Point(x: edgeHandle - arcStart.x, y: -arcStart.y),
                outTangent: Point(x: -h * cosPhi, y: h * sinPhi)),
            BezierVertex(
                point: Point(x: arcStart.y, y: arcStart.x), inTangent: Point(x: h * sinPhi, y: -h * cosPhi),
                outTangent: Point(x: -arcStart.y, y: edgeHandle - arcStart.x)),
            BezierVertex(point: Point(x: 0, y: extent), inTangent: Point(x: 0, y: firstHandle - extent))
        ]
    }
}

import Foundation
import AnimhostCore

/// The geometry a Lottie layer needs, from a node's sample: where a part goes on screen, and
/// rounded rectangles as bezier paths.
enum LottieGeometry {
    /// Bezier handle length for a quarter circle, as a fraction of its radius.
    static let kappa = 0.5522847498

    /// A part of `content` size (its own units: pixels of an image, points of a shape) stretched over
    /// `rect` of the node whose coordinates `toContainer` maps, as Lottie's transform with the anchor at
    /// the content's centre: position (x, y), scale (x, y) in percent and rotation in degrees.
    static func placement(over rect: Rect, content: Size, through toContainer: Transform2D) -> [Double] {
        let t = toContainer
        let cx = rect.x + rect.width / 2, cy = rect.y + rect.height / 2
        let position = (t.a * cx + t.c * cy + t.tx, t.b * cx + t.d * cy + t.ty)
        let fx = content.width > 0 ? rect.width / content.width : 0, fy = content.height > 0 ? rect.height / content.height : 0
        let (a, b, c, d) = (t.a * fx, t.b * fx, t.c * fy, t.d * fy)
        let sx = (a * a + b * b).squareRoot()
        let angle = sx > 0 ? atan2(b, a) : 0
        let sy = sx > 0 ? (a * d - b * c) / sx : (c * c + d * d).squareRoot()
        return [position.0, position.1, sx * 100, sy * 100, angle * 180 / .pi]
    }

    /// Keeps each frame's rotation (the last of `placement`'s values) within half a turn of the one before.
    static func unwrapRotation(_ values: inout [[Double]]) {
        guard values.count > 1 else { return }
        for i in 1..<values.count {
            let r = values[i].count - 1
            let step = values[i][r] - values[i - 1][r]
            if step > 180 { values[i][r] -= 360 * ((step - 180) / 360).rounded(.up) }
            if step < -180 { values[i][r] += 360 * ((-180 - step) / 360).rounded(.up) }
        }
    }

    /// A closed path around `rect` with `corners` (their radius clamped as `CALayer` clamps it), mapped
    /// through `t`; flattened as ``roundedRect(_:rx:ry:through:)``'s.
    /// With `outline`, every shape is its 16-vertex ``CornerShape/outline(of:)`` (per-corner radii,
    /// continuous corners), so that all the frames of a track that shows one have paths that match.
    static func roundedRect(_ rect: Rect, corners: CornerShape, through t: Transform2D, outline: Bool = false) -> [Double] {
        if outline { return flatten(corners.outline(of: rect), through: t) }
        let r = corners.radius(fitting: rect.size)
        return roundedRect(rect, rx: r, ry: r, through: t)
    }

    /// Whether any of `samples` draws corners that Lottie's rounded rectangle cannot show.
    static func needsOutline(_ samples: [NodeSample]) -> Bool {
        samples.contains { !$0.properties.cornerShape.isUniformCircular }
    }

    /// `vertices` mapped through `t`, flattened as ``roundedRect(_:rx:ry:through:)``'s.
    static func flatten(_ vertices: [BezierVertex], through t: Transform2D) -> [Double] {
        var flat: [Double] = []
        flat.reserveCapacity(vertices.count * 6)
        for v in vertices {
            let p = t.apply(to: v.point)
            let (i, o) = (v.inTangent, v.outTangent)
            flat += [p.x, p.y, t.a * i.x + t.c * i.y, t.b * i.x + t.d * i.y, t.a * o.x + t.c * o.y, t.b * o.x + t.d * o.y]
        }
        return flat
    }

    /// A closed path of 8 vertices around `rect` with corners of `rx` × `ry` (each clamped to half the
    /// side), mapped through `t`; flattened as x, y, in-tangent x, y, out-tangent x, y per vertex.
    static func roundedRect(_ rect: Rect, rx: Double, ry: Double, through t: Transform2D) -> [Double] {
        let rx = min(max(rx, 0), rect.width / 2), ry = min(max(ry, 0), rect.height / 2)
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        let (kx, ky) = (rx * kappa, ry * kappa)
        // (vertex, in-tangent, out-tangent), clockwise on screen from the top edge's left end.
        let local: [((Double, Double), (Double, Double), (Double, Double))] = [
            ((x0 + rx, y0), (-kx, 0), (0, 0)), ((x1 - rx, y0), (0, 0), (kx, 0)),
            ((x1, y0 + ry), (0, -ky), (0, 0)), ((x1, y1 - ry), (0, 0), (0, ky)),
            ((x1 - rx, y1), (kx, 0), (0, 0)), ((x0 + rx, y1), (0, 0), (-kx, 0)),
            ((x0, y1 - ry), (0, ky), (0, 0)), ((x0, y0 + ry), (0, 0), (0, -ky))
        ]
        var flat: [Double] = []
        flat.reserveCapacity(48)
        for (v, i, o) in local {
            let x: Double = t.a * v.0 + t.c * v.1 + t.tx
            let y: Double = t.b * v.0 + t.d * v.1 + t.ty
            flat += [x, y, t.a * i.0 + t.c * i.1, t.b * i.0 + t.d * i.1]
            flat += [t.a * o.0 + t.c * o.1, t.b * o.0 + t.d * o.1]
        }
        return flat
    }

    /// The four corners of `rect`, clockwise on screen from the top left, as a flattened path.
    static func square(_ rect: Rect) -> [Double] {
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].flatMap { [$0.0, $0.1, 0, 0, 0, 0] }
    }

    /// A flattened path as Lottie's shape value.
    static func path(_ flat: [Double]) -> LottieJSON {
        func column(_ k: Int) -> LottieJSON {
            .array(stride(from: 0, to: flat.count, by: 6).map { .nums([flat[$0 + k], flat[$0 + k + 1]]) })
        }
        return .object([("c", .bool(true)), ("v", column(0)), ("i", column(2)), ("o", column(4))])
    }
}

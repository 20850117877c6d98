import CCairo
import AnimhostCore

/// Small conveniences over Cairo's C calls, in the engine's types.
extension Transform2D {
    /// Cairo's matrix for this transform (x' = a·x + c·y + tx, y' = b·x + d·y + ty).
    var cairoMatrix: cairo_matrix_t { cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty) }
}

enum Draw {
    /// Replaces the context's transform with `t`.
    static func setTransform(_ cr: OpaquePointer, _ t: Transform2D) {
        var m = t.cairoMatrix
        cairo_set_matrix(cr, &m)
    }

    /// Sets a solid source, its alpha multiplied by `opacity`.
    static func setColor(_ cr: OpaquePointer, _ c: Color, opacity: Double = 1) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * opacity)
    }

    /// Adds a rectangle with `corners` (their radius clamped to half the shorter side), as `CALayer.cornerRadius` does.
    static func roundedRect(_ cr: OpaquePointer, _ r: Rect, corners: CornerShape) {
        let radius = corners.radius(fitting: r.size)
        guard radius > 0, !corners.corners.isEmpty else { cairo_rectangle(cr, r.x, r.y, r.width, r.height); return }
        guard corners.isUniformCircular else { return outline(cr, corners.outline(of: r)) }
        let (x0, y0, x1, y1) = (r.x, r.y, r.x + r.width, r.y + r.height)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x1 - radius, y0 + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, x1 - radius, y1 - radius, radius, 0, .pi / 2)
        cairo_arc(cr, x0 + radius, y1 - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, x0 + radius, y0 + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Adds the closed path through `vertices`.
    static func outline(_ cr: OpaquePointer, _ vertices: [BezierVertex]) {
        guard let first = vertices.first else { return }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, first.point.x, first.point.y)
        for (i, v) in vertices.enumerated() {
            let next = vertices[(i + 1) % vertices.count]
            let (o, n) = (v.outTangent, next.inTangent)
            if o == .zero && n == .zero {
                cairo_line_to(cr, next.point.x, next.point.y)
            } else {
                cairo_curve_to(cr, v.point.x + o.x, v.point.y + o.y, next.point.x + n.x, next.point.y + n.y, next.point.x, next.point.y)
            }
        }
        cairo_close_path(cr)
    }

    /// Paints `surface` (of `pixelSize`) stretched over `rect`, with bilinear filtering.
    static func paint(_ cr: OpaquePointer, surface: OpaquePointer, pixelSize: (Int, Int), over rect: Rect, opacity: Double) {
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(pixelSize.0), rect.height / Double(pixelSize.1))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
        cairo_restore(cr)
    }
}

import CCairo
import AnimhostCore

/// A node's gradient drawn as `CAGradientLayer` draws it, within the node's rounded bounds: axial
/// along the start point → end point line, radial in ellipses centred on the start point whose
/// outermost reaches the end point, conic around the start point from the end point's direction,
/// clockwise on screen. Colours between stops are blended premultiplied, as Core Animation and CSS
/// blend them; the end colours extend beyond the ends.
enum GradientPainting {
    /// Stops added between two stops of different alphas: Cairo blends straight colours, so the
    /// premultiplied blend is followed through this many points (8-bit colour cannot tell the rest).
    static let subdivisions = 16
    /// The most pixels a side of a conic gradient's raster has (a larger region is stretched from
    /// it): the raster covers only what can show, so this binds only on frames past 4K.
    static let conicSide = 4096

    /// Paints `g` over `bounds` (the node's coordinates are the context's) within `corners`.
    static func paint(_ cr: OpaquePointer, _ g: Gradient, bounds: Rect, corners: CornerShape, opacity: Double) throws {
        guard !g.colors.isEmpty, bounds.width > 0, bounds.height > 0 else { return }
        let start = Point(x: g.startPoint.x * bounds.width, y: g.startPoint.y * bounds.height)
        let end = Point(x: g.endPoint.x * bounds.width, y: g.endPoint.y * bounds.height)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        Draw.roundedRect(cr, bounds, corners: corners)
        cairo_clip(cr)
        if g.type == .conic {
            try paintConic(cr, g, center: start, toward: end, opacity: opacity)
            return
        }
        let pattern = pattern(g, start: start, end: end)
        defer { cairo_pattern_destroy(pattern) }
        let stops = premultipliedStops(g.stops)
        for (offset, c) in stops { cairo_pattern_add_color_stop_rgba(pattern, offset, c.r, c.g, c.b, c.a) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, opacity)
    }

    /// Cairo's linear or radial pattern from `start` to `end`; a radial one without width or height
    /// leaves every point past its end, so its last colour fills the node (a linear pattern whose
    /// stops all lie at its start).
    private static func pattern(_ g: Gradient, start: Point, end: Point) -> OpaquePointer {
        if g.type == .axial { return cairo_pattern_create_linear(start.x, start.y, end.x, end.y)! }
        let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
        guard rx > 0, ry > 0 else { return cairo_pattern_create_linear(-2, 0, -1, 0)! }
        // The unit circle about the origin, mapped onto the ellipse: Cairo's matrix maps user space to pattern space.
        let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)!
        var m = Transform2D(a: rx, b: 0, c: 0, d: ry, tx: start.x, ty: start.y).inverted()?.cairoMatrix ?? cairo_matrix_t()
        cairo_pattern_set_matrix(pattern, &m)
        return pattern
    }

    /// The stops as Cairo takes them (straight colours, blended straight between stops), made to
    /// follow the premultiplied blend: a clear stop takes its neighbour's colour on each side (two
    /// stops at its place), which makes the straight blend the premultiplied one, and stops are added
    /// between two of different alphas neither of them clear.
    static func premultipliedStops(_ stops: [(location: Double, color: Color)]) -> [(Double, Color)] {
        guard stops.count > 1 else { return stops.map { ($0.location, $0.color) } }
        var out: [(Double, Color)] = []
        for i in 1..<stops.count {
            let a = stops[i - 1], b = stops[i]
            var ca = a.color, cb = b.color
            if ca.a == 0 { ca = Color(r: cb.r, g: cb.g, b: cb.b, a: 0) }
            if cb.a == 0 { cb = Color(r: ca.r, g: ca.g, b: ca.b, a: 0) }
            out.append((a.location, ca))
            if ca.a != cb.a, ca.a > 0, cb.a > 0 {
                for k in 1..<subdivisions {
                    let t = Double(k) / Double(subdivisions)
                    out.append((a.location + (b.location - a.location) * t, blend(ca, cb, t)))
                }
            }
            out.append((b.location, cb))
        }
        return out
    }

    /// The colour a fraction `t` of the way from `a` to `b`, blended premultiplied (straight again).
    static func blend(_ a: Color, _ b: Color, _ t: Double) -> Color {
        let alpha = a.a + (b.a - a.a) * t
        guard alpha > 0 else { return .clear }
        func mix(_ x: Double, _ y: Double) -> Double { min(max((x * a.a + (y * b.a - x * a.a) * t) / alpha, 0), 1) }
        return Color(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: alpha)
    }

    /// The colour of the gradient at `t` (0…1 along it), blended premultiplied.
    static func color(at t: Double, in stops: [(location: Double, color: Color)]) -> Color {
        guard let first = stops.first, t > first.location else { return stops.first?.color ?? .clear }
        for i in 1..<stops.count where t <= stops[i].location {
            let a = stops[i - 1], b = stops[i], span = b.location - a.location
            return span > 0 ? blend(a.color, b.color, (t - a.location) / span) : b.color
        }
        return stops[stops.count - 1].color
    }
}

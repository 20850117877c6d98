import CCairo
import AnimhostCore

extension Draw {
    /// Adds `path` to the context's current path.
    static func path(_ cr: OpaquePointer, _ path: ShapePath) {
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .cubic(let a, let b, let c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
            case .close: cairo_close_path(cr)
            }
        }
    }
}

/// A node's paths drawn as Core Animation draws them: its shape (a `CAShapeLayer`), its mask and the
/// reach of both and of its shadow path, for the regions the renderer sets aside.
enum ShapePainting {
    /// Fills the shape's path (non-zero rule), then strokes the part between `strokeStart` and
    /// `strokeEnd` of its length with butt caps and miter joins (limit 10), `CAShapeLayer`'s defaults.
    static func draw(_ shape: ShapeStyle, on cr: OpaquePointer, opacity: Double) {
        guard let path = shape.path else { return }
        if shape.fillColor.a > 0 {
            cairo_new_path(cr)
            Draw.path(cr, path)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            Draw.setColor(cr, shape.fillColor, opacity: opacity)
            cairo_fill(cr)
        }
        guard let stroke = shape.strokeColor, stroke.a > 0, shape.lineWidth > 0, shape.strokeEnd > shape.strokeStart else { return }
        cairo_new_path(cr)
        Draw.path(cr, path.trimmed(start: shape.strokeStart, end: shape.strokeEnd))
        cairo_set_line_width(cr, reach(shape.lineWidth, of: path, on: cr))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, 10)
        Draw.setColor(cr, stroke, opacity: opacity)
        cairo_stroke(cr)
    }

    /// `width`, or, when it is wider than the drawing can show, twice the widest span between the
    /// area `cr` draws in and the path: the stroke covers the same pixels (a point is covered by the
    /// part of the path nearest it), and its outline stays within what Cairo's fixed-point numbers
    /// hold, so a stroke of 1e9 points covers the frame rather than vanishing.
    static func reach(_ width: Double, of path: ShapePath, on cr: OpaquePointer) -> Double {
        guard let b = path.boundingBox else { return width }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let span = max(x1, b.maxX) - min(x0, b.minX) + max(y1, b.maxY) - min(y0, b.minY)
        return min(width, 4 * span)
    }

    /// Clips `cr` to the area `mask` fills (non-zero rule), as a `CAShapeLayer` set as `layer.mask`.
    static func clip(_ cr: OpaquePointer, to mask: ShapePath) {
        cairo_new_path(cr)
        Draw.path(cr, mask)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }

    /// The box in the container that the node paints in, its paths included: its bounds' box, grown
    /// by its shape (half a stroke's width, five times for miter joins) and its shadow path.
    static func box(_ node: NodeSample) -> Rect {
        let paths = node.properties.paths
        guard !paths.isEmpty else { return node.bbox }
        var points = [Point.zero, Point(x: node.properties.frame.width, y: node.properties.frame.height)]
        let shape = paths.shape
        if let b = shape.path?.boundingBox {
            let w = shape.strokeColor == nil ? 0 : 5 * max(shape.lineWidth, 0)
            points += [Point(x: b.minX - w, y: b.minY - w), Point(x: b.maxX + w, y: b.maxY + w)]
        }
        if let b = paths.shadowPath?.boundingBox { points += [b.origin, Point(x: b.maxX, y: b.maxY)] }
        let local = Rect.bounding(points)
        let t = node.toContainer
        let corners = [
            Point(x: local.minX, y: local.minY), Point(x: local.maxX, y: local.minY),
            Point(x: local.minX, y: local.maxY), Point(x: local.maxX, y: local.maxY)
        ]
        return Rect.bounding(corners.map { t.apply(to: $0) })
    }
}

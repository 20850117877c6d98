import CCairo
import AnimhostCore

/// `backdropBlur`: what lies beneath a node, within its rounded bounds, blurred like a Gaussian before
/// the node draws (`UIVisualEffectView`, CSS's `backdrop-filter: blur()`). What lies beneath is what the
/// node's drawing target holds: the frame, or the group an ancestor with `alpha` or `blur` is drawn in
/// (CSS's backdrop root). A copy of the pixels under the node's box, widened by three σ, is blurred as
/// a group's `blur` is and painted back through the rounded bounds with the node's opacity.
enum BackdropBlur {
    /// Blurs the pixels beneath `node` on `cr`'s target, the node's bounds mapped by `transform` (to
    /// device pixels), by its `backdropBlur` points at `scale` pixels per point.
    static func draw(_ node: NodeSample, on cr: OpaquePointer, transform t: Transform2D, scale: Double, opacity: Double) throws {
        let p = node.properties, sigma = p.backdropBlur * scale
        let target = cairo_get_target(cr)!
        guard let region = region(of: p.frame.size, transform: t, spread: 3 * sigma, target: target) else { return }
        let copy = try Surface(width: region.w, height: region.h)
        cairo_surface_flush(target)
        let from = cairo_image_surface_get_data(target)!, fromStride = Int(cairo_image_surface_get_stride(target))
        let to = cairo_image_surface_get_data(copy.surface)!
        for y in 0..<region.h {
            (to + y * copy.stride).update(from: from + (region.y + y) * fromStride + region.x * 4, count: region.w * 4)
        }
        cairo_surface_mark_dirty(copy.surface)
        try FrameRenderer.blur(copy, region: (0, 0, region.w, region.h), sigma: sigma)
        cairo_save(cr)
        Draw.setTransform(cr, t)
        Draw.roundedRect(cr, Rect(origin: .zero, size: p.frame.size), corners: p.cornerShape)
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, copy.surface, Double(region.x), Double(region.y))
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)  // the blurred copy replaces what it was made from
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }

    /// The whole pixels of `target` that the box of `size` mapped by `t`, widened by `spread` pixels,
    /// covers; nil when none.
    static func region(of size: Size, transform t: Transform2D, spread: Double, target: OpaquePointer) -> (x: Int, y: Int, w: Int, h: Int)? {
        let corners = [Point.zero, Point(x: size.width, y: 0), Point(x: 0, y: size.height), Point(x: size.width, y: size.height)].map(t.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        let x0 = max(0, checkedInt(xs.min()! - spread, .down)), y0 = max(0, checkedInt(ys.min()! - spread, .down))
        let x1 = min(width, checkedInt(xs.max()! + spread, .up)), y1 = min(height, checkedInt(ys.max()! + spread, .up))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }
}

import CCairo
import Foundation
import AnimhostCore

extension GradientPainting {
    /// Paints a conic gradient: each pixel's colour computed from its angle about `center`, measured
    /// clockwise on screen from the direction of `end` (a full turn is 0…1 of the gradient). Cairo has
    /// no conic pattern: the part of the node that can show (the context's clip, within the frame) is
    /// computed into a raster at the context's resolution, at most ``conicSide`` a side, and painted
    /// like an image, so the work follows the pixels drawn, not the node's size.
    static func paintConic(_ cr: OpaquePointer, _ g: Gradient, center: Point, toward end: Point, opacity: Double) throws {
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        guard x1 > x0, y1 > y0 else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let perPoint = max((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
        let region = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let w = min(max(checkedInt(region.width * perPoint, .up), 1), conicSide)
        let h = min(max(checkedInt(region.height * perPoint, .up), 1), conicSide)
        let raster = try Surface(width: w, height: h)
        let stops = g.stops
        let base = end == center ? 0 : atan2(end.y - center.y, end.x - center.x)
        let sx = region.width / Double(w), sy = region.height / Double(h)
        cairo_surface_flush(raster.surface)
        let data = cairo_image_surface_get_data(raster.surface)!
        let stride = raster.stride
        for row in 0..<h {
            let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            let y = region.y + (Double(row) + 0.5) * sy - center.y
            for col in 0..<w {
                let x = region.x + (Double(col) + 0.5) * sx - center.x
                var turn = (atan2(y, x) - base) / (2 * .pi)
                turn -= turn.rounded(.down)
                pixels[col] = argb(color(at: turn, in: stops))
            }
        }
        cairo_surface_mark_dirty(raster.surface)
        Draw.paint(cr, surface: raster.surface, pixelSize: (w, h), over: region, opacity: opacity)
    }

    /// A colour as one of Cairo's ARGB32 pixels (premultiplied, rounded).
    static func argb(_ c: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32(min(max((v * 255).rounded(), 0), 255)) }
        return byte(c.a) << 24 | byte(c.r * c.a) << 16 | byte(c.g * c.a) << 8 | byte(c.b * c.a)
    }
}

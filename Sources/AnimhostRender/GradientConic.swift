import CCairo
import Foundation
import AnimhostCore

extension GradientPainting {
    /// Paints a conic gradient: each pixel's colour computed from its angle about `center`, measured
    /// clockwise on screen from the direction of `end` (a full turn is 0…1 of the gradient), into a
    /// raster at the output scale (at most ``conicSide`` a side) stretched over `bounds`. Cairo has no
    /// conic pattern; this computes the same blend as the other two, premultiplied.
    static func paintConic(
        _ cr: OpaquePointer, _ g: Gradient, bounds: Rect, center: Point, toward end: Point, scale: Double, opacity: Double
    ) throws {
        let w = min(max(checkedInt(bounds.width * scale, .up), 1), conicSide)
        let h = min(max(checkedInt(bounds.height * scale, .up), 1), conicSide)
        let raster = try Surface(width: w, height: h)
        let stops = g.stops
        let base = end == center ? 0 : atan2(end.y - center.y, end.x - center.x)
        let sx = bounds.width / Double(w), sy = bounds.height / Double(h)
        cairo_surface_flush(raster.surface)
        let data = cairo_image_surface_get_data(raster.surface)!
        let stride = raster.stride
        for row in 0..<h {
            let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            let y = (Double(row) + 0.5) * sy - center.y
            for col in 0..<w {
                let x = (Double(col) + 0.5) * sx - center.x
                var turn = (atan2(y, x) - base) / (2 * .pi)
                turn -= turn.rounded(.down)
                pixels[col] = argb(color(at: turn, in: stops))
            }
        }
        cairo_surface_mark_dirty(raster.surface)
        Draw.paint(cr, surface: raster.surface, pixelSize: (w, h), over: bounds, opacity: opacity)
    }

    /// A colour as one of Cairo's ARGB32 pixels (premultiplied, rounded).
    static func argb(_ c: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32(min(max((v * 255).rounded(), 0), 255)) }
        return byte(c.a) << 24 | byte(c.r * c.a) << 16 | byte(c.g * c.a) << 8 | byte(c.b * c.a)
    }
}

import CCairo
import AnimhostCore

/// A node's raster parts drawn one at a time, as the frame renderer draws them, for exporters that
/// composite them elsewhere (a Lottie player): its picture, its text and its shadow. Decoded pictures
/// and shadow masks stay cached only until ``forget()``.
public struct PartRasteriser {
    /// The run's caches; their scale is the pixels per point of the parts.
    public let caches: RenderCaches

    /// Parts at `caches.scale` from `caches.images`.
    public init(caches: RenderCaches) { self.caches = caches }

    /// The picture's own size in pixels.
    public func pictureSize(_ name: String, scene: String?) throws -> (width: Int, height: Int) {
        let picture = try caches.images.picture(name, scene: scene, frame: 0)
        return (picture.width, picture.height)
    }

    /// The picture `name` stretched to `width` × `height` pixels from its nearest halved copy, bilinear,
    /// its edge pixels repeated outwards so that an opaque picture stays opaque to its edges.
    public func picture(_ name: String, scene: String?, width: Int, height: Int) throws -> Bitmap {
        let picture = try caches.images.picture(name, scene: scene, frame: 0)
        let level = try picture.level(forPixelWidth: Double(width), height: Double(height))
        return try draw(width: width, height: height) { cr in
            cairo_scale(cr, Double(width) / Double(level.width), Double(height) / Double(level.height))
            cairo_set_source_surface(cr, level.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
        }
    }

    /// `style` laid out in a `size` box (points), on a transparent image of that box at the scale;
    /// charged against the run's text layout budget first.
    public func text(_ style: TextStyle, size: Size) throws -> Bitmap {
        let (pw, ph) = (size.width * caches.scale, size.height * caches.scale)
        guard pw.isFinite, ph.isFinite, pw <= 32767, ph <= 32767 else {
            throw RenderError("cannot draw text in a box of \(formatNumber(size.width)) × \(formatNumber(size.height)) points (Cairo's limit is 32,767 pixels a side)")
        }
        let w = max(1, Int(pw.rounded(.up))), h = max(1, Int(ph.rounded(.up)))
        try caches.texts.charge(style, node: nil)
        return try draw(width: w, height: h) { cr in
            cairo_scale(cr, Double(w) / size.width, Double(h) / size.height)
            TextPainter.shared.draw(style, in: size, on: cr)
        }
    }

    /// The shadow of a `size` box with `corners`, blurred by `radius` points, in `color` (at full
    /// opacity), and the rectangle it covers in the node's coordinates before the shadow's offset.
    /// With `path`, the shadow the path casts (`shadowPath`) instead of the box's.
    public func shadow(size: Size, corners: CornerShape, radius: Double, color: Color, path: ShapePath? = nil) throws -> (bitmap: Bitmap, over: Rect) {
        var p = NodeProperties()
        p.frame.size = size
        p.paths.shadowPath = path
        p.shadow.radius = radius
        p.shadow.color = color
        let mask =
            path == nil
            ? try caches.shadows.mask(size: size, corners: corners, radius: radius, color: color, frame: 0)
            : try caches.shadows.mask(for: p, frame: 0)
        let s = mask.surface
        let over = Rect(
            x: mask.origin.x, y: mask.origin.y,
            width: Double(s.width) * mask.pointsPerPixel, height: Double(s.height) * mask.pointsPerPixel)
        return (Bitmap(s.pixels), over)
    }

    /// Drops the decoded pictures and shadow masks kept so far.
    public func forget() {
        caches.images.evict(before: 1)
        caches.shadows.evict(before: 1)
    }

    private func draw(width: Int, height: Int, _ body: (OpaquePointer) -> Void) throws -> Bitmap {
        let surface = try Surface(width: width, height: height)
        let cr = surface.context()
        body(cr)
        cairo_destroy(cr)
        return Bitmap(surface.pixels)
    }
}

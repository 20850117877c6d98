import CCairo
import AnimhostCore

/// Core Animation's drop shadow: the node's rounded shape, blurred like a Gaussian of σ = the shadow
/// radius. Cairo has no blur, so the shape is drawn into a reduced-resolution mask, blurred there by
/// three box passes (close to a Gaussian), baked with the shadow's colour into an ARGB image (which
/// pixman scales up on its fast bilinear path, unlike a mask) and kept by shape and colour.
final class ShadowMasks: @unchecked Sendable {
    /// A blurred shadow image and where it goes: `padding` points beyond the shape on every side, its
    /// top left at `origin` in the node's bounds (before the offset), each mask pixel `pointsPerPixel` points wide.
    final class Mask {
        let surface: Surface
        let padding: Double
        let origin: Point
        let pointsPerPixel: Double
        init(surface: Surface, padding: Double, origin: Point, pointsPerPixel: Double) {
            self.surface = surface; self.padding = padding; self.origin = origin; self.pointsPerPixel = pointsPerPixel
        }
    }

    /// What casts a node's shadow: its rounded bounds, or its shadow path (within `rect`, its box).
    struct Caster {
        let rect: Rect
        let corners: CornerShape
        let path: ShapePath?
        var size: Size { rect.size }
    }

    /// The caster of `p`'s shadow: `shadowPath` when it has one, as `CALayer` does.
    static func caster(_ p: NodeProperties) -> Caster {
        if let path = p.paths.shadowPath, let box = path.boundingBox { return Caster(rect: box, corners: .square, path: path) }
        return Caster(rect: Rect(origin: .zero, size: p.frame.size), corners: p.cornerShape, path: nil)
    }

    /// The key of `p`'s shadow.
    static func key(for p: NodeProperties) -> Key {
        let c = caster(p)
        return key(size: c.size, corners: c.corners, radius: p.shadow.radius, color: p.shadow.color, path: c.path)
    }

    /// `p`'s shadow.
    func mask(for p: NodeProperties, frame: Int) throws -> Mask {
        let c = ShadowMasks.caster(p)
        let key = ShadowMasks.key(size: c.size, corners: c.corners, radius: p.shadow.radius, color: p.shadow.color, path: c.path)
        return try masks.value(key, frame: frame) { try make(c, sigma: p.shadow.radius, color: p.shadow.color) }
    }

    /// What a mask shows, in eighths of a point: two shadows with equal keys share one mask.
    struct Key: Hashable {
        let width: Int, height: Int, radius: Int
        let corners: CornerShape
        let color: Color
        /// The shadow path, when it casts the shadow.
        var path: ShapePath? = nil
    }

    private let scale: Double
    private let masks = SharedCache<Key, Mask>()

    init(scale: Double) { self.scale = scale }

    /// Forgets masks unused since `frame`.
    func evict(before frame: Int) { masks.evict(before: frame) }

    /// The key of the shadow of a `size` box with `corners`, blurred by `radius` points, in `color`.
    static func key(size: Size, corners: CornerShape, radius: Double, color: Color, path: ShapePath? = nil) -> Key {
        let q = { (v: Double) in checkedInt(v * 8, .toNearestOrAwayFromZero) }  // eighths of a point
        return Key(
            width: q(size.width), height: q(size.height), radius: q(radius), corners: corners.fitting(size).mapRadii { Double(q($0)) / 8 },
            color: color, path: path)
    }

    /// The size in pixels of the mask of a `size` shape blurred by `sigma` points: what it costs to make.
    func pixelSize(size: Size, sigma: Double) -> (width: Int, height: Int) {
        let pointsPerPixel = ShadowMasks.reduction(sigma: sigma, scale: scale) / scale
        let padding = 3 * sigma
        return (
            checkedInt((size.width + 2 * padding) / pointsPerPixel, .up) + 1,
            checkedInt((size.height + 2 * padding) / pointsPerPixel, .up) + 1
        )
    }

    /// Device pixels per mask pixel: a wide blur is made at a reduced resolution, at most 4 up to
    /// σ = 64 device pixels, then one where σ spans 16 mask pixels, so that a mask's pixels stay
    /// near its shape's, whatever its radius (a mask of σ = 2000 pixels was 3,000 pixels a side).
    private static func reduction(sigma: Double, scale: Double) -> Double {
        min(max(sigma * scale / 3, 1), max(4, sigma * scale / 16))
    }

    /// The shadow of a `size` box with `corners`, blurred by `radius` points, in `color`.
    func mask(size: Size, corners: CornerShape, radius: Double, color: Color, frame: Int) throws -> Mask {
        let key = ShadowMasks.key(size: size, corners: corners, radius: radius, color: color)
        return try masks.value(key, frame: frame) {
            try make(Caster(rect: Rect(origin: .zero, size: size), corners: corners, path: nil), sigma: radius, color: color)
        }
    }

    private func make(_ caster: Caster, sigma: Double, color: Color) throws -> Mask {
        let size = caster.size
        let pointsPerPixel = ShadowMasks.reduction(sigma: sigma, scale: scale) / scale
        let padding = 3 * sigma
        let (width, height) = pixelSize(size: size, sigma: sigma)
        let alpha = try Surface(width: width, height: height, format: CAIRO_FORMAT_A8)
        let cr = alpha.context()
        cairo_scale(cr, 1 / pointsPerPixel, 1 / pointsPerPixel)
        if let path = caster.path {
            cairo_translate(cr, padding - caster.rect.x, padding - caster.rect.y)
            Draw.path(cr, path)
        } else {
            Draw.roundedRect(cr, Rect(x: padding, y: padding, width: size.width, height: size.height), corners: caster.corners)
        }
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(alpha.surface)
        BoxBlur.gaussian(
            cairo_image_surface_get_data(alpha.surface)!, width: alpha.width, height: alpha.height,
            stride: alpha.stride, sigma: sigma / pointsPerPixel)
        cairo_surface_mark_dirty(alpha.surface)
        let baked = try Surface(width: alpha.width, height: alpha.height)
        let bcr = baked.context()
        Draw.setColor(bcr, color)
        cairo_mask_surface(bcr, alpha.surface, 0, 0)
        cairo_destroy(bcr)
        let origin = Point(x: caster.rect.x - padding, y: caster.rect.y - padding)
        return Mask(surface: baked, padding: padding, origin: origin, pointsPerPixel: pointsPerPixel)
    }
}

/// Three box blurs in each direction approximate a Gaussian (the central limit theorem at work).
enum BoxBlur {
    /// Blurs an 8-bit single-channel image in place.
    static func gaussian(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0.2 else { return }
        let radii = boxRadii(sigma: sigma).filter { $0 > 0 }
        let longest = max(width, height)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        defer { line.deallocate(); scratch.deallocate() }
        for y in 0..<height {
            let row = data + y * stride
            line.update(from: row, count: width)
            blur(line, scratch, count: width, radii: radii)
            row.update(from: line, count: width)
        }
        for x in 0..<width {
            for y in 0..<height { line[y] = data[y * stride + x] }
            blur(line, scratch, count: height, radii: radii)
            for y in 0..<height { data[y * stride + x] = line[y] }
        }
    }

    /// Radii of three boxes whose combined variance matches σ² (each box of width w adds (w² − 1)/12).
    static func boxRadii(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = checkedInt(ideal, .down)
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4)).rounded()
        return (0..<3).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// The passes over one line, ending in `line`.
    private static func blur(_ line: UnsafeMutablePointer<UInt8>, _ scratch: UnsafeMutablePointer<UInt8>, count: Int, radii: [Int]) {
        var (src, dst) = (line, scratch)
        for r in radii {
            box(src, into: dst, count: count, radius: r)
            swap(&src, &dst)
        }
        if src != line { line.update(from: src, count: count) }
    }

    /// A running-sum box of width 2r+1; outside the line counts as transparent.
    private static func box(_ src: UnsafeMutablePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int, radius r: Int) {
        let width = 2 * r + 1
        var sum = 0
        for i in 0..<min(r, count) { sum += Int(src[i]) }
        for i in 0..<count {
            if i + r < count { sum += Int(src[i + r]) }
            if i - r - 1 >= 0 { sum -= Int(src[i - r - 1]) }
            dst[i] = UInt8(truncatingIfNeeded: (sum + width / 2) / width)
        }
    }
}

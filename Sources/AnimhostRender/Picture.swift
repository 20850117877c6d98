import Foundation
import CCairo

/// A decoded image with copies halved again and again (made when first needed), so that any
/// reduction is drawn from a copy at most twice the target size with bilinear filtering: smooth, and fast.
public final class Picture: @unchecked Sendable {
    /// levels[0] is the full image, each next one half the size of the one before.
    private var levels: [Surface]
    private let lock = NSLock()

    /// The full image's size in pixels.
    public let width: Int
    public let height: Int

    init(_ full: Surface) {
        levels = [full]
        width = full.width; height = full.height
    }

    /// The smallest copy still at least `pixelWidth` × `pixelHeight`.
    func level(forPixelWidth pixelWidth: Double, height pixelHeight: Double) throws -> Surface {
        var w = width, h = height, index = 0
        while w / 2 >= 32, h / 2 >= 32, Double(w / 2) >= pixelWidth, Double(h / 2) >= pixelHeight {
            w /= 2; h /= 2; index += 1
        }
        lock.lock()
        defer { lock.unlock() }
        while levels.count <= index { levels.append(try Picture.half(of: levels[levels.count - 1])) }
        return levels[index]
    }

    /// Bilinear sampling at exactly one half lands between pixels: a 2×2 box average.
    private static func half(of s: Surface) throws -> Surface {
        let out = try Surface(width: max(1, s.width / 2), height: max(1, s.height / 2))
        let cr = out.context()
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(out.width) / Double(s.width), Double(out.height) / Double(s.height))
        cairo_set_source_surface(cr, s.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        return out
    }
}

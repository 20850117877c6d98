import CCairo

/// A decoded image with copies halved again and again down to a few pixels, so that any reduction is
/// drawn from a copy at most twice the target size with bilinear filtering: smooth, and fast.
public final class Picture: @unchecked Sendable {
    /// levels[0] is the full image, each next one half the size of the one before.
    let levels: [Surface]

    public var width: Int { levels[0].width }
    public var height: Int { levels[0].height }

    init(_ full: Surface) throws {
        var levels = [full]
        while let last = levels.last, last.width >= 64, last.height >= 64 {
            levels.append(try Picture.half(of: last))
        }
        self.levels = levels
    }

    /// The smallest copy still at least `pixelWidth` × `pixelHeight`.
    func level(forPixelWidth pixelWidth: Double, height pixelHeight: Double) -> Surface {
        var best = levels[0]
        for level in levels.dropFirst() where Double(level.width) >= pixelWidth && Double(level.height) >= pixelHeight {
            best = level
        }
        return best
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

import CCairo
import AnimhostCore

/// Wide Gaussian blurs made on a reduced copy, as browsers make theirs: the pixels averaged k × k
/// (Cairo's box filter), the copy blurred by σ / k, and drawn back stretched k times, bilinearly. A
/// Gaussian of σ ≫ 1 has no detail a reduced copy loses, so the result is within a few levels of the
/// full-resolution blur (`ReducedBlurTests`), and a blur's work is bounded by the pixels it covers, whatever
/// its σ: nested σ = 1000 blurs cost what nested σ = 30 blurs do.
enum ReducedBlur {
    /// σ in device pixels up to which a blur is made at full resolution: the reduction gains little there.
    static let fullResolutionUpTo = 24.0
    /// σ of the reduced copy's own blur, in its pixels: wide enough that stretching it shows no steps.
    static let reducedSigma = 6.0
    /// The widest reduction: Cairo's box filter averages at most 16 pixels a side.
    static let maxFactor = 16

    /// Device pixels per reduced pixel for a blur of `sigma` device pixels (1: at full resolution).
    static func factor(sigma: Double) -> Int {
        sigma > fullResolutionUpTo ? min(checkedInt(sigma / reducedSigma, .down), maxFactor) : 1
    }

    /// Blurs `region` of `surface` in place by `sigma` device pixels through a copy reduced
    /// `factor(sigma:)` times; outside the region counts as transparent, as at full resolution.
    static func blur(_ surface: Surface, region: (x: Int, y: Int, w: Int, h: Int), sigma: Double) throws {
        let k = factor(sigma: sigma), kk = Double(k)
        let small = try Surface(width: (region.w + k - 1) / k, height: (region.h + k - 1) / k)
        cairo_surface_flush(surface.surface)
        let source = cairo_surface_create_for_rectangle(
            surface.surface, Double(region.x), Double(region.y), Double(region.w), Double(region.h))!
        defer { cairo_surface_destroy(source) }
        let scr = small.context()
        cairo_scale(scr, 1 / kk, 1 / kk)
        paint(scr, source, filter: CAIRO_FILTER_GOOD, extend: CAIRO_EXTEND_NONE)
        let reduced = cairo_status(scr)
        cairo_destroy(scr)
        // The box average and the bilinear stretch spread by k²/12 and k²/6 more: the copy's blur makes up the rest.
        FrameRenderer.fullResolutionBlur(
            small, region: (0, 0, small.width, small.height), sigma: (sigma * sigma - kk * kk / 4).squareRoot() / kk)
        let cr = surface.context()
        cairo_rectangle(cr, Double(region.x), Double(region.y), Double(region.w), Double(region.h))
        cairo_clip(cr)
        cairo_translate(cr, Double(region.x), Double(region.y))
        cairo_scale(cr, kk, kk)
        paint(cr, small.surface, filter: CAIRO_FILTER_BILINEAR, extend: CAIRO_EXTEND_PAD)
        let stretched = cairo_status(cr)
        cairo_destroy(cr)
        guard reduced == CAIRO_STATUS_SUCCESS, stretched == CAIRO_STATUS_SUCCESS else {
            throw RenderError("a blur of σ = \(Int(sigma)) pixels failed in Cairo (\(String(cString: cairo_status_to_string(reduced == CAIRO_STATUS_SUCCESS ? stretched : reduced))))")
        }
    }

    /// Replaces what `cr` covers with `source`, sampled with `filter` and extended by `extend`.
    private static func paint(_ cr: OpaquePointer, _ source: OpaquePointer, filter: cairo_filter_t, extend: cairo_extend_t) {
        cairo_set_source_surface(cr, source, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, filter)
        cairo_pattern_set_extend(pattern, extend)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
    }
}

import Foundation
import CCairo
import AnimhostCore

/// Draws a node's `text` with Pango: wrapped at the node's width, centred vertically as `UILabel`
/// centres its lines. Metrics are unhinted, so the layout is the same at every output scale.
/// One painter serves every render thread, one text at a time: text is drawn only into backing
/// stores, rarely, and a shared font map matches each font against the installed ones only once.
final class TextPainter: @unchecked Sendable {
    static let shared = TextPainter()

    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private let lock = NSLock()

    private init() {
        fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    /// Pango's weights for the names scenes use.
    static let weights: [String: Int32] = [
        "ultralight": 200, "thin": 100, "light": 300, "regular": 400, "medium": 500,
        "semibold": 600, "bold": 700, "heavy": 800, "black": 900
    ]

    /// Draws `style` into a `size` box at the context's origin (user space in points).
    func draw(_ style: TextStyle, in size: Size, on cr: OpaquePointer) {
        lock.lock()
        defer { lock.unlock() }
        pango_cairo_update_context(cr, context)
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_new()!
        pango_font_description_set_family(font, "sans-serif")
        pango_font_description_set_weight(font, PangoWeight(UInt32(TextPainter.weights[style.weight] ?? 400)))
        pango_font_description_set_absolute_size(font, style.fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(min(max(checkedInt(size.width * Double(PANGO_SCALE)), -1), Int(Int32.max))))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        switch style.alignment {
        case "center": pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case "right": pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case "justified": pango_layout_set_justify(layout, 1)
        default: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        pango_layout_set_text(layout, style.string, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_clip(cr)
        cairo_move_to(cr, 0, max(0, (size.height - height) / 2))
        Draw.setColor(cr, style.color)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }
}

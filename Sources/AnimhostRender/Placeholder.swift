import Foundation
import CCairo
import AnimhostCore

/// The `placeholder:N` pictures: a landscape "photo" drawn from N alone (a sky gradient, a sun, two
/// ranges of hills and a lake), so examples carry no binary assets and every run draws the same one.
enum Placeholder {
    static let width = Int(ImageSize.placeholder.width), height = Int(ImageSize.placeholder.height)

    private struct Palette {
        let skyTop: UInt32, skyBottom: UInt32, sun: UInt32, far: UInt32, near: UInt32, water: UInt32
    }

    private static let palettes: [Palette] = [
        Palette(skyTop: 0x2E5E9E, skyBottom: 0xF4C27A, sun: 0xFFE7A8, far: 0x5B6F8F, near: 0x2F4A3A, water: 0x3C6E8F),
        Palette(skyTop: 0x7FB8E6, skyBottom: 0xDCEFFA, sun: 0xFFFFFF, far: 0x8AA7B8, near: 0x4E7B4A, water: 0x5A95B5),
        Palette(skyTop: 0x2B1E4A, skyBottom: 0xE0708A, sun: 0xFFB36B, far: 0x5A3E66, near: 0x2A2238, water: 0x6A4A7A),
        Palette(skyTop: 0x0F3B57, skyBottom: 0x8FD3D8, sun: 0xF7F3C6, far: 0x2F6A73, near: 0x1D3F3C, water: 0x2C7C8A),
        Palette(skyTop: 0xC44E3A, skyBottom: 0xF9D37B, sun: 0xFFF1C1, far: 0x8C4A3C, near: 0x4A2B24, water: 0xB0614A),
        Palette(skyTop: 0x9DB7C9, skyBottom: 0xEDE6DA, sun: 0xFFFDF5, far: 0x9A9A8E, near: 0x5E6B55, water: 0x8AA0A8)
    ]

    /// Draws picture `n` into a new image.
    static func draw(_ n: Int) throws -> Surface {
        let out = try Surface(width: width, height: height)
        let cr = out.context()
        defer { cairo_destroy(cr) }
        let p = palettes[((n % palettes.count) + palettes.count) % palettes.count]
        var seed = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D
        func random() -> Double {  // splitmix64: the same sequence for the same n everywhere
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        let (w, h) = (Double(width), Double(height))
        let horizon = h * (0.55 + 0.1 * random())
        linearGradient(cr, from: p.skyTop, to: p.skyBottom, y0: 0, y1: horizon, rect: (0, 0, w, horizon))
        setColor(cr, p.sun, alpha: 0.95)
        cairo_arc(cr, w * (0.2 + 0.6 * random()), horizon * (0.35 + 0.3 * random()), h * (0.06 + 0.05 * random()), 0, 2 * .pi)
        cairo_fill(cr)
        hills(cr, color: p.far, base: horizon, amplitude: h * 0.16, phase: random(), width: w)
        linearGradient(cr, from: p.water, to: p.skyTop, y0: horizon, y1: h, rect: (0, horizon, w, h - horizon))
        hills(cr, color: p.near, base: h * 0.82, amplitude: h * 0.2, phase: random(), width: w)
        cairo_rectangle(cr, 0, h * 0.82, w, h * 0.18)
        cairo_fill(cr)
        return out
    }

    private static func setColor(_ cr: OpaquePointer, _ rgb: UInt32, alpha: Double = 1) {
        cairo_set_source_rgba(cr, Double(rgb >> 16 & 0xFF) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255, alpha)
    }

    private static func linearGradient(
        _ cr: OpaquePointer, from top: UInt32, to bottom: UInt32, y0: Double, y1: Double,
        rect: (Double, Double, Double, Double)
    ) {
        let g = cairo_pattern_create_linear(0, y0, 0, y1)!
        defer { cairo_pattern_destroy(g) }
        for (offset, rgb) in [(0.0, top), (1.0, bottom)] {
            cairo_pattern_add_color_stop_rgb(g, offset, Double(rgb >> 16 & 0xFF) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255)
        }
        cairo_set_source(cr, g)
        cairo_rectangle(cr, rect.0, rect.1, rect.2, rect.3)
        cairo_fill(cr)
    }

    /// A range of rounded hills from the left edge to the right, filled down to `base` + amplitude.
    private static func hills(_ cr: OpaquePointer, color: UInt32, base: Double, amplitude: Double, phase: Double, width: Double) {
        setColor(cr, color)
        cairo_move_to(cr, 0, base + amplitude)
        let steps = 6
        for i in 0...steps {
            let x = width * Double(i) / Double(steps)
            let wave: Double = sin(Double(i) * 1.7 + phase * 6.28)
            let y: Double = base - amplitude * (0.5 + 0.5 * wave)
            if i == 0 {
                cairo_line_to(cr, x, y)
            } else {
                let px = width * (Double(i) - 0.5) / Double(steps)
                cairo_curve_to(cr, px, y - amplitude * 0.2, px, y, x, y)
            }
        }
        cairo_line_to(cr, width, base + amplitude)
        cairo_close_path(cr)
        cairo_fill(cr)
    }
}

import XCTest
import Foundation
import AnimhostCore
import CCairo
@testable import AnimhostRender

/// A wide blur made through a reduced copy (``ReducedBlur``) shows what the full-resolution blur
/// shows (the oracle `BlurTests` checks against a Gaussian's integrals), on detailed content, and its
/// ramp follows a Gaussian's integral itself.
final class ReducedBlurTests: XCTestCase {
    /// A `width` × `height` surface of opaque pseudo-random blocks of colour (a photo-like worst case:
    /// detail at every scale), the same on every run.
    func detailed(width: Int, height: Int) throws -> Surface {
        let s = try Surface(width: width, height: height)
        let data = cairo_image_surface_get_data(s.surface)!
        var seed: UInt32 = 12_345
        func next() -> UInt8 {
            seed = seed &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let blocks = (0..<(width / 4 + 1) * (height / 4 + 1)).map { _ in (next(), next(), next()) }
        for y in 0..<height {
            for x in 0..<width {
                let b = blocks[(y / 4) * (width / 4 + 1) + x / 4], p = data + y * s.stride + x * 4
                (p[0], p[1], p[2], p[3]) = (b.0, b.1, b.2, 255)
            }
        }
        cairo_surface_mark_dirty(s.surface)
        return s
    }

    /// Peak signal-to-noise ratio in dB between two surfaces of one size, over every channel.
    func psnr(_ a: Surface, _ b: Surface) -> Double {
        let pa = a.pixels, pb = b.pixels
        var squares = 0.0
        for y in 0..<pa.height {
            for x in 0..<pa.width * 4 {
                let d = Double(pa.base[y * pa.stride + x]) - Double(pb.base[y * pb.stride + x])
                squares += d * d
            }
        }
        let mse = squares / Double(pa.width * pa.height * 4)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    func testAWideBlurThroughAReducedCopyMatchesTheFullResolutionBlur() throws {
        for sigma in [25.0, 60, 200, 2000] {
            let region = (x: 20, y: 10, w: 560, h: 380)
            let full = try detailed(width: 600, height: 400), reduced = try detailed(width: 600, height: 400)
            XCTAssertGreaterThan(ReducedBlur.factor(sigma: sigma), 1, "σ = \(sigma) is made reduced")
            FrameRenderer.fullResolutionBlur(full, region: region, sigma: sigma)
            try FrameRenderer.blur(reduced, region: region, sigma: sigma)
            let db = psnr(full, reduced)
            XCTAssertGreaterThan(db, 40, "σ = \(sigma): \(db) dB")
        }
    }

    func testAReducedBlursRampFollowsTheGaussiansIntegral() throws {
        // Black from x = 300 rightwards over white, blurred by σ = 40 pixels: darkness 255 Φ((x − 300) / σ).
        let sigma = 40.0
        let s = try Surface(width: 600, height: 600)
        let cr = s.context()
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_rectangle(cr, 300, 0, 300, 600)
        cairo_fill(cr)
        cairo_destroy(cr)
        try FrameRenderer.blur(s, region: (0, 0, 600, 600), sigma: sigma)
        let px = s.pixels
        for x in stride(from: 200, to: 400, by: 5) {
            let expected = 255 * 0.5 * (1 + erf((Double(x) + 0.5 - 300) / (sigma * 2.0.squareRoot())))
            XCTAssertEqual(255 - Double(px.pixel(x, 300).g), expected, accuracy: 4, "x = \(x)")
        }
    }
}

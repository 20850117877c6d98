import XCTest
import AnimhostRender

@testable import AnimhostHarness

/// The criterion that tells a one-way jump that only moves a picture a few points (a cancelled
/// gesture settling) from one that swaps its look: drawn at 0.25 px/pt, a drawn pixel is 4 pt.
final class ContinuityDisplacementTests: XCTestCase {
    /// A 40 × 40 white bitmap with a dark `side` × `side` block at (`x`, `y`), striped so that a
    /// shift is not the same picture everywhere.
    func bitmap(x: Int, y: Int, side: Int = 12, shade: UInt8 = 40) -> Bitmap {
        var bytes = [UInt8](repeating: 255, count: 40 * 40 * 4)
        for py in y..<(y + side) {
            for px in x..<(x + side) {
                let v: UInt8 = (px - x) % 4 < 2 ? shade : 160
                for c in 0..<3 { bytes[(py * 40 + px) * 4 + c] = v }
            }
        }
        return Bitmap(width: 40, height: 40, bytes: bytes)
    }

    /// The pixels that changed by more than ``Continuity/jump`` between two bitmaps.
    func jumped(_ a: Bitmap, _ b: Bitmap) -> [Int] {
        (0..<(40 * 40)).filter { p in (0..<4).contains { abs(Int(a.bytes[p * 4 + $0]) - Int(b.bytes[p * 4 + $0])) > Continuity.jump } }
    }

    func testAPictureMovedByOneDrawnPixelIsDisplaced() {
        let (before, after) = (bitmap(x: 10, y: 10), bitmap(x: 11, y: 11))
        let pixels = jumped(before, after)
        XCTAssertGreaterThan(pixels.count, 20)  // the move changes many pixels: not a trivial pass
        XCTAssertTrue(Continuity.displaced(pixels, at: 1, in: [before, after], scale: 0.25, minPixels: 4))
    }

    func testAPictureMovedFartherIsNot() {
        let (before, after) = (bitmap(x: 10, y: 10), bitmap(x: 16, y: 10))
        XCTAssertFalse(Continuity.displaced(jumped(before, after), at: 1, in: [before, after], scale: 0.25, minPixels: 4))
    }

    func testAPictureOfAnotherLookInPlaceIsNot() {
        let (before, after) = (bitmap(x: 10, y: 10), bitmap(x: 10, y: 10, side: 20, shade: 0))
        // grown larger and darker where it was: new values with nothing like them within a drawn pixel
        let (b, a) = (before, Bitmap(width: 40, height: 40, bytes: after.bytes.map { $0 == 160 ? 90 : $0 }))
        XCTAssertFalse(Continuity.displaced(jumped(b, a), at: 1, in: [b, a], scale: 0.25, minPixels: 4))
    }
}

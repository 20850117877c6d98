import XCTest
import AnimhostRender
@testable import AnimhostOutput

/// Frames converted for the video encoder, against Rec. ITU-R BT.601's equations in limited range:
/// Y = 16 + 219·(0.299 R + 0.587 G + 0.114 B), Cb = 128 + 224·(B − Y′)/1.772, Cr = 128 + 224·(R − Y′)/1.402
/// (R, G, B and Y′ from 0 to 1).
final class I420FrameTests: XCTestCase {
    private func bt601(_ r: Double, _ g: Double, _ b: Double) -> (y: Double, u: Double, v: Double) {
        let (r, g, b) = (r / 255, g / 255, b / 255)
        let luma = 0.299 * r + 0.587 * g + 0.114 * b
        return (16 + 219 * luma, 128 + 224 * (b - luma) / 1.772, 128 + 224 * (r - luma) / 1.402)
    }

    /// A `width` × `height` frame of BGRA pixels from `color(x, y)`.
    private func convert(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                bytes += [b, g, r, 255]
            }
        }
        return bytes.withUnsafeBufferPointer {
            I420Frame(PixelBuffer(base: $0.baseAddress!, width: width, height: height, stride: width * 4)).bytes
        }
    }

    func testPlainColoursMatchBT601InLimitedRange() {
        let colours: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 255, 0), (0, 0, 255), (200, 120, 40), (17, 99, 230)]
        for (r, g, b) in colours {
            let planes = convert(width: 4, height: 2) { _, _ in (r, g, b) }
            XCTAssertEqual(planes.count, 4 * 2 + 2 * 2 * 1)
            let want = bt601(Double(r), Double(g), Double(b))
            for luma in planes[0..<8] { XCTAssertEqual(Double(luma), want.y, accuracy: 1, "Y of \((r, g, b))") }
            for u in planes[8..<10] { XCTAssertEqual(Double(u), want.u, accuracy: 1, "U of \((r, g, b))") }
            for v in planes[10..<12] { XCTAssertEqual(Double(v), want.v, accuracy: 1, "V of \((r, g, b))") }
        }
    }

    func testChromaIsTheMeanOfEachTwoByTwoBlock() {
        // Left half of each block red, right half blue: the block's chroma is that of their mean colour.
        let planes = convert(width: 2, height: 2) { x, _ in x == 0 ? (255, 0, 0) : (0, 0, 255) }
        let want = bt601(127.5, 0, 127.5)
        XCTAssertEqual(Double(planes[4]), want.u, accuracy: 1)
        XCTAssertEqual(Double(planes[5]), want.v, accuracy: 1)
        XCTAssertEqual(Double(planes[0]), bt601(255, 0, 0).y, accuracy: 1)
        XCTAssertEqual(Double(planes[1]), bt601(0, 0, 255).y, accuracy: 1)
    }

    func testOddSizesArePaddedWithBlack() {
        let planes = convert(width: 3, height: 3) { _, _ in (255, 255, 255) }
        XCTAssertEqual(planes.count, 4 * 4 + 2 * 2 * 2)
        let luma = Array(planes[0..<16])
        for y in 0..<4 {
            for x in 0..<4 {
                XCTAssertEqual(Double(luma[y * 4 + x]), x < 3 && y < 3 ? 235 : 16, accuracy: 1, "(\(x), \(y))")
            }
        }
        // The bottom-right block holds one white pixel of four: a grey a quarter white, still without colour.
        XCTAssertEqual(Double(planes[16 + 3]), 128, accuracy: 1)
        XCTAssertEqual(Double(planes[20 + 3]), 128, accuracy: 1)
    }
}

import XCTest
@testable import AnimhostOutput

final class UnchangedMaskTests: XCTestCase {
    func testEachBitSaysWhetherThePixelEqualsTheFrameBefore() {
        // 13 × 5 frames (rows of two bytes and a few bits); pixels differ where (x · y) % 3 == 1, in one channel only
        let width = 13, height = 5
        let old = (0..<width * height * 4).map { UInt8($0 % 251) }
        var new = old
        for y in 0..<height { for x in 0..<width where (x * y) % 3 == 1 { new[(y * width + x) * 4 + (x % 4)] &+= 1 } }
        let box = GIFFrame.Box(x: 1, y: 1, w: 11, h: 4)
        let mask = UnchangedMask.make(from: old, to: new, width: width, box: box)
        XCTAssertEqual(mask.count, 2 * 4)
        for y in 0..<box.h {
            for x in 0..<box.w {
                let bit = mask[y * 2 + x / 8] >> (x % 8) & 1
                XCTAssertEqual(bit == 1, ((x + 1) * (y + 1)) % 3 != 1, "pixel \(x + 1), \(y + 1)")
            }
        }
        XCTAssertEqual(mask[1] >> 3, 0, "no bits past the row's end")
    }
}

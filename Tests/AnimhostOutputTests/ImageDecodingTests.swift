import XCTest
import AnimhostCore
import AnimhostRender
@testable import AnimhostOutput

final class ImageDecodingTests: RenderedOutputTestCase {
    /// Frame 2 of the moving square written as a PNG; returns the file.
    private func png() throws -> URL {
        try run.write([PNGSequenceEncoder(folder: dir.appendingPathComponent("frames"))])
        return dir.appendingPathComponent("frames/0002.png")
    }

    func testAPNGDecodesToExactlyThePixelsWritten() throws {
        let decoded = try Bitmap.read(try png())
        XCTAssertEqual([decoded.width, decoded.height], [48, 30])
        for (x, y) in [(0, 0), (6, 8), (17, 19), (18, 8), (5, 8), (47, 29)] {
            let inside = (6..<18).contains(x) && (8..<20).contains(y)
            let p = decoded.pixel(x, y)
            XCTAssertEqual([p.r, p.g, p.b], inside ? [255, 0, 0] : [255, 255, 255] as [UInt8], "at \(x),\(y)")
        }
    }

    func testAJPEGDecodesCloseToItsSource() throws {
        let jpeg = try run.bitmap(2).withPixelBuffer { try JPEGEncoding.encode($0, quality: 95) }
        let url = dir.appendingPathComponent("photo.jpg")
        try jpeg.write(to: url)
        let decoded = try Bitmap.read(url)
        let red = decoded.pixel(11, 13), white = decoded.pixel(40, 25)
        XCTAssertTrue(red.r > 240 && red.g < 20 && red.b < 20, "\(red)")
        XCTAssertTrue(white.r > 245 && white.g > 245 && white.b > 245, "\(white)")
    }

    func testCorruptTruncatedEmptyAndHugeImagesAreRefusedByName() throws {
        let good = try Data(contentsOf: try png())
        let jpeg = try run.bitmap(2).withPixelBuffer { try JPEGEncoding.encode($0, quality: 95) }
        var huge = good
        huge.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])  // IHDR: 100000 × 100000
        var jpegHead = Data([0xFF, 0xD8, 0xFF, 0xE0])
        jpegHead.append(Data(repeating: 0x42, count: 40))
        let cases: [(String, Data, String)] = [
            ("truncated.png", good.prefix(good.count / 2), "corrupt or truncated PNG"),
            ("empty.png", Data(), "neither PNG nor JPEG"),
            ("text.png", Data("not an image".utf8), "neither PNG nor JPEG"),
            ("huge.png", huge, "too large"),
            ("broken.jpg", jpegHead, "corrupt"),
            ("cut.jpg", jpeg.prefix(jpeg.count * 2 / 3), "corrupt or truncated JPEG")
        ]
        for (name, bytes, expected) in cases {
            try bytes.write(to: dir.appendingPathComponent(name))
            XCTAssertThrowsError(try Bitmap.read(dir.appendingPathComponent(name)), name) {
                XCTAssertTrue("\($0)".contains(expected) && "\($0)".contains(name), "\(name): \($0)")
            }
        }
        XCTAssertThrowsError(try Bitmap.read(dir.appendingPathComponent("missing.png"))) {
            XCTAssertTrue("\($0)".contains("cannot read image"), "\($0)")
        }
    }
}

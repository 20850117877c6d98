import XCTest
@testable import AnimhostCore

/// Image sizes read from JPEG headers written by hand to the specification, and the errors of `node.imageSize`.
final class ImageSizeTests: XCTestCase {
    func testJPEGSizeComesFromTheStartOfFrameAfterOtherSegments() {
        // SOI, an APP0 segment of 16 bytes, then SOF2 (progressive): precision 8, height 480, width 640
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
        jpeg += [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]
        XCTAssertEqual(ImageSize.header(jpeg), Size(width: 640, height: 480))
        // a DHT segment (0xC4) is not a frame
        let dht: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03]
        XCTAssertEqual(ImageSize.header(dht), Size(width: 32, height: 16))
    }

    func testOtherBytesHaveNoSizeAndPathsStayInside() throws {
        XCTAssertNil(ImageSize.header(Array("GIF89a".utf8)))
        XCTAssertNil(ImageSize.header([0xFF, 0xD8, 0xFF]))
        XCTAssertThrowsError(try ImageSize.of("../x.png", in: URL(fileURLWithPath: "/tmp")))
        XCTAssertEqual(try ImageSize.of("placeholder:3", in: nil), Size(width: 1024, height: 768))
    }
}

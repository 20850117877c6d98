import XCTest
@testable import AnimhostCore
import AnimhostTestSupport

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

    /// The size the shared library's flights use: never read through a link out of the scene's
    /// folder, nor from a header past the image limits, nor from a FIFO.
    func testFlightSizesAreReadOnlyInsideTheFolderAndWithinTheLimits() throws {
        let fm = FileManager.default
        let root = try temporaryFolder("size")
        let scenes = root.appendingPathComponent("scenes")
        try fm.createDirectory(at: scenes, withIntermediateDirectories: true)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 2, 0, 0, 0]  // 20,000 × 20,000
        try Data(png).write(to: root.appendingPathComponent("outside.png"))
        try fm.createSymbolicLink(atPath: scenes.appendingPathComponent("link.png").path, withDestinationPath: root.appendingPathComponent("outside.png").path)
        try Data(png).write(to: scenes.appendingPathComponent("huge.png"))
        png.replaceSubrange(16..<24, with: [0, 0, 0, 40, 0, 0, 0, 30])
        try Data(png).write(to: scenes.appendingPathComponent("small.png"))
        XCTAssertEqual(mkfifo(scenes.appendingPathComponent("pipe.png").path, 0o644), 0)
        XCTAssertEqual(ImageSize.of("small.png", relativeTo: scenes), Size(width: 40, height: 30))
        for name in ["link.png", "huge.png", "pipe.png"] {
            XCTAssertNil(ImageSize.of(name, relativeTo: scenes), name)
            XCTAssertThrowsError(try ImageSize.of(name, in: scenes), name)
        }
    }
}

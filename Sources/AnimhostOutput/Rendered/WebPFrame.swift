import Foundation
import CWebP

/// One animation frame encoded on its own: the rectangle that changed since the frame before (its
/// corner on even coordinates, as WebP stores offsets halved), as a lossy WebP image drawn over the
/// canvas without blending. Made from the frame alone, so on any thread.
struct WebPFrame {
    let x: Int, y: Int
    /// A complete single-image WebP file.
    let bitstream: [UInt8]
    /// Milliseconds from the start of the run.
    let timestamp: Int

    /// `pixels` are tightly packed B,G,R,A rows `width` pixels wide; `box` is what changed since the frame before.
    init(_ pixels: [UInt8], box: GIFFrame.Box, width: Int, timestamp: Int, config: WebPConfig) throws {
        self.timestamp = timestamp
        let x = box.x & ~1, y = box.y & ~1, w = box.x + box.w - x, h = box.y + box.h - y
        self.x = x; self.y = y
        bitstream = try pixels.withUnsafeBufferPointer { frame in
            try WebPFrame.encode(frame.baseAddress! + (y * width + x) * 4, stride: width * 4, w: w, h: h, config: config)
        }
    }

    /// `w` × `h` B,G,R,A pixels, rows `stride` bytes apart, as a WebP file.
    private static func encode(_ bgra: UnsafePointer<UInt8>, stride: Int, w: Int, h: Int, config: WebPConfig) throws -> [UInt8] {
        var picture = WebPPicture()
        guard ah_webp_picture_init(&picture) != 0 else { throw OutputError("cannot start a WebP picture") }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(w)
        picture.height = Int32(h)
        guard WebPPictureImportBGRX(&picture, bgra, Int32(stride)) != 0 else { throw OutputError("out of memory for a WebP frame") }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        picture.writer = WebPMemoryWrite
        withUnsafeMutablePointer(to: &writer) { picture.custom_ptr = UnsafeMutableRawPointer($0) }
        var config = config
        guard WebPEncode(&config, &picture) != 0 else { throw OutputError("WebP encoding failed (error \(picture.error_code.rawValue))") }
        return Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
    }
}

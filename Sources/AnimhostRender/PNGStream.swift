import Foundation
import CCairo

/// Decodes a PNG held in memory with Cairo, so that the bytes checked are the bytes decoded: the file
/// is read once, never opened again by name.
enum PNGStream {
    /// The PNG in `data` as a Cairo surface (check its status; Cairo's error surface when it is corrupt).
    static func decode(_ data: Data) -> OpaquePointer {
        final class Cursor {
            let bytes: [UInt8]
            var offset = 0
            init(_ data: Data) { bytes = [UInt8](data) }
        }
        let cursor = Cursor(data)
        return withExtendedLifetime(cursor) {
            cairo_image_surface_create_from_png_stream(
                { closure, target, length in
                    let cursor = Unmanaged<Cursor>.fromOpaque(closure!).takeUnretainedValue()
                    let n = Int(length)
                    guard let target, cursor.offset + n <= cursor.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    cursor.bytes.withUnsafeBufferPointer { target.update(from: $0.baseAddress! + cursor.offset, count: n) }
                    cursor.offset += n
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(cursor).toOpaque())!
        }
    }
}

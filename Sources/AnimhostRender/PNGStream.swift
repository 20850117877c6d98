import Foundation
import CCairo

/// Decodes a PNG held in memory with Cairo, so that the bytes checked are the bytes decoded: the file
/// is read once, never opened again by name.
enum PNGStream {
    /// The PNG in `data` as a Cairo surface (check its status; Cairo's error surface when it is corrupt).
    ///
    /// Cairo's read callback gets the cursor as an untyped pointer (`Unmanaged`, not retained), the
    /// only context a C callback can take. Sound because Cairo calls back only during the call,
    /// which `withExtendedLifetime` keeps the cursor alive through, and each read is checked
    /// against the bytes left (a truncated PNG is a read error, not a read past the end).
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

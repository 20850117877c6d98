import CCairo

/// Premultiplied B,G,R,A pixels (Cairo's ARGB32 in little-endian memory), read-only to consumers.
public struct PixelBuffer {
    /// The top-left pixel's first byte; the memory is lent for the call that receives the buffer.
    public let base: UnsafePointer<UInt8>
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int

    /// Pixels at `base`, rows `stride` bytes apart.
    public init(base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) {
        self.base = base; self.width = width; self.height = height; self.stride = stride
    }

    /// The four bytes (b, g, r, a) of the pixel at `x`, `y`.
    public func pixel(_ x: Int, _ y: Int) -> (b: UInt8, g: UInt8, r: UInt8, a: UInt8) {
        let p = base + y * stride + x * 4
        return (p[0], p[1], p[2], p[3])
    }
}

/// A reusable ARGB32 image surface: allocated once, drawn into again and again (a fresh frame
/// buffer costs page faults every time).
final class Surface {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws {
        let fits = (1...32_767).contains(width) && (1...32_767).contains(height)
        surface = cairo_image_surface_create(format, Int32(fits ? width : -1), Int32(fits ? height : -1))  // -1: Cairo's static error surface
        self.width = width; self.height = height
        guard fits, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError("cannot draw a \(width)×\(height)-pixel image (Cairo's limit is 32,767 a side, and memory)")
        }
    }

    deinit { cairo_surface_destroy(surface) }

    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The pixels, once Cairo has finished drawing.
    var pixels: PixelBuffer {
        cairo_surface_flush(surface)
        return PixelBuffer(base: UnsafePointer(cairo_image_surface_get_data(surface)!), width: width, height: height, stride: stride)
    }

    /// A new drawing context on this surface.
    func context() -> OpaquePointer { cairo_create(surface)! }
}

/// A frame could not be drawn: an image that does not decode, memory that is not there.
public struct RenderError: Error, CustomStringConvertible {
    public let description: String
    /// The node at fault and its ancestors (``NodeFailure``), once the frame's walk has named them.
    public internal(set) var lineage: [String] = []
    public init(_ message: String) { description = message }
}

import Foundation
import CCairo
import CTurboJPEG
import AnimhostCore

/// Reads PNG and JPEG files into Cairo images, refusing what is corrupt, truncated or too large
/// before it can cost memory.
enum ImageDecoder {
    /// Images wider or taller than this are refused.
    static let maxSide = ImageSize.maxSide
    /// Images with more pixels than this are refused (256 MiB decoded).
    static let maxPixels = ImageSize.maxPixels
    /// Image files larger than this are refused before they are read (a 16,384-pixel-square PNG compresses far below it).
    static let maxFileBytes = 256 << 20

    /// Decodes the image file at `url` (a regular file only, read once, inside the real folder `within` when given);
    /// messages call it `shown` (as the scene gave it), else by its file's name.
    static func decode(_ url: URL, within root: String? = nil, shown: String? = nil) throws -> Surface {
        let name = shown ?? url.lastPathComponent
        let data: Data
        do { data = try InputFile.read(url.path, limit: maxFileBytes, within: root) } catch let e as InputFileError {
            throw RenderError("cannot read image \(name): \(e.reason)")
        }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(data, name: name) }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(data, name: name) }
        throw RenderError("image \(name) is neither PNG nor JPEG")
    }

    private static func checkSize(_ width: Int, _ height: Int, name: String) throws {
        guard width > 0, height > 0 else { throw RenderError("image \(name) is corrupt: it has no pixels (\(width)×\(height))") }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw RenderError("image \(name) is too large (\(width)×\(height); at most \(maxSide) a side and \(maxPixels) pixels)")
        }
    }

    private static func png(_ data: Data, name: String) throws -> Surface {
        guard data.count >= 33 else { throw RenderError("image \(name) is a truncated PNG") }
        let be = { (at: Int) in data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        try checkSize(be(16), be(20), name: name)
        let image = PNGStream.decode(data)
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            throw RenderError("image \(name) is a corrupt or truncated PNG")
        }
        defer { cairo_surface_destroy(image) }
        let out = try Surface(width: Int(cairo_image_surface_get_width(image)), height: Int(cairo_image_surface_get_height(image)))
        let cr = out.context()
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        return out
    }

    private static func jpeg(_ data: Data, name: String) throws -> Surface {
        guard let handle = tjInitDecompress() else { throw RenderError("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        return try data.withUnsafeBytes { raw -> Surface in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress!
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, bytes, UInt(data.count), &width, &height, &subsampling, &colorspace) == 0 else {
                throw RenderError("image \(name) is a corrupt JPEG")
            }
            try checkSize(Int(width), Int(height), name: name)
            let out = try Surface(width: Int(width), height: Int(height))
            let target = cairo_image_surface_get_data(out.surface)
            let status = tjDecompress2(
                handle, bytes, UInt(data.count), target, width, Int32(out.stride), height,
                Int32(TJPF_BGRA.rawValue), 0)
            guard status == 0 else { throw RenderError("image \(name) is a corrupt or truncated JPEG") }
            cairo_surface_mark_dirty(out.surface)
            return out
        }
    }
}

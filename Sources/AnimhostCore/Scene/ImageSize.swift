import Foundation

/// The pixel size of a scene's image, read from the file's header without decoding it: what a
/// shared-element flight needs to move an image's crop between two content modes, and what
/// `node.imageSize` gives a plugin (in points: a pixel a point, as an image loaded at scale 1).
public enum ImageSize {
    /// The size of every `placeholder:N` picture.
    public static let placeholder = Size(width: 1024, height: 768)

    /// How much of a file is read to find a JPEG's frame header.
    static let maxHeaderBytes = 1 << 20
    /// The largest image the renderer draws: 16,384 pixels a side, 64 Mpixels (as `ImageDecoder` checks).
    public static let maxSide = 16_384
    /// See ``maxSide``.
    public static let maxPixels = 64 * 1024 * 1024

    /// The size of `name` (`placeholder:N`, or a PNG or JPEG inside `directory`, links resolved), or
    /// nil when it cannot be told.
    public static func of(_ name: String, relativeTo directory: URL?) -> Size? {
        try? of(name, in: directory)
    }

    /// The size of `name` (`placeholder:N`, or a PNG or JPEG inside `folder`, links resolved), or an
    /// error that says why it cannot be told. The header is checked as a drawn image is: a regular
    /// file inside the folder, at most 16,384 pixels a side and 64 Mpixels.
    public static func of(_ name: String, in folder: URL?) throws -> Size {
        if name.hasPrefix("placeholder:") { return placeholder }
        guard let folder else { throw ImageSizeError("image '\(name)' has no scene folder to be found in (only placeholder:N images have a size without one)") }
        guard let url = ContainedPath.resolve(name, in: folder) else {
            throw ImageSizeError("image '\(name)' lies outside the scene's folder \(folder.path) (links included)")
        }
        let bytes: Data
        do { bytes = try InputFile.read(url.path, limit: maxHeaderBytes, prefix: true, within: ContainedPath.resolved(folder.path)) } catch {
            throw ImageSizeError("image '\(name)' in \(folder.path): \(error)")
        }
        guard let size = header(Array(bytes)) else {
            throw ImageSizeError("image '\(name)' is neither a PNG nor a JPEG with a readable size")
        }
        guard size.width <= Double(maxSide), size.height <= Double(maxSide), size.width * size.height <= Double(maxPixels) else {
            throw ImageSizeError("image '\(name)' is too large (\(Int(size.width))×\(Int(size.height)); at most \(maxSide) a side and \(maxPixels) pixels)")
        }
        return size
    }

    /// The size a PNG's or JPEG's leading bytes declare.
    static func header(_ b: [UInt8]) -> Size? {
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        if b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let w = be16(16) << 16 | be16(18), h = be16(20) << 16 | be16(22)
            return w > 0 && h > 0 ? Size(width: Double(w), height: Double(h)) : nil
        }
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let h = be16(i + 5), w = be16(i + 7)
                return w > 0 && h > 0 ? Size(width: Double(w), height: Double(h)) : nil
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            i += 2 + be16(i + 2)
        }
        return nil
    }
}

/// An image whose size cannot be read.
public struct ImageSizeError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

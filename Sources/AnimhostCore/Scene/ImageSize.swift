import Foundation

/// The size of the picture a node shows, in points (one pixel a point, as an image loaded at scale 1),
/// read from the file's header without decoding it: what `UIImage.size` gives a plugin that fits frames
/// to images (`node.imageSize`).
public enum ImageSize {
    /// The size of every `placeholder:N` picture.
    public static let placeholder = Size(width: 1024, height: 768)

    /// The size of image `name` (a path relative to `folder`, or `placeholder:N`); an error names what is wrong.
    public static func of(_ name: String, in folder: URL?) throws -> Size {
        if name.hasPrefix("placeholder:") { return placeholder }
        guard let folder else { throw ImageSizeError("image '\(name)' has no scene folder to be found in (only placeholder:N images have a size without one)") }
        guard let url = ContainedPath.resolve(name, in: folder) else {
            throw ImageSizeError("image '\(name)' lies outside the scene's folder \(folder.path) (links included)")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw ImageSizeError("cannot read image '\(name)' in \(folder.path)") }
        guard let size = header(data) else { throw ImageSizeError("image '\(name)' is neither a PNG nor a JPEG with a readable size") }
        return size
    }

    /// Width and height from a PNG's `IHDR` or a JPEG's start-of-frame segment.
    static func header(_ data: Data) -> Size? {
        let bytes = [UInt8](data)
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard bytes.count >= 24 else { return nil }
            return positive(be32(16), be32(20))
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var i = 2
        while i + 9 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            let startOfFrame: ClosedRange<UInt8> = 0xC0...0xCF
            if startOfFrame.contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return positive(be16(i + 7), be16(i + 5)) }
            i += 2 + be16(i + 2)
        }
        return nil
    }

    private static func positive(_ w: Int, _ h: Int) -> Size? {
        w > 0 && h > 0 ? Size(width: Double(w), height: Double(h)) : nil
    }
}

/// An image whose size cannot be read.
public struct ImageSizeError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

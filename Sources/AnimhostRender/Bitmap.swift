import Foundation
import CCairo

/// An image's pixels held as an array, B,G,R,A premultiplied like ``PixelBuffer``: a rendered frame
/// kept beyond the next render, or an image file read back (for comparisons such as snapshots).
public struct Bitmap: Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// Rows of `width` × 4 bytes, top to bottom.
    public private(set) var bytes: [UInt8]

    /// A copy of `pixels`.
    public init(_ pixels: PixelBuffer) {
        let (w, h) = (pixels.width, pixels.height)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        bytes.withUnsafeMutableBytes { out in
            for y in 0..<h { (out.baseAddress! + y * w * 4).copyMemory(from: pixels.base + y * pixels.stride, byteCount: w * 4) }
        }
        width = w; height = h
        self.bytes = bytes
    }

    /// A `width` × `height` bitmap of `bytes`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4)
        self.width = width; self.height = height; self.bytes = bytes
    }

    /// Reads a PNG or JPEG file, with the checks scene images get.
    public static func read(_ url: URL) throws -> Bitmap {
        let surface = try ImageDecoder.decode(url)
        return Bitmap(surface.pixels)
    }

    /// The bytes as a ``PixelBuffer``, valid inside `body`.
    public func withPixelBuffer<T>(_ body: (PixelBuffer) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { try body(PixelBuffer(base: $0.baseAddress!, width: width, height: height, stride: width * 4)) }
    }

    /// The four bytes (b, g, r, a) of the pixel at `x`, `y`.
    public func pixel(_ x: Int, _ y: Int) -> (b: UInt8, g: UInt8, r: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// The largest difference of any channel at pixel `i`.
    public func difference(from other: Bitmap, at i: Int) -> Int {
        var d = 0
        for c in 0..<4 { d = max(d, abs(Int(bytes[i * 4 + c]) - Int(other.bytes[i * 4 + c]))) }
        return d
    }

    /// Sets pixel `i` to an opaque colour.
    public mutating func set(_ i: Int, r: UInt8, g: UInt8, b: UInt8) {
        bytes[i * 4] = b; bytes[i * 4 + 1] = g; bytes[i * 4 + 2] = r; bytes[i * 4 + 3] = 255
    }
}

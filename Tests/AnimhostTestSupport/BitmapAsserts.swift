import Foundation
import XCTest
import AnimhostRender

extension Bitmap {
    /// (r, g, b) of a pixel of an opaque frame.
    public subscript(x: Int, y: Int) -> [Int] {
        let p = pixel(x, y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    /// How many pixels differ from `other`'s (compared without printing megabytes on failure); every
    /// pixel when the sizes differ.
    public func differences(from other: Bitmap) -> Int {
        guard other.width == width, other.height == height else { return width * height }
        var count = 0
        for i in 0..<width * height where difference(from: other, at: i) > 0 { count += 1 }
        return count
    }
}

/// Peak signal-to-noise ratio of the colour channels of two bitmaps of one size, in dB (∞ when
/// identical), over the pixels `skipping` does not mark.
public func psnr(_ a: Bitmap, _ b: Bitmap, skipping: [Bool]?) -> Double {
    // Plain pointers and one unwrapped mask: a debug build otherwise retains the mask at every pixel.
    var sum = 0, count = 0
    let pixels = a.width * a.height
    let skip = skipping ?? []
    precondition(a.bytes.count >= pixels * 4 && b.bytes.count >= pixels * 4 && (skipping == nil || skip.count >= pixels), "bitmaps of one size")
    a.bytes.withUnsafeBufferPointer { x in
        b.bytes.withUnsafeBufferPointer { y in
            skip.withUnsafeBufferPointer { skip in
                guard var p = x.baseAddress, var q = y.baseAddress else { return }
                let masked = skipping == nil ? nil : skip.baseAddress  // an empty array's buffer may have an address
                for i in 0..<pixels {
                    if masked == nil || !masked![i] {
                        let d0 = Int(p[0]) - Int(q[0]), d1 = Int(p[1]) - Int(q[1]), d2 = Int(p[2]) - Int(q[2])
                        sum += d0 * d0 + d1 * d1 + d2 * d2
                        count += 3
                    }
                    p += 4
                    q += 4
                }
            }
        }
    }
    guard count > 0, sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (Double(sum) / Double(count)))
}

/// Asserts that each channel of `a` is within `tolerance` of `b`'s.
public func assertClose(
    _ a: [Int], _ b: [Int], within tolerance: Int = 1, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertTrue(
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(a) is not within \(tolerance) of \(b) \(message)",
        file: file, line: line)
}

import Foundation
import AnimhostCore
import AnimhostOutput
import AnimhostRender

/// The pixels of two runs compared frame by frame: frame `i` of A with frame `i` of B, the shorter run
/// shown at rest (its last frame) past its end.
struct FramePixels {
    /// The largest difference of a channel (0–255) still counted as the same pixel: far below what an
    /// eye notices, above the rounding of two routes to one colour.
    static let tolerance = 8
    /// The JPEG quality of the report's images.
    static let quality: Int32 = 85

    let size: Size
    /// Pixels per point.
    let scale: Double
    let imagesA: ImageStore
    let imagesB: ImageStore

    /// Compares every pair of frames; `keep(i)` says which frames' images the report shows.
    func compare(_ a: [FrameSample], _ b: [FrameSample], keep: (Int) -> Bool) throws -> [RunDiff.Frame] {
        let rendererA = try FrameRenderer(size: size, scale: scale, images: imagesA)
        let rendererB = try FrameRenderer(size: size, scale: scale, images: imagesB)
        return try withExtendedLifetime((rendererA, rendererB)) {
            try (0..<max(a.count, b.count)).map { i in
                let fa = a[min(i, a.count - 1)], fb = b[min(i, b.count - 1)]
                let same = RenderCache.sameDrawing(fa, fb)
                let pixelsA = Bitmap(try rendererA.render(fa))
                let pixelsB = same ? pixelsA : Bitmap(try rendererB.render(fb))
                var frame = FramePixels.difference(pixelsA, pixelsB, scale: scale)
                frame.index = i
                frame.time = i < a.count ? fa.time : fb.time
                if keep(i) {
                    frame.images = RunDiff.Frame.Images(
                        a: try pixelsA.withPixelBuffer { try JPEGEncoding.encode($0, quality: FramePixels.quality) },
                        b: try pixelsB.withPixelBuffer { try JPEGEncoding.encode($0, quality: FramePixels.quality) },
                        heat: try FramePixels.heatMap(pixelsA, pixelsB).withPixelBuffer { try JPEGEncoding.encode($0, quality: FramePixels.quality) })
                }
                return frame
            }
        }
    }

    /// How many pixels differ beyond ``tolerance`` and the box around them, in points.
    static func difference(_ a: Bitmap, _ b: Bitmap, scale: Double) -> RunDiff.Frame {
        var count = 0
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        a.bytes.withUnsafeBufferPointer { pa in
            b.bytes.withUnsafeBufferPointer { pb in
                for y in 0..<a.height {
                    for x in 0..<a.width where largest(pa, pb, (y * a.width + x) * 4) > tolerance {
                        count += 1
                        (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                    }
                }
            }
        }
        let region =
            count == 0
            ? nil
            : Rect(x: Double(minX) / scale, y: Double(minY) / scale, width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
        return RunDiff.Frame(index: 0, time: 0, pixels: count, total: a.width * a.height, region: region)
    }

    /// A's frame faded to a pale grey, each differing pixel coloured by how much it differs: yellow
    /// for a slight difference through orange to red for the most.
    static func heatMap(_ a: Bitmap, _ b: Bitmap) -> Bitmap {
        var bytes = [UInt8](repeating: 255, count: a.bytes.count)
        a.bytes.withUnsafeBufferPointer { pa in
            b.bytes.withUnsafeBufferPointer { pb in
                bytes.withUnsafeMutableBufferPointer { out in
                    var i = 0
                    while i < out.count {
                        let d = largest(pa, pb, i)
                        if d > tolerance {
                            let g = UInt8(max(0, 230 - d))  // 255: red; a slight one: yellow
                            (out[i], out[i + 1], out[i + 2]) = (0, g, 255)
                        } else {
                            let sum: Int = Int(pa[i]) + 2 * Int(pa[i + 1]) + Int(pa[i + 2])
                            let grey = UInt8(sum / 16 + 176)
                            (out[i], out[i + 1], out[i + 2]) = (grey, grey, grey)
                        }
                        i += 4
                    }
                }
            }
        }
        return Bitmap(width: a.width, height: a.height, bytes: bytes)
    }

    /// The largest difference of a channel of the pixel at byte `i`.
    @inline(__always)
    private static func largest(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var most = 0
        for c in 0..<4 { most = max(most, abs(Int(a[i + c]) - Int(b[i + c]))) }
        return most
    }
}

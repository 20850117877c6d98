import AnimhostRender

/// A frame in planar YUV 4:2:0 (I420, what H.264 encodes), converted on the render threads so that
/// the video encoder receives 1.5 bytes a pixel instead of 4 and converts nothing itself.
/// BT.601 in limited range, as ffmpeg converts RGB by default: Y = 16…235, U and V = 16…240, each
/// chroma sample the mean of a 2 × 2 block. Odd sizes are padded to even ones with black.
struct I420Frame {
    /// The Y plane, then U, then V.
    let bytes: [UInt8]

    /// Even dimensions covering `width` × `height`.
    static func size(width: Int, height: Int) -> (width: Int, height: Int) { ((width + 1) & ~1, (height + 1) & ~1) }

    /// `pixels` (Cairo's premultiplied BGRA: the colour over black) in I420.
    init(_ pixels: PixelBuffer) {
        let (w, h) = I420Frame.size(width: pixels.width, height: pixels.height)
        let chroma = (w / 2) * (h / 2)
        var bytes = [UInt8](repeating: 128, count: w * h + 2 * chroma)
        bytes.withUnsafeMutableBufferPointer { out in
            let y = out.baseAddress!, u = y + w * h, v = u + chroma
            for row in stride(from: 0, to: h, by: 2) {
                I420Frame.rows(pixels, row, y + row * w, u + (row / 2) * (w / 2), v + (row / 2) * (w / 2), width: w)
            }
        }
        self.bytes = bytes
    }

    /// Converts rows `row` and `row + 1` (black beyond the picture) into their Y rows at `y` and
    /// `y + width`, and one row of U and of V.
    private static func rows(
        _ pixels: PixelBuffer, _ row: Int, _ y: UnsafeMutablePointer<UInt8>, _ u: UnsafeMutablePointer<UInt8>,
        _ v: UnsafeMutablePointer<UInt8>, width: Int
    ) {
        let top = pixels.base + row * pixels.stride
        let bottom = row + 1 < pixels.height ? top + pixels.stride : nil
        for x in stride(from: 0, to: width, by: 2) {
            let a = rgb(top, x, pixels.width), b = rgb(top, x + 1, pixels.width)
            let c = rgb(bottom, x, pixels.width), d = rgb(bottom, x + 1, pixels.width)
            y[x] = luma(a); y[x + 1] = luma(b); y[width + x] = luma(c); y[width + x + 1] = luma(d)
            let (r, g, b4) = (a.r + b.r + c.r + d.r, a.g + b.g + c.g + d.g, a.b + b.b + c.b + d.b)
            u[x / 2] = UInt8(truncatingIfNeeded: ((-38 * r - 74 * g + 112 * b4 + 512) >> 10) + 128)
            v[x / 2] = UInt8(truncatingIfNeeded: ((112 * r - 94 * g - 18 * b4 + 512) >> 10) + 128)
        }
    }

    /// The pixel at `x` of `row` (black past `width`, or without a row).
    @inline(__always)
    private static func rgb(_ row: UnsafePointer<UInt8>?, _ x: Int, _ width: Int) -> (r: Int, g: Int, b: Int) {
        guard let row, x < width else { return (0, 0, 0) }
        let p = row + x * 4
        return (Int(p[2]), Int(p[1]), Int(p[0]))
    }

    @inline(__always)
    private static func luma(_ c: (r: Int, g: Int, b: Int)) -> UInt8 {
        UInt8(truncatingIfNeeded: ((66 * c.r + 129 * c.g + 25 * c.b + 128) >> 8) + 16)
    }
}

import Foundation
import CGIF
import CImageQuant

/// One GIF frame ready for LZW compression: the rectangle that changed since the frame written before,
/// its 255-colour palette from libimagequant, and its pixels mapped to it with dithering (see
/// ``PaletteMapper``), those equal to the frame before made transparent. Made from the frame and its
/// ``UnchangedMask`` alone, so on any thread.
struct GIFFrame {
    /// A rectangle of pixels.
    struct Box { let x: Int, y: Int, w: Int, h: Int }

    let box: Box
    let palette: [GifColorType]
    let indices: [UInt8]
    let transparency: Int32
    let delay: Int

    /// `pixels` are tightly packed B,G,R,A rows `width` pixels wide, of which `box` is stored;
    /// `unchanged` marks the box's pixels equal to the frame written before (nil for the first frame).
    init(_ pixels: [UInt8], box: Box, unchanged: [UInt8]?, width: Int, delay: Int) throws {
        self.delay = delay
        self.box = box
        var mapper = PaletteMapper(colors: try GIFFrame.palette(pixels, width: width, box: box))
        indices = pixels.withUnsafeBufferPointer { now in
            let map = { (mask: UnsafePointer<UInt8>?) -> [UInt8] in
                let area = PaletteMapper.Area(
                    pixels: now.baseAddress!, unchanged: mask, width: width,
                    x: box.x, y: box.y, w: box.w, h: box.h)
                mapper.refine(area)
                return mapper.map(area)
            }
            guard let unchanged else { return map(nil) }
            return unchanged.withUnsafeBufferPointer { map($0.baseAddress!) }
        }
        let colors = mapper.colors
        palette = (0..<256).map { i in
            i < colors.count ? GifColorType(Red: colors[i].0, Green: colors[i].1, Blue: colors[i].2) : GifColorType(Red: 0, Green: 0, Blue: 0)
        }
        transparency = unchanged == nil ? NO_TRANSPARENT_COLOR : Int32(PaletteMapper.transparent)
    }

    /// The smallest rectangle holding every pixel that differs (1×1 when none does).
    static func changedBox(from old: [UInt8], to new: [UInt8], width: Int, height: Int) -> Box {
        var minX = width, minY = height, maxX = -1, maxY = -1
        old.withUnsafeBytes { a in
            new.withUnsafeBytes { b in
                let pa = a.bindMemory(to: UInt32.self), pb = b.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var x = 0
                    while x < width && pa[row + x] == pb[row + x] { x += 1 }
                    guard x < width else { continue }
                    var right = width - 1
                    while pa[row + right] == pb[row + right] { right -= 1 }
                    minX = min(minX, x); maxX = max(maxX, right)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        return maxX < 0 ? Box(x: 0, y: 0, w: 1, h: 1) : Box(x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1)
    }

    /// A palette of at most 255 colours for the box, from libimagequant, which sees every `step`-th
    /// pixel of every `step`-th row when the box is large: it holds 16 bytes per pixel it sees, and
    /// the k-means step that follows fits the palette to every pixel.
    private static func palette(_ pixels: [UInt8], width: Int, box: Box) throws -> [(UInt8, UInt8, UInt8)] {
        let step = box.w * box.h > 1 << 18 ? 2 : 1
        let (rgba, w, h) = sampleRGBA(pixels, width: width, box: box, step: step)
        let attr = liq_attr_create()!
        defer { liq_attr_destroy(attr) }
        liq_set_max_colors(attr, 255)
        liq_set_speed(attr, 8)
        return try rgba.withUnsafeBytes { raw in
            let image = liq_image_create_rgba(attr, raw.baseAddress!, Int32(w), Int32(h), 0)!
            defer { liq_image_destroy(image) }
            var result: OpaquePointer?
            guard liq_image_quantize(image, attr, &result) == LIQ_OK, let result else {
                throw OutputError("GIF palette quantisation failed")
            }
            defer { liq_result_destroy(result) }
            let palette = liq_get_palette(result)!.pointee
            return withUnsafeBytes(of: palette.entries) { entries in
                let list = entries.bindMemory(to: liq_color.self)
                return (0..<Int(palette.count)).map { (list[$0].r, list[$0].g, list[$0].b) }
            }
        }
    }

    /// Every `step`-th pixel of every `step`-th row of the box, as opaque R,G,B,A, and its size.
    private static func sampleRGBA(_ pixels: [UInt8], width: Int, box: Box, step: Int) -> ([UInt8], Int, Int) {
        let w = (box.w + step - 1) / step, h = (box.h + step - 1) / step
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        pixels.withUnsafeBufferPointer { src in
            rgba.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    var s = ((box.y + y * step) * width + box.x) * 4, d = y * w * 4
                    for _ in 0..<w {
                        dst[d] = src[s + 2]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s]
                        s += 4 * step; d += 4
                    }
                }
            }
        }
        return (rgba, w, h)
    }
}

import Foundation
import AnimhostCore
import AnimhostRender
import CGIF
import CImageQuant

/// `animation.gif`: a looping GIF. Each frame stores only the rectangle that changed since the last
/// one, with unchanged pixels transparent, and gets its own 255-colour palette from libimagequant with
/// dithering. Browsers slow down delays under 2/100 s, so above 50 fps every few frames are kept
/// (delays from the frames' true times); the last frame always shows, held before the loop restarts.
public final class GIFEncoder: FrameEncoder {
    public let url: URL
    private var file: OutputFile?
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let bytes = Bytes()
    private var width = 0, height = 0, fps = 60, step = 1
    /// The last frame written, to find what changed.
    private var previous: [UInt8]?
    /// The last frame kept, written once the next one gives its delay.
    private var pending: (pixels: [UInt8], centiseconds: Int)?
    /// The most recent frame not kept, shown in place of the pending one if the run ends on it.
    private var latest: [UInt8]?
    private static let transparent: UInt8 = 255

    /// A GIF to be written at `url`.
    public init(url: URL) { self.url = url }

    deinit { closeGIF() }

    public func begin(_ info: TimelineInfo, width: Int, height: Int) throws {
        self.width = width; self.height = height; fps = info.fps
        step = max(1, checkedInt(Double(fps) / 50, .up))
        file = try OutputFile(url)
        var error: Int32 = 0
        gif = EGifOpen(Unmanaged.passUnretained(bytes).toOpaque(), { gif, data, count in
            Unmanaged<Bytes>.fromOpaque(gif!.pointee.UserData).takeUnretainedValue().data.append(data!, count: Int(count))
            return count
        }, &error)
        guard let gif else { throw OutputError("cannot start the GIF encoder: \(String(cString: GifErrorString(error)))") }
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)))
        try check(EGifPutExtensionBlock(gif, 3, [1, 0, 0]))  // loop for ever
        try check(EGifPutExtensionTrailer(gif))
    }

    public func append(_ frame: FrameSample, _ pixels: PixelBuffer) throws {
        let time = checkedInt(Double(frame.index) * 100 / Double(fps), .toNearestOrAwayFromZero)
        if frame.index % step == 0 {
            if let pending { try writeFrame(pending.pixels, delay: time - pending.centiseconds) }
            pending = (copy(pixels, reusing: pending?.pixels), time)
            latest = nil
        } else {
            latest = copy(pixels, reusing: latest)
        }
    }

    public func finish() throws {
        guard var last = pending else { throw OutputError("a GIF needs at least one frame") }
        if let latest { last.pixels = latest }
        try writeFrame(last.pixels, delay: checkedInt(loopHold * 100))
        try closeGIFChecked()
        try flush()
        try file?.commit()
    }

    public func discard() {
        closeGIF()
        file?.discard()
    }

    /// Tightly packed B,G,R,A rows.
    private func copy(_ pixels: PixelBuffer, reusing old: [UInt8]?) -> [UInt8] {
        var out = old ?? []
        let row = width * 4
        if out.count != row * height { out = [UInt8](repeating: 0, count: row * height) }
        out.withUnsafeMutableBytes { dst in
            for y in 0..<height { (dst.baseAddress! + y * row).copyMemory(from: pixels.base + y * pixels.stride, byteCount: row) }
        }
        return out
    }

    private func writeFrame(_ pixels: [UInt8], delay: Int) throws {
        let box = previous.map { changedBox(from: $0, to: pixels) } ?? Box(x: 0, y: 0, w: width, h: height)
        let (palette, indices) = try quantize(pixels, box: box)
        var transparency: Int32 = NO_TRANSPARENT_COLOR
        var indexed = indices
        if let previous {
            transparency = Int32(GIFEncoder.transparent)
            markUnchanged(&indexed, box: box, previous: previous, current: pixels)
        }
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(max(delay, 2)), TransparentColor: transparency)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes))
        let map = GifMakeMapObject(256, palette)
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, Int32(box.x), Int32(box.y), Int32(box.w), Int32(box.h), false, map))
        try check(EGifPutLine(gif, &indexed, Int32(indexed.count)))
        previous = pixels
        if bytes.data.count > 1 << 20 { try flush() }
    }

    /// The smallest rectangle holding every pixel that differs (1×1 when none does).
    private func changedBox(from old: [UInt8], to new: [UInt8]) -> Box {
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

    /// A palette of at most 255 colours for the box, and the box's pixels mapped to it with dithering.
    private func quantize(_ pixels: [UInt8], box: Box) throws -> ([GifColorType], [UInt8]) {
        var rgba = [UInt8](repeating: 255, count: box.w * box.h * 4)
        for y in 0..<box.h {
            for x in 0..<box.w {
                let s = ((box.y + y) * width + box.x + x) * 4, d = (y * box.w + x) * 4
                rgba[d] = pixels[s + 2]; rgba[d + 1] = pixels[s + 1]; rgba[d + 2] = pixels[s]
            }
        }
        let attr = liq_attr_create()!
        defer { liq_attr_destroy(attr) }
        liq_set_max_colors(attr, 255)
        liq_set_speed(attr, 8)
        var indices = [UInt8](repeating: 0, count: box.w * box.h)
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 256)
        try rgba.withUnsafeBytes { raw in
            let image = liq_image_create_rgba(attr, raw.baseAddress!, Int32(box.w), Int32(box.h), 0)!
            defer { liq_image_destroy(image) }
            var result: OpaquePointer?
            guard liq_image_quantize(image, attr, &result) == LIQ_OK, let result else {
                throw OutputError("GIF palette quantisation failed")
            }
            defer { liq_result_destroy(result) }
            liq_set_dithering_level(result, 1)
            guard liq_write_remapped_image(result, image, &indices, indices.count) == LIQ_OK else {
                throw OutputError("GIF palette mapping failed")
            }
            let palette = liq_get_palette(result)!.pointee
            withUnsafeBytes(of: palette.entries) { entries in
                let list = entries.bindMemory(to: liq_color.self)
                for i in 0..<Int(palette.count) { colors[i] = GifColorType(Red: list[i].r, Green: list[i].g, Blue: list[i].b) }
            }
        }
        return (colors, indices)
    }

    /// Pixels equal to the frame before become transparent: the previous frame shows through.
    private func markUnchanged(_ indices: inout [UInt8], box: Box, previous: [UInt8], current: [UInt8]) {
        previous.withUnsafeBytes { a in
            current.withUnsafeBytes { b in
                let pa = a.bindMemory(to: UInt32.self), pb = b.bindMemory(to: UInt32.self)
                for y in 0..<box.h {
                    for x in 0..<box.w where pa[(box.y + y) * width + box.x + x] == pb[(box.y + y) * width + box.x + x] {
                        indices[y * box.w + x] = GIFEncoder.transparent
                    }
                }
            }
        }
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else {
            throw OutputError("GIF encoding failed: \(String(cString: GifErrorString(gif?.pointee.Error ?? 0)))")
        }
    }

    private func flush() throws {
        try file?.write(bytes.data)
        bytes.data.removeAll(keepingCapacity: true)
    }

    private func closeGIFChecked() throws {
        guard let gif else { return }
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw OutputError("GIF encoding failed: \(String(cString: GifErrorString(error)))") }
    }

    private func closeGIF() { try? closeGIFChecked() }

    /// A rectangle of pixels.
    private struct Box { let x: Int, y: Int, w: Int, h: Int }

    /// Where giflib's output callback puts the bytes until they are flushed to the file.
    private final class Bytes { var data = Data() }
}

import Foundation
import AnimhostCore
import AnimhostRender
import CGIF

/// `animation.gif`: a looping GIF. Each frame stores only the rectangle that changed since the last
/// one, with unchanged pixels transparent, and gets its own 255-colour palette with dithering (see
/// ``GIFFrame``); frames are quantised on other threads, several at once, and written in order.
/// Browsers slow down delays under 2/100 s, so above 50 fps every few frames are kept (delays from
/// the frames' true times); the last frame always shows, held before the loop restarts. Frames not
/// kept are not copied; a kept frame is compared with the one written before it while both are at
/// hand, so that its quantisation needs only itself (see ``UnchangedMask``).
public final class GIFEncoder: FrameEncoder {
    public let url: URL
    /// GIF's 16-bit sizes.
    public var maxSide: Int { 65_535 }
    public var keepsFrames: Bool { true }
    private var file: OutputFile?
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let bytes = Bytes()
    private var width = 0, height = 0, fps = 60, step = 1
    /// The last frame written, to find what changed (shared with its quantisation while that runs).
    private var previous: [UInt8]?
    /// The last frame kept, written once the next one gives its delay; the run's last frame takes
    /// its place if it was not kept.
    private var pending: (pixels: [UInt8], centiseconds: Int)?
    /// Quantises kept frames in parallel; their results are written in order.
    private var jobs: OrderedJobs<GIFFrame>?

    /// A GIF to be written at `url`.
    public init(url: URL) { self.url = url }

    deinit { closeGIF() }

    public func begin(_ info: TimelineInfo, width: Int, height: Int) throws {
        self.width = width; self.height = height; fps = info.fps
        step = max(1, checkedInt(Double(fps) / 50, .up))
        file = try OutputFile(url)
        var error: Int32 = 0
        gif = EGifOpen(
            Unmanaged.passUnretained(bytes).toOpaque(),
            { gif, data, count in
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
        jobs = OrderedJobs(limit: ProcessInfo.processInfo.activeProcessorCount) { [unowned self] in try put($0) }
    }

    public func append(_ frame: OrderedFrame) throws {
        let kept = frame.sample.index % step == 0
        guard kept || frame.last else { return }
        let time = checkedInt(Double(frame.sample.index) * 100 / Double(fps), .toNearestOrAwayFromZero)
        if kept, let pending { try writeFrame(pending.pixels, delay: time - pending.centiseconds) }
        pending = nil  // at @3x a frame is 12 MB: let it go before the next copy
        pending = (frame.copy(), time)
    }

    public func finish() throws {
        guard let last = pending else { throw OutputError("a GIF needs at least one frame") }
        pending = nil
        try writeFrame(last.pixels, delay: checkedInt(loopHold * 100))
        try jobs?.finish()
        try closeGIFChecked()
        try flush()
        try file?.commit()
    }

    public func discard() {
        jobs?.stop()
        closeGIF()
        file?.discard()
    }

    /// Finds what changed since the frame written before and queues the quantisation of `pixels`, to
    /// be written in order; the frame before is not needed past this call.
    private func writeFrame(_ pixels: [UInt8], delay: Int) throws {
        let width = self.width
        var box = GIFFrame.Box(x: 0, y: 0, w: width, h: height), unchanged: [UInt8]?
        if let previous {
            box = GIFFrame.changedBox(from: previous, to: pixels, width: width, height: height)
            unchanged = UnchangedMask.make(from: previous, to: pixels, width: width, box: box)
        }
        previous = pixels
        try jobs?.submit { [box, unchanged] in try GIFFrame(pixels, box: box, unchanged: unchanged, width: width, delay: delay) }
    }

    /// Appends a quantised frame to the GIF stream (in frame order).
    private func put(_ frame: GIFFrame) throws {
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(max(frame.delay, 2)), TransparentColor: frame.transparency)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes))
        let map = GifMakeMapObject(256, frame.palette)
        defer { GifFreeMapObject(map) }
        let box = frame.box
        try check(EGifPutImageDesc(gif, Int32(box.x), Int32(box.y), Int32(box.w), Int32(box.h), false, map))
        var indices = frame.indices
        try check(EGifPutLine(gif, &indices, Int32(indices.count)))
        if bytes.data.count > 1 << 20 { try flush() }
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

    /// Where giflib's output callback puts the bytes until they are flushed to the file.
    ///
    /// giflib takes it as an untyped pointer (`Unmanaged`, not retained: C cannot hold a Swift
    /// reference), the only way to give its callback a context. Sound because the encoder holds
    /// it (`let bytes`) for its whole life, and the GIF handle that calls back is the encoder's own
    /// and closed before it goes (``finish()``, ``discard()``, `deinit`); giflib is called by one
    /// thread at a time: ``put(_:)`` under `OrderedJobs`' lock, the rest before its jobs start or
    /// once they are finished or stopped.
    private final class Bytes { var data = Data() }
}

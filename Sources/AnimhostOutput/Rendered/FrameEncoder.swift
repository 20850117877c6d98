import Foundation
import AnimhostCore
import AnimhostRender

/// One file format made from rendered frames. Nothing is visible at `url` until `finish`.
public protocol FrameEncoder: AnyObject {
    /// Where the output appears once finished.
    var url: URL { get }
    /// Whether it copies frames to encode them on threads of its own (see ``RenderSink/workers(for:)``).
    var keepsFrames: Bool { get }
    /// The most pixels a side the format holds (WebP 16,383): a larger frame is refused, naming this
    /// limit, before anything is drawn.
    var maxSide: Int { get }
    /// Called once with the run and the frame size in pixels.
    func begin(_ info: TimelineInfo, width: Int, height: Int) throws
    /// Called on a render worker, possibly for several frames at once: work that needs this frame only.
    func encode(_ frame: FrameSample, _ pixels: PixelBuffer) throws
    /// Called once per frame, in order.
    func append(_ frame: FrameSample, _ pixels: PixelBuffer) throws
    /// Called once per frame, in order, with what encoders that keep frames need; by default, `append(_:_:)`.
    func append(_ frame: OrderedFrame) throws
    /// Publishes the output.
    func finish() throws
    /// Removes everything written so far.
    func discard()
    /// Removes the unfinished output at once, from any thread, while the process is about to end.
    func abort()
}

extension FrameEncoder {
    /// By default a format holds any frame the renderer draws.
    public var maxSide: Int { .max }
    /// Refuses frames of `width` × `height` pixels (`size` points at `scale`) larger than ``maxSide``.
    func check(width: Int, height: Int, size: Size, scale: Double) throws {
        guard max(width, height) > maxSide else { return }
        throw OutputError(
            "\(url.lastPathComponent) can hold at most \(maxSide.grouped) pixels a side, and this run's frames are \(width)×\(height) "
                + "(\(formatNumber(size.width))×\(formatNumber(size.height)) points at scale \(formatNumber(scale))): "
                + "lower --scale, make the scene smaller or choose another format")
    }
    /// By default an encoder is done with each frame within the calls that hand it over.
    public var keepsFrames: Bool { false }
    /// By default an encoder does no work on the render thread.
    public func encode(_ frame: FrameSample, _ pixels: PixelBuffer) throws {}
    /// By default an encoder keeps nothing in frame order.
    public func append(_ frame: FrameSample, _ pixels: PixelBuffer) throws {}
    public func append(_ frame: OrderedFrame) throws { try append(frame.sample, frame.pixels) }
    /// By default, removes the output's temporary file.
    public func abort() { try? FileManager.default.removeItem(at: OutputFile.temporary(for: url)) }
}

/// How long the last frame of a looping animation stays up before the loop starts again, in seconds.
let loopHold = 1.0

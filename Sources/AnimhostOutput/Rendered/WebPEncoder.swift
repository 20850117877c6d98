import Foundation
import AnimhostCore
import AnimhostRender
import CWebP

/// `animation.webp`: a looping, lossy animated WebP. Each frame stores only the rectangle that changed
/// since the one before, encoded by libwebp on its own; frames are encoded on other threads, several at
/// once, and muxed in order. The smallest of the preview formats.
public final class WebPEncoder: FrameEncoder {
    public let url: URL
    /// WebP's limit.
    public var maxSide: Int { 16_383 }
    public var keepsFrames: Bool { true }
    /// libwebp's quality, 0…100.
    public let quality: Float
    private var config = WebPConfig()
    private var mux: OpaquePointer?
    private var jobs: OrderedJobs<WebPFrame>?
    private var width = 0, height = 0, fps = 60
    /// The last frame written, to find what changed (shared with its encoding while that runs).
    private var previous: [UInt8]?
    /// The last frame encoded, added once the next one gives its duration.
    private var pending: WebPFrame?

    /// An animated WebP to be written at `url`, at libwebp `quality`.
    public init(url: URL, quality: Float = 80) { self.url = url; self.quality = quality }

    deinit { if let mux { WebPMuxDelete(mux) } }

    public func begin(_ info: TimelineInfo, width: Int, height: Int) throws {
        guard ah_webp_config_init(&config) != 0 else { throw OutputError("libwebp does not match the version animhost was built with") }
        config.quality = quality
        config.method = 2
        // the strongest spatial noise shaping (default 50): 2–4 % smaller files for an SSIM 0.0003–0.0007 lower
        config.sns_strength = 100
        self.width = width; self.height = height; fps = info.fps
        mux = ah_webp_mux_new()
        guard mux != nil else { throw OutputError("cannot start the WebP muxer") }
        jobs = OrderedJobs(limit: ProcessInfo.processInfo.activeProcessorCount) { [unowned self] in try add($0) }
    }

    public func append(_ frame: OrderedFrame) throws {
        let width = self.width, height = self.height, config = self.config
        try jobs?.waitForRoom()  // at @3x each frame held is 12 MB: copy it only once it can be queued
        let copy = frame.copy()
        let timestamp = checkedInt(Double(frame.sample.index) * 1000 / Double(fps), .toNearestOrAwayFromZero)
        let box =
            previous.map { GIFFrame.changedBox(from: $0, to: copy, width: width, height: height) }
            ?? GIFFrame.Box(x: 0, y: 0, w: width, h: height)
        previous = copy  // the frame before goes now, not once this one is encoded
        try jobs?.submit { try WebPFrame(copy, box: box, width: width, timestamp: timestamp, config: config) }
    }

    public func finish() throws {
        try jobs?.finish()
        guard let last = pending else { throw OutputError("a WebP animation needs at least one frame") }
        try push(last, duration: checkedInt(loopHold * 1000))
        var params = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: 0)
        try check(WebPMuxSetAnimationParams(mux, &params), "setting the loop")
        var data = WebPData()
        try check(WebPMuxAssemble(mux, &data), "assembly")
        defer { WebPDataClear(&data) }
        let file = try OutputFile(url)
        try file.write(Data(bytes: data.bytes, count: data.size))
        try file.commit()
    }

    public func discard() { jobs?.stop() }

    /// Adds the frame before `frame` (in frame order), now that its duration is known.
    private func add(_ frame: WebPFrame) throws {
        if let pending { try push(pending, duration: frame.timestamp - pending.timestamp) }
        pending = frame
    }

    private func push(_ frame: WebPFrame, duration: Int) throws {
        try frame.bitstream.withUnsafeBufferPointer { bytes in
            var info = WebPMuxFrameInfo(
                bitstream: WebPData(bytes: bytes.baseAddress, size: bytes.count),
                x_offset: Int32(frame.x), y_offset: Int32(frame.y), duration: Int32(duration),
                id: WEBP_CHUNK_ANMF, dispose_method: WEBP_MUX_DISPOSE_NONE,
                blend_method: WEBP_MUX_NO_BLEND, pad: 0)
            try check(WebPMuxPushFrame(mux, &info, 1), "adding a frame")
        }
    }

    private func check(_ status: WebPMuxError, _ what: String) throws {
        guard status == WEBP_MUX_OK else { throw OutputError("WebP \(what) failed (error \(status.rawValue))") }
    }
}

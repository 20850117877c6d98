import Foundation
import AnimhostCore
import AnimhostRender
import CMalloc

/// Renders each sampled frame once and feeds every requested image format from it, frames being
/// drawn on several threads as they are sampled (never all held in memory). On any failure, or if
/// the run ends without `finish`, every output written so far is removed. With `debug`, the frames
/// are held until the run ends, so that each one can show the whole run's motion paths.
public final class RenderSink: FrameSink {
    /// The outputs, in the order they were requested.
    public let encoders: [FrameEncoder]
    private let scale: Double
    private let debug: Bool
    private var held: [FrameSample] = []
    private var heldBytes = 0

    /// What `--debug` may hold of a run's frames until it ends, 256 MiB (``FrameSample/heldBytes``):
    /// a few hundred thousand node-frames, where a real transition has a few thousand.
    public static let maxHeldBytes = 256 << 20
    private let workers: Int
    private let progress: ((Int) -> Void)?
    private let cancelled: (() -> Bool)?
    private var pipeline: RenderPipeline?
    private var finished = false
    /// The frame written last, queued once the next one comes or the run finishes, so that the
    /// encoders can be told which frame is the run's last.
    private var waiting: FrameSample?
    private var rendered = 0
    /// Frames handed to the pipeline so far.
    private var queued = 0
    /// How many frames the run has, once its last frame is queued.
    private var total: Int?
    private let counter = NSLock()

    /// `workers` render threads (by default ``workers(for:)``); `progress`, when given, is told the number of
    /// frames done as each one completes; `debug` draws the ``DebugOverlay`` over every frame; once
    /// `cancelled` says so, no further frame is queued and the rendering fails.
    public init(
        encoders: [FrameEncoder], scale: Double, workers: Int? = nil,
        progress: ((Int) -> Void)? = nil, debug: Bool = false, cancelled: (() -> Bool)? = nil
    ) {
        self.encoders = encoders; self.scale = scale; self.progress = progress; self.debug = debug; self.cancelled = cancelled
        self.workers = workers ?? RenderSink.workers(for: encoders)
    }

    /// One render thread per core, at most four.
    public static var defaultWorkers: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// The render threads `encoders` need: one per core while the formats do their work on them (PNG and
    /// HTML compress each frame on the thread that drew it), one when a format keeps frames to encode
    /// on threads of its own (GIF, WebP; MP4, whose x264 runs in ffmpeg): a second renderer would hold
    /// another frame and group buffer (24 MB at @3x) where those threads already keep the other cores busy.
    public static func workers(for encoders: [FrameEncoder]) -> Int {
        encoders.contains { $0.keepsFrames } ? 1 : defaultWorkers
    }

    deinit { if !finished { abandon() } }

    /// Frames (12 MB at @3x) are made and freed on several threads. glibc's malloc raises its mmap
    /// threshold after each such block is freed and from then on keeps them in per-thread heaps, which
    /// added 50–100 MB to the peak at @3x; a fixed 1 MiB threshold returns them to the system at once.
    private static let returnLargeBlocks: Void = {
        _ = ah_set_mmap_threshold(1 << 20)
    }()

    public func begin(_ info: TimelineInfo) throws {
        RenderSink.returnLargeBlocks
        let encoders = self.encoders
        let (width, height) = try FrameRenderer.pixelSize(of: info.size, scale: scale)
        for e in encoders { try e.check(width: width, height: height, size: info.size, scale: scale) }
        let images = ImageStore(folders: info.imageFolders)
        let pipeline = try RenderPipeline(
            size: info.size, scale: scale, images: images, workers: workers, plugin: info.plugin,
            parallel: { frame, pixels in for e in encoders { try e.encode(frame, pixels) } },
            ordered: { [weak self] frame, pixels in
                let ordered = OrderedFrame(frame, pixels, last: self?.isLast() ?? false)
                for e in encoders { try e.append(ordered) }
                self?.frameDone()
            })
        self.pipeline = pipeline
        do {
            for e in encoders { try e.begin(info, width: pipeline.pixelSize.width, height: pipeline.pixelSize.height) }
        } catch { abandon(); throw error }
    }

    public func write(_ frame: FrameSample) throws {
        guard let pipeline else { throw OutputError("frames were written before the run began") }
        if debug {
            heldBytes += frame.heldBytes
            guard heldBytes <= RenderSink.maxHeldBytes else {
                abandon()
                throw OutputError(
                    "--debug keeps every frame until the run ends, and frame \(frame.index) (\(frame.nodes.count) nodes) would pass "
                        + "the 256 MiB it may keep: debug a shorter run, at a lower --fps, or with fewer nodes")
            }
            held.append(frame)
            return
        }
        defer { waiting = frame }
        guard let previous = waiting else { return }
        do { try queue(previous, on: pipeline) } catch { abandon(); throw error }
    }

    public func finish(_ result: TransitionRun.Result) throws {
        guard let pipeline else { throw OutputError("the rendering was finished before it began") }
        do {
            let overlays = DebugOverlay.plan(held)
            for (i, (frame, overlay)) in zip(held, overlays).enumerated() {
                if i == held.count - 1 { markLast() }
                try queue(frame, overlay: overlay, on: pipeline)
            }
            held = []
            if let frame = waiting {
                waiting = nil
                markLast()
                try queue(frame, on: pipeline)
            }
            try pipeline.finish()
            for e in encoders { try e.finish() }
            finished = true
        } catch { abandon(); throw error }
    }

    private func queue(_ frame: FrameSample, overlay: DebugOverlay? = nil, on pipeline: RenderPipeline) throws {
        if cancelled?() == true { throw OutputError("the rendering was cancelled") }
        try pipeline.submit(frame, overlay: overlay)
        queued += 1
    }

    /// Notes that the next frame queued is the last.
    private func markLast() {
        counter.lock()
        defer { counter.unlock() }
        total = queued + 1
    }

    /// Whether the frame being appended (in order, after `rendered` others) is the run's last.
    private func isLast() -> Bool {
        counter.lock()
        defer { counter.unlock() }
        return total == rendered + 1
    }

    private func frameDone() {
        counter.lock()
        rendered += 1
        let done = rendered
        counter.unlock()
        progress?(done)
    }

    /// Stops the render threads, waiting up to `seconds` for the frames they are drawing, so that none
    /// writes after it returns (the process ending abruptly); the outputs are left for the caller to remove.
    public func stopRendering(waitingUpTo seconds: Double = 10) {
        pipeline?.stop(waitingUpTo: seconds)
    }

    /// Stops rendering and removes every output written so far (a run that failed elsewhere).
    public func abandon() {
        guard !finished else { return }
        try? pipeline?.finish()
        for e in encoders { e.discard() }
        finished = true
    }
}

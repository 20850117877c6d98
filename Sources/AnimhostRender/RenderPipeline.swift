import Foundation
import AnimhostCore

/// Renders frames on several threads at once and hands them on in order: each frame gets a
/// renderer of its own at submission, runs `parallel` on that worker (per-frame work such as writing a
/// PNG), then waits its turn for `ordered` (encoders that need the frames in sequence). A frame's
/// text is laid out at submission, in frame order (``TextLayouts``). A frame's pixels depend only on
/// the frame, so output is the same whatever the thread interleaving.
/// Its workers share it across threads: every mutable field is read and written under `condition`.
public final class RenderPipeline: @unchecked Sendable {
    /// Work on a rendered frame; the pixels are valid only during the call.
    public typealias Stage = (FrameSample, PixelBuffer) throws -> Void

    private let renderers: [FrameRenderer]
    private let caches: RenderCaches
    private let queues: [DispatchQueue]
    private let parallel: Stage
    private let ordered: Stage
    private let condition = NSCondition()
    private let group = DispatchGroup()
    private var free: [Int]
    private var submitted = 0
    private var nextInOrder = 0
    private var failure: Error?

    /// `workers` renderers of `size` points at `scale` pixels per point, sharing `images`; `plugin` is
    /// named when the run's text layout budget runs out.
    public init(
        size: Size, scale: Double, images: ImageStore, workers: Int, plugin: String? = nil,
        parallel: @escaping Stage, ordered: @escaping Stage
    ) throws {
        let count = max(1, workers)
        let caches = RenderCaches(scale: scale, images: images, plugin: plugin)
        self.caches = caches
        renderers = try (0..<count).map { _ in try FrameRenderer(size: size, caches: caches) }
        queues = (0..<count).map { DispatchQueue(label: "animhost.render.\($0)") }
        free = Array((0..<count).reversed())
        self.parallel = parallel
        self.ordered = ordered
    }

    /// The frame buffer's size in pixels.
    public var pixelSize: (width: Int, height: Int) { (renderers[0].pixelWidth, renderers[0].pixelHeight) }

    /// Counts `frame`'s drawing, lays out its text and queues it (with the debug `overlay`, if any), waiting while every
    /// renderer is busy; throws the first failure of any frame.
    public func submit(_ frame: FrameSample, overlay: DebugOverlay? = nil) throws {
        let texts = try caches.prepare(frame, width: renderers[0].pixelWidth, height: renderers[0].pixelHeight)
        condition.lock()
        while free.isEmpty && failure == nil { condition.wait() }
        if let failure { condition.unlock(); throw failure }
        let worker = free.removeLast()
        let sequence = submitted
        submitted += 1
        group.enter()  // under the lock: ``stop(waitingUpTo:)`` never misses a frame being queued
        condition.unlock()
        queues[worker].async { [self] in
            work(frame, texts: texts, overlay: overlay, sequence: sequence, worker: worker)
            group.leave()
        }
    }

    /// Waits for every queued frame; throws the first failure.
    public func finish() throws {
        group.wait()
        if let failure { throw failure }
    }

    /// Queues nothing more and waits, at most `seconds`, for the frames being drawn to finish, so
    /// that no render thread writes once it returns (an interrupted run removing what it staged).
    /// Returns whether they finished.
    @discardableResult
    public func stop(waitingUpTo seconds: Double) -> Bool {
        fail(CancellationError())
        return group.wait(timeout: .now() + seconds) == .success
    }

    private func work(_ frame: FrameSample, texts: TextLayouts.Rasters, overlay: DebugOverlay?, sequence: Int, worker: Int) {
        var pixels: PixelBuffer?
        do {
            if !hasFailed {
                pixels = try renderers[worker].render(frame, texts: texts, overlay: overlay)
                try parallel(frame, pixels!)
            }
        } catch { fail(error) }
        condition.lock()
        while nextInOrder != sequence { condition.wait() }
        condition.unlock()
        do {
            if let pixels, !hasFailed { try ordered(frame, pixels) }
        } catch { fail(error) }
        condition.lock()
        nextInOrder += 1
        free.append(worker)
        condition.broadcast()
        condition.unlock()
    }

    private var hasFailed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return failure != nil
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }
}

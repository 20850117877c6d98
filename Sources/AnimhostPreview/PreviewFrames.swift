import Foundation
import AnimhostCore
import AnimhostOutput

/// The PNG frames of the latest good run (`frames/NNNN.png` in a folder of their own, which the
/// timeline's publication leaves alone), drawn after the
/// run's event is sent: encoding every frame was most of a re-run. Each run's frames are drawn from its
/// recording on one queue, in the order of the runs, and published whole; a newer run's drawing cancels
/// the older one's. A request for a run's frames waits until they, or a later run's, are in the folder:
/// never does it get an earlier run's frames. A frame that cannot be drawn (a corrupt image, say) is
/// reported as the run's failure, after its event.
public final class PreviewFrames: @unchecked Sendable {  // the mutable fields are behind `lock`
    /// How a wait for frames ended.
    public enum Outcome: Sendable, Equatable {
        /// The folder holds the frames asked for, or a later run's.
        case ready
        /// The frames of the latest good run could not be drawn: why.
        case failed(String)
        /// The run asked for has no frames: it failed, or has not ended.
        case missing
    }

    /// Where the frames are published, as `frames/NNNN.png`.
    public let folder: URL
    private let queue = DispatchQueue(label: "animhost.preview.frames")
    private let lock = NSLock()
    /// The run whose frames are in the folder (0 before any).
    private var drawn = 0
    /// The latest run whose frames were asked for, what stops their drawing, and why it failed.
    private var target = 0
    private var drawing: RunCancellation?
    private var failure: String?
    private var waiters: [(version: Int, resume: (Outcome) -> Void)] = []
    private var stopped = false
    private var report: (@Sendable (_ version: Int, _ error: String) -> Void)?

    /// The file of frame `index`, once drawn.
    public func file(_ index: Int) -> URL {
        folder.appendingPathComponent("frames").appendingPathComponent(PNGSequenceEncoder.name(index))
    }

    /// Frames published into `folder`.
    init(folder: URL) { self.folder = folder }

    /// Draws the frames of run `version` from `run` at `scale` (with the debug overlay when `debug`),
    /// cancelling the drawing of an earlier run's.
    func draw(version: Int, run: RecordedRun, scale: Double, debug: Bool) {
        let cancellation = RunCancellation()
        lock.withLock {
            drawing?.cancel()
            drawing = cancellation
            target = version
            failure = nil
        }
        let folder = self.folder
        queue.async { [self] in
            var error: String?
            do {
                let output = try OutputRun(formats: [.png], folder: folder, scale: scale, debug: debug, cancelled: { cancellation.isCancelled })
                try run.replay(into: output)
            } catch let e {
                error = "\(e)"
            }
            settle(version, error: error)
        }
    }

    /// Waits until the folder holds the frames of run `version` (by default the latest good run's) or
    /// of a later run; at once when that run has no frames to draw.
    public func wait(for version: Int? = nil) async -> Outcome {
        await withCheckedContinuation { done in
            let now = lock.withLock { () -> Outcome? in
                let wanted = version ?? target
                if let outcome = outcome(for: wanted) { return outcome }
                waiters.append((wanted, { done.resume(returning: $0) }))
                return nil
            }
            if let now { done.resume(returning: now) }
        }
    }

    /// Has `report` told when the frames of the latest run asked for cannot be drawn, and why.
    func onFailure(_ report: @escaping @Sendable (_ version: Int, _ error: String) -> Void) { lock.withLock { self.report = report } }

    /// Stops drawing and ends every wait.
    func stop() {
        let (run, ended) = lock.withLock {
            defer { stopped = true; waiters = [] }
            return (drawing, waiters.map(\.resume))
        }
        run?.cancel()
        ended.forEach { $0(.ready) }
    }

    /// Notes how the drawing of `version`'s frames ended and ends the waits it settles.
    private func settle(_ version: Int, error: String?) {
        let (ended, failed) = lock.withLock { () -> ([(Outcome, (Outcome) -> Void)], (() -> Void)?) in
            var failed: (() -> Void)?
            if error == nil {
                drawn = max(drawn, version)
            } else if version == target, !stopped, let error {
                failure = error
                failed = report.map { report in { report(version, error) } }
            }
            var ended: [(Outcome, (Outcome) -> Void)] = []
            waiters.removeAll { waiter in
                guard let outcome = outcome(for: waiter.version) else { return false }
                ended.append((outcome, waiter.resume))
                return true
            }
            return (ended, failed)
        }
        failed?()
        ended.forEach { $0.1($0.0) }
    }

    /// How a wait for `version`'s frames ends now, or nil while it must wait. Called with `lock` held.
    private func outcome(for version: Int) -> Outcome? {
        if drawn >= version || stopped { return .ready }
        if version > target { return .missing }
        return failure.map { .failed($0) }
    }
}

import Foundation
import AnimhostCore
import AnimhostLua

/// Stops one preview run from another thread, when a newer setting or a save supersedes it: the
/// plugin's code running now is interrupted (its loading included), and the run's next frame fails it.
public final class RunCancellation: @unchecked Sendable {  // `cancelled` is behind `lock`
    private let lock = NSLock()
    private var cancelled = false
    /// Interrupts the run's plugin.
    let plugin = PluginInterrupt()

    public init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Stops the run: interrupts its plugin and fails its next frame.
    public func cancel() {
        lock.withLock { cancelled = true }
        plugin.interrupt()
    }
}

/// A run that was cancelled: a newer one supersedes it.
struct Superseded: Error {}

/// Passes frames on to `sink` until the run is cancelled, then fails the run, whose output is discarded.
final class CancellableSink: FrameSink {
    private let sink: FrameSink
    private let cancellation: RunCancellation

    init(_ sink: FrameSink, _ cancellation: RunCancellation) { self.sink = sink; self.cancellation = cancellation }

    func begin(_ info: TimelineInfo) throws { try check(); try sink.begin(info) }
    func write(_ frame: FrameSample) throws { try check(); try sink.write(frame) }
    func finish(_ result: TransitionRun.Result) throws { try check(); try sink.finish(result) }
    func abort() { sink.abort() }

    private func check() throws { if cancellation.isCancelled { throw Superseded() } }
}

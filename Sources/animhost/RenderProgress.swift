import Foundation
import AnimhostCore

/// A progress bar on stderr while frames render: shown only when stderr is a terminal and the work
/// has taken more than a second, erased when it ends.
final class RenderProgress: FrameSink {
    private let speed: Double
    private let start = Date()
    private let lock = NSLock()
    private var expected = 0
    private var shown = false
    private let enabled = isatty(STDERR_FILENO) == 1

    init(speed: Double) { self.speed = speed }

    func begin(_ info: TimelineInfo) throws {
        expected = checkedInt(info.duration * Double(info.fps) / speed, .up) + 1
    }

    func write(_ frame: FrameSample) throws {}

    func finish(_ result: TransitionRun.Result) throws { erase() }

    /// A failed run drops the sinks without finishing them: the error must not share the bar's line.
    deinit { erase() }

    private func erase() {
        lock.lock()
        defer { lock.unlock() }
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
    }

    /// Told, from any thread, how many frames are done.
    func frameDone(_ done: Int) {
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        lock.lock()
        defer { lock.unlock() }
        shown = true
        let total = max(expected, done)
        let width = 30, filled = width * done / max(total, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\rrendering \(bar) \(done)/\(total) frames".utf8))
    }
}

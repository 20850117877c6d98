import Foundation
import AnimhostLua

/// A preview's state between HTTP requests: the settings, the runner (used on one queue only), the
/// poll that re-runs on a save, and the subscribers to run events.
public final class PreviewSession: @unchecked Sendable {
    private let runner: PreviewRunner
    private let queue = DispatchQueue(label: "animhost.preview.run")
    private let lock = NSLock()
    private var settings: PreviewSettings
    private var latest = RunStatus(version: 0, ok: false)
    /// The version of the run whose files are served (0 before any succeeded).
    private var lastGood = 0
    private var listeners: [Int: AsyncStream<RunStatus>.Continuation] = [:]
    private var nextListener = 0
    private var poll: DispatchSourceTimer?

    /// A session running `settings` with `runner`; nothing runs before ``start(pollInterval:)``.
    public init(settings: PreviewSettings, runner: PreviewRunner) {
        self.settings = settings
        self.runner = runner
    }

    /// The folder holding the latest good `timeline.json` and `frames/`.
    public var folder: URL { runner.folder }

    /// The latest run's status.
    public var status: RunStatus { lock.withLock { latest } }

    /// Runs once, then polls the files the runs read every `pollInterval` seconds and re-runs when one changes.
    public func start(pollInterval: Double = 0.1) {
        queue.sync { _ = runAndTell() }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + pollInterval, repeating: pollInterval)
        timer.setEventHandler { [weak self] in
            guard let self, self.runner.watched.changed else { return }
            self.runAndTell()
        }
        timer.resume()
        lock.withLock { poll = timer }
    }

    /// Stops polling and ends every event stream.
    public func stop() {
        let (timer, open) = lock.withLock { () -> (DispatchSourceTimer?, [AsyncStream<RunStatus>.Continuation]) in
            defer { poll = nil; listeners = [:] }
            return (poll, Array(listeners.values))
        }
        timer?.cancel()
        open.forEach { $0.finish() }
    }

    /// Applies `fields` (see ``PreviewSettings/applying(_:)``) and re-runs when they change anything;
    /// returns the latest status. Throws ``SettingsError`` for a bad field, leaving the settings as they were.
    public func update(_ fields: [(key: String, value: String)]) async throws -> RunStatus {
        let (old, new) = try lock.withLock { (settings, try settings.applying(fields)) }
        guard new != old else { return status }
        lock.withLock { settings = new }
        return await withCheckedContinuation { done in queue.async { done.resume(returning: self.runAndTell()) } }
    }

    /// A stream of every run's status from now on, starting with the latest one.
    public func events() -> AsyncStream<RunStatus> {
        AsyncStream { continuation in
            let id = lock.withLock { () -> Int in
                nextListener += 1
                listeners[nextListener] = continuation
                continuation.yield(latest)
                return nextListener
            }
            continuation.onTermination = { [weak self] _ in _ = self?.lock.withLock { self?.listeners.removeValue(forKey: id) } }
        }
    }

    /// What the page needs besides the timeline: status, settings and the plugin's declared params.
    public func stateJSON() -> Data {
        let (s, status, good, declared) = lock.withLock { (settings, latest, lastGood, declaredParams) }
        let params: [[String: Any]] = declared.map { p in
            var value: Any = p.value.description
            if case .number(let n) = p.value { value = n }
            if case .bool(let b) = p.value { value = b }
            return ["name": p.name, "default": value, "type": p.value.typeName, "value": s.params[p.name] ?? p.value.description]
        }
        let object: [String: Any] = [
            "plugin": s.plugin, "version": status.version, "ok": status.ok, "error": status.error ?? NSNull(), "served": good,
            "operation": s.operation.rawValue, "fps": s.fps, "gesture": s.gesture ?? "", "debug": s.debug, "reducedMotion": s.reducedMotion, "params": params,
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    private var declaredParams: [(name: String, value: ParamValue)] = []

    /// Runs the current settings (on the queue), records the outcome and tells every subscriber.
    @discardableResult
    private func runAndTell() -> RunStatus {
        let current = lock.withLock { settings }
        let status = runner.run(current)
        let declared = runner.params
        let open = lock.withLock { () -> [AsyncStream<RunStatus>.Continuation] in
            latest = status
            if status.ok { lastGood = status.version }
            declaredParams = declared
            return Array(listeners.values)
        }
        open.forEach { $0.yield(status) }
        return status
    }
}

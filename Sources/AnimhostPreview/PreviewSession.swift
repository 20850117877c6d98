import Foundation
import AnimhostCore
import AnimhostLua

/// A preview's state between HTTP requests: the settings, the runner (used on one queue only), the
/// poll that re-runs on a save, and the subscribers to run events.
///
/// Runs never queue up behind each other: a new setting, or a save of a file the run under way reads,
/// cancels that run (its results are never published, nor counted) and starts one with what is current.
/// A run during which a file it read was saved is superseded likewise, even when it ended before the
/// poll saw the save: so one save counts once (the version goes up by one), however it falls against
/// the runs. The server answers other requests meanwhile.
public final class PreviewSession: @unchecked Sendable {  // the mutable fields are behind `lock`
    private let runner: PreviewRunner
    private let queue = DispatchQueue(label: "animhost.preview.run")
    private let pollQueue = DispatchQueue(label: "animhost.preview.poll")
    private let lock = NSLock()
    private var settings: PreviewSettings
    private var latest = RunStatus(version: 0, ok: false)
    /// The version of the run whose files are served (0 before any succeeded).
    private var lastGood = 0
    private var listeners: [Int: AsyncStream<RunStatus>.Continuation] = [:]
    private var nextListener = 0
    private var poll: DispatchSourceTimer?
    /// How many runs were asked for, and which request the latest run started on.
    private var requested = 0, started = 0
    /// The run under way: what stops it, and the files the last run read as they were when it began.
    private var current: (cancellation: RunCancellation, files: WatchedFiles)?
    /// The files the latest run that ended read.
    private var watched = WatchedFiles([])
    /// Callers waiting for a run of their request, or of a later one, to end.
    private var waiting: [(request: Int, resume: (RunStatus) -> Void)] = []
    private var stopped = false

    /// A session running `settings` with `runner`; nothing runs before ``start(pollInterval:)``.
    public init(settings: PreviewSettings, runner: PreviewRunner) {
        self.settings = settings
        self.runner = runner
        watched = WatchedFiles(runner.pluginFile(settings).map { [$0] } ?? [])  // a save of it cancels the first run
        runner.frames.onFailure { [weak self] version, error in self?.framesFailed(version, error) }
    }

    /// The latest run's frames could not be drawn: the run failed after all, and its status says why.
    private func framesFailed(_ version: Int, _ error: String) {
        let failed = RunStatus(version: version, ok: false, error: error)
        let open = lock.withLock { () -> [AsyncStream<RunStatus>.Continuation] in
            guard latest.version == version, !stopped else { return [] }
            latest = failed
            return Array(listeners.values)
        }
        open.forEach { $0.yield(failed) }
    }

    /// The folder holding the latest good `timeline.json` and `frames/`.
    public var folder: URL { runner.folder }

    /// The latest good run's PNG frames in ``folder``, drawn after its event.
    public var frames: PreviewFrames { runner.frames }

    /// The latest run's status.
    public var status: RunStatus { lock.withLock { latest } }

    /// Whether a run has started and has not yet ended nor been superseded.
    var runUnderWay: Bool { lock.withLock { current != nil } }

    /// Polls the files the runs read every `pollInterval` seconds and re-runs when one changes,
    /// cancelling a run under way that read it; returns once the first run has ended (or the run of a
    /// save that cancelled it).
    public func start(pollInterval: Double = 0.025) {
        let first = DispatchSemaphore(value: 0)
        lock.withLock { waiting.append((requestRun(), { _ in first.signal() })) }
        let timer = DispatchSource.makeTimerSource(queue: pollQueue)
        timer.schedule(deadline: .now() + pollInterval, repeating: pollInterval)
        timer.setEventHandler { [weak self] in self?.checkFiles() }
        lock.withLock { poll = timer }
        timer.resume()
        first.wait()
    }

    /// Stops polling, cancels the run under way and ends every event stream.
    public func stop() {
        let (timer, open, waiters, run, status) = lock.withLock {
            defer { stopped = true; poll = nil; listeners = [:]; waiting = [] }
            return (poll, Array(listeners.values), waiting.map(\.resume), current?.cancellation, latest)
        }
        timer?.cancel()
        run?.cancel()
        runner.frames.stop()
        open.forEach { $0.finish() }
        waiters.forEach { $0(status) }
    }

    /// Applies `fields` (see ``PreviewSettings/applying(_:)``) and, when they change anything, runs them
    /// (superseding a run under way); returns the status of the run that ended with them (or with later
    /// settings), else the latest status. Throws ``SettingsError`` for a bad field, leaving the settings as they were.
    /// `rerun` runs them even when they change nothing (a gesture file was just rewritten).
    public func update(_ fields: [(key: String, value: String)], rerun: Bool = false) async throws -> RunStatus {
        let changed = try lock.withLock { () -> Bool in
            var new = try settings.applying(fields)
            // A param the plugin does not declare is the run's error; one it declared when the page set it, left out once it no longer does.
            new.pageParams.formIntersection(Set(declaredParams.map(\.name)).union(settings.pageParams))
            defer { settings = new }
            return new != settings
        }
        guard changed || rerun else { return status }
        return await withCheckedContinuation { done in
            let stoppedWith = lock.withLock { () -> RunStatus? in
                guard !stopped else { return latest }
                waiting.append((requestRun(), { done.resume(returning: $0) }))
                return nil
            }
            if let stoppedWith { done.resume(returning: stoppedWith) }
        }
    }

    /// Asks for a run of the current settings, cancelling the one under way; returns the request's number. Called with `lock` held.
    private func requestRun() -> Int {
        requested += 1
        current?.cancellation.cancel()
        queue.async { self.runLatest() }
        return requested
    }

    /// Re-runs when a file the last run read was saved: since that run (none under way), or since the run under way began.
    private func checkFiles() {
        let (files, pending) = lock.withLock { (current?.files ?? watched, started < requested) }
        guard !pending, files.changed else { return }
        lock.withLock { _ = requestRun() }
    }

    /// Runs the latest request, unless a run already started on it; publishes the status unless it was cancelled.
    private func runLatest() {
        let job = lock.withLock { () -> (request: Int, settings: PreviewSettings, cancellation: RunCancellation)? in
            guard !stopped, started < requested else { return nil }
            started = requested
            let cancellation = RunCancellation()
            current = (cancellation, WatchedFiles(watched.urls))
            return (requested, settings, cancellation)
        }
        guard let job else { return }
        let status = runner.run(job.settings, cancellation: job.cancellation)
        let declared = runner.params, read = runner.watched, reads = runner.interaction, log = runner.calls, declaredAnimations = runner.animations
        let (open, done) = lock.withLock { () -> ([AsyncStream<RunStatus>.Continuation], [(RunStatus) -> Void]) in
            current = nil
            guard let status else {
                // Superseded: by a newer request, whose run is queued, or by a save during the run, to be run now.
                if !stopped && started == requested { _ = requestRun() }
                return ([], [])
            }
            watched = read
            latest = status
            if status.ok { lastGood = status.version }
            declaredParams = declared
            interaction = reads
            calls = log
            animations = declaredAnimations
            let done = waiting.filter { $0.request <= job.request }.map(\.resume)
            waiting.removeAll { $0.request <= job.request }
            return (Array(listeners.values), done)
        }
        guard let status else { return }
        open.forEach { $0.yield(status) }
        done.forEach { $0(status) }
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
        let (s, status, good, declared, reads, log, bars) = lock.withLock { (settings, latest, lastGood, declaredParams, interaction, calls, animations) }
        let params: [[String: Any]] = declared.map { p in
            var value: Any = p.value.description
            if case .number(let n) = p.value { value = n }
            if case .bool(let b) = p.value { value = b }
            return ["name": p.name, "default": value, "type": p.value.typeName, "value": s.params[p.name] ?? p.value.description]
        }
        let object: [String: Any] = [
            "plugin": s.plugin, "version": status.version, "ok": status.ok, "error": status.error ?? NSNull(), "served": good,
            "from": s.from ?? NSNull(), "to": s.to ?? NSNull(), "operation": s.operation.rawValue, "fps": s.fps, "gesture": s.gesture ?? "", "debug": s.debug, "reducedMotion": s.reducedMotion,
            "params": params,
            "traceback": status.traceback ?? NSNull(), "output": status.output ?? [], "interaction": Self.json(reads),
            "calls": log.map { ["t": $0.time, "call": $0.call] as [String: Any] },
            "animations": bars.json, "animationCount": bars.count
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    private var declaredParams: [(name: String, value: ParamValue)] = []
    private var interaction: (rule: InteractionRule, custom: Bool) = (InteractionRule(), false)
    /// The served run's log of hooks, completions and `ctx` calls.
    private var calls: [(time: Double, call: String)] = []
    /// The served run's declared animations.
    private var animations = InspectedAnimations()

    /// The plugin's interaction rule as the page reads it to follow a finger live (`custom`: its own `interact` decides).
    private static func json(_ reads: (rule: InteractionRule, custom: Bool)) -> [String: Any] {
        let r = reads.rule
        return [
            "axis": r.axis?.rawValue ?? NSNull(), "distance": r.distance ?? NSNull(), "finishProgress": r.finishProgress,
            "finishVelocity": r.finishVelocity, "cancelledGesture": r.cancelledGesture.rawValue, "custom": reads.custom
        ]
    }
}

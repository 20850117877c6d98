import Foundation
import AnimhostCore
import AnimhostLua
import AnimhostOutput

/// How one run of a preview ended.
public struct RunStatus: Sendable, Equatable, Codable {
    /// Counts every run from 1, failed ones included.
    public var version: Int
    public var ok: Bool
    /// `FILE:LINE: message` when the run failed.
    public var error: String?
    /// Lua's `stack traceback:` of a failed run, when the error came from running Lua code.
    public var traceback: String?
    /// The lines the plugin's `print()` wrote during the run (at most ``RunLog/maxLines``), and what
    /// the preview left out of its settings; nil when none.
    public var output: [String]?

    /// A run's result with these fields.
    public init(version: Int, ok: Bool, error: String? = nil, traceback: String? = nil, output: [String]? = nil) {
        self.version = version; self.ok = ok; self.error = error; self.traceback = traceback; self.output = output
    }

    /// The status as the `/events` data and the `/params` answer carry it.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}

/// Runs a plugin again and again into one folder (`timeline.json`, and `drawn/frames/NNNN.png` drawn
/// after the run by ``frames``): each run is published whole, so a failed run leaves the last good
/// timeline and frames in place. It keeps the files every
/// run read (the plugin, its modules, the scenes and the chrome, a gesture file) to tell when to run again.
public final class PreviewRunner {
    /// Where the latest successful run's files are.
    public let folder: URL
    private let catalog: PluginCatalog
    private let limits: SandboxLimits
    private let formats: [OutputFormat]
    /// The files read by the latest run, or by earlier ones when it failed before reading them.
    public private(set) var watched = WatchedFiles([])
    /// The latest run's status (version 0 before the first).
    public private(set) var status = RunStatus(version: 0, ok: false)
    /// The plugin's declared params and their defaults, from the latest run that loaded it.
    public private(set) var params: [(name: String, value: ParamValue)] = []
    /// The latest successful run's log of hooks, completions and `ctx` calls with their times (at most ``RunLog/maxLines``).
    public private(set) var calls: [(time: Double, call: String)] = []
    /// The animations the latest successful run declared, for the inspector's bars.
    private(set) var animations = InspectedAnimations()
    /// How the plugin reads a gesture (its `interaction` rule, and whether it has its own `interact`), from the latest run that loaded it.
    public private(set) var interaction: (rule: InteractionRule, custom: Bool) = (InteractionRule(), false)
    /// The latest good run's PNG frames, drawn after its run ends.
    public let frames: PreviewFrames

    /// A runner writing `formats` into `folder`, finding plugins and scenes with `catalog`.
    public init(folder: URL, catalog: PluginCatalog, limits: SandboxLimits, formats: [OutputFormat] = [.json, .png]) {
        self.folder = folder; self.catalog = catalog; self.limits = limits; self.formats = formats
        frames = PreviewFrames(folder: folder.appendingPathComponent("drawn"))
    }

    /// The plugin file `settings` name, if it can be found.
    public func pluginFile(_ settings: PreviewSettings) -> URL? { try? catalog.locate(settings.plugin).url }

    /// Runs `settings` once and returns the new status; never throws: a failure is the status's error.
    /// Returns nil, leaving everything as it was (the status, the files watched, the output), when
    /// `cancellation` stops the run before it ends, or when a file the run read was saved before its
    /// output was published (the run may have read it before the save).
    @discardableResult
    public func run(_ settings: PreviewSettings, cancellation: RunCancellation = RunCancellation()) -> RunStatus? {
        var read: [URL] = []
        let started = Date()
        let log = RunLog()
        var made: Plugin?
        do {
            let entry = try catalog.locate(settings.plugin)
            read.append(entry.url)
            let plugin = try Plugin(url: entry.url, limits: limits, printSink: log.append, interrupt: cancellation.plugin)
            made = plugin
            defer { read += plugin.luaFilesRead }
            params = plugin.params
            interaction = (plugin.interactionRule, plugin.isInteractive)
            var request = log.request(settings, declared: plugin.params)
            request.keepsAnimations = true
            let session = TransitionSession(plugin, scenes: catalog)
            let scenes = try session.sceneFiles(for: request)
            read += [scenes.from, scenes.to] + [try session.chromeFile(for: request), request.gestureFile].compactMap { $0 }
            // A save during the run supersedes it: it may have read the file before the save.
            let superseded = { [read] in cancellation.isCancelled || WatchedFiles(read + plugin.luaFilesRead, readSince: started).changed }
            let recording = try record(settings, cancelled: superseded)
            let outcome = try session.run(request, sink: CancellableSink(recording, cancellation))
            calls = Array(outcome.calls.prefix(RunLog.maxLines))
            animations = InspectedAnimations(outcome.animations)
            status = RunStatus(version: status.version + 1, ok: true, output: log.output(leftOutByBudget: made?.printLinesLeftOut ?? 0))
            if formats.contains(.png) { frames.draw(version: status.version, run: recording, scale: settings.scale, debug: settings.debug) }
        } catch {
            // Cancelled, or failed on what may be a file half-saved: superseded either way.
            if cancellation.isCancelled || WatchedFiles(read, readSince: started).changed { return nil }
            let failure = error as? PluginError
            status = RunStatus(
                version: status.version + 1, ok: false, error: failure?.headline ?? "\(error)", traceback: failure?.traceback, output: log.output(leftOutByBudget: made?.printLinesLeftOut ?? 0))
        }
        watched = WatchedFiles(read + (status.ok ? [] : watched.urls), readSince: started)
        return status
    }

    /// The run's outputs but its PNG frames, written at once; the PNG frames are drawn from the
    /// recording once the run's event is sent (``PreviewFrames``).
    private func record(_ settings: PreviewSettings, cancelled: @escaping () -> Bool) throws -> RecordedRun {
        let written = try OutputRun(formats: formats.filter { $0 != .png }, folder: folder, scale: settings.scale, debug: settings.debug, cancelled: cancelled)
        return RecordedRun(passingTo: [written])
    }
}

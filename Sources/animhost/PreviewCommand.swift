import ArgumentParser
import Foundation
import AnimhostCore
import AnimhostLua
import AnimhostPreview

/// `animhost preview`: a local server showing the plugin's run live, re-running on every save.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview of a plugin that re-runs whenever a file it read is saved.",
        discussion: """
            Opens an HTTP server (loopback by default) and prints its URL. The page plays the latest good run, \
            shows the error of a failed one (keeping the last good frames), edits the run's settings and the \
            plugin's params, toggles the debug overlay and draws each node's motion curves. A save of the plugin, \
            a module it requires, a scene (the chrome's included) or a gesture file re-runs it within 300 ms. Ctrl-C stops the server.

            Endpoints: GET / (the page), /timeline.json, /frames/N.png, /state.json, /events (Server-Sent Events: \
            event `run`, data {"version", "ok", "error"}); POST /params (param.NAME, operation, fps, gesture, debug, \
            reducedMotion as a form or a JSON object, from the page's own origin with its token: see docs/authoring.md); \
            POST /gesture (a trace recorded in the page: saved to --record FILE, served as /gesture.json, and run). \
            A new setting or a save cancels the run under way.

            Examples:
              animhost preview zoom
              animhost preview Examples/popup/popup.lua --port 9000 --debug
              animhost preview zoom --operation pop --record swipe.json   # then: animhost run zoom --operation pop --gesture swipe.json
            """
    )

    @Argument(help: "A plugin name or a .lua file.", completion: .custom(PluginNames.complete))
    var plugin: String

    @OptionGroup var scene: SceneOptions<RunSceneHelp>

    @Option(parsing: .unconditional, help: "Pixels per point of the frames served (0.5 to 4).")
    var scale: Double = 1

    @Option(help: ArgumentHelp("Run interactively, driven by a gesture: a .json trace or a generated one.", valueName: "trace.json|spec"))
    var gesture: String?

    @Option(help: ArgumentHelp("Save each gesture recorded in the page (press on the frame and drag) to this .json trace, as --gesture reads it.", valueName: "trace.json"))
    var record: String?

    @Flag(help: "Draw the debug overlay (boxes and ids, motion paths, anchor points, touches) into the frames.")
    var debug = false

    @Flag(help: "Set ctx.reducedMotion: the viewer asked for less motion (the built-ins crossfade instead).")
    var reducedMotion = false

    @Option(parsing: .unconditional, help: "The port to listen on (0: any free port).")
    var port: Int = 8080

    @Option(help: ArgumentHelp("The address to listen on (anything but loopback exposes your files).", valueName: "address"))
    var host: String = "127.0.0.1"

    @OptionGroup var sandbox: SandboxOptions

    func validate() throws {
        try scene.check()
        guard scale >= 0.5 && scale <= 4 else { throw ValidationError("--scale must be from 0.5 to 4, got \(formatNumber(scale))") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, got \(port)") }
        try sandbox.check()
        if let record { try Self.checkRecord(record) }
    }

    /// A `--record` file must be a `.json` path (as `--gesture` reads a trace) in a folder that exists, and
    /// not a folder; one that exists already must be a gesture trace, as it is replaced.
    static func checkRecord(_ path: String) throws {
        guard path.hasSuffix(".json") else { throw ValidationError("--record must name a .json file (a gesture trace), got '\(path)'") }
        var isFolder: ObjCBool = false
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--record: the folder \(parent) does not exist")
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        guard !isFolder.boolValue else { throw ValidationError("--record: \(path) is a folder") }
        // A recording replaces the file whole: only a trace recorded or written before, never a file of other use named by a slip.
        let data = try? InputFile.read(path, limit: Bounds.gestureFileBytes)
        if data.flatMap({ try? GestureTrace.parse($0, file: path) }) == nil {
            throw ValidationError("--record: \(path) exists and is not a gesture trace; a recording would replace it: name another file, or remove it first")
        }
    }

    func run() throws {
        let request = try scene.request()
        var settings = PreviewSettings(plugin: plugin)
        settings.from = request.from; settings.to = request.to; settings.operation = request.operation
        settings.fps = request.fps; settings.params = request.params
        settings.scale = scale; settings.gesture = gesture; settings.debug = debug
        settings.reducedMotion = reducedMotion
        // A folder of our own in TMPDIR, named by mkdtemp: no other user can guess it or plant a link
        // there. Interrupts are caught first, so that one arriving as it is made removes it too.
        ProcessExit.catchInterrupts()
        let made = PrivateFolderSlot()
        let cleanup = ProcessExit.register { made.remove() }
        defer { ProcessExit.unregister(cleanup); made.remove() }
        let temporary = FileManager.default.temporaryDirectory
        let root: URL
        do { root = try made.make(in: temporary, prefix: "animhost-preview-") } catch {
            throw CommandError(
                "cannot make a folder in \(temporary.path) for the preview's frames: \(error.localizedDescription); set TMPDIR to a folder you can write to")
        }
        let folder = root.appendingPathComponent("run")
        var limits = sandbox.limits
        limits.exitWhenStuck = false  // a stuck plugin fails its run; the server stays up
        let session = PreviewSession(settings: settings, runner: PreviewRunner(folder: folder, catalog: sandbox.catalog, limits: limits))
        let server = PreviewServer(session: session, host: host, port: port, record: record.map { URL(fileURLWithPath: $0) })
        let failure = ErrorBox()
        let listening = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { url in
                    FileHandle.standardOutput.write(Data("animhost preview: \(url)  (Ctrl-C stops)\n".utf8))  // unbuffered: tools wait for it
                    listening.signal()
                }
            } catch { failure.error = error }
            listening.signal()
            done.signal()
        }
        listening.wait()  // the server answers while the first run goes on (the page waits for its event)
        if failure.error == nil {
            session.start()
            let first = session.status
            sayNow(first.ok ? "first run ok" : "first run failed: \(first.error ?? "")")
        }
        done.wait()
        if let error = failure.error { throw CommandError("cannot serve on \(host):\(port): \(error)") }
    }
}

/// Holds an error across a task boundary.
private final class ErrorBox: @unchecked Sendable { var error: Error? }

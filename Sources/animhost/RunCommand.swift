import ArgumentParser
import Foundation
import AnimhostCore
import AnimhostHarness
import AnimhostLua
import AnimhostOutput
import AnimhostPreview

/// `animhost run`: one transition, sampled and written in the requested formats.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a transition and write its frames.",
        discussion: """
            PLUGIN is a plugin name (looked up in --plugins folders, $ANIMHOST_PATH, ./Plugins, then the \
            built-in plugins) or a path to a .lua file. Scenes default to the ones the plugin declares \
            (grid → detail, said once, when it declares none); pop and dismiss swap them. With only one \
            of --from and --to, the other is the declared default; when both would then be the same \
            scene the run is refused (name both).

            Formats (default json,html; several may be given, e.g. --format json,png,webp; \
            every image format comes from one render of each frame):
            \(OutputFormat.helpLines)

            Outputs are written into a hidden folder beside DIR and moved into DIR only when every \
            format has finished: a failed or interrupted run (Ctrl-C: exit 130; SIGTERM: 143) leaves DIR \
            as it was. A run replaces the files its formats write and removes those an earlier run wrote \
            for other formats; nothing else in DIR is touched.

            --watch runs again whenever a file the run read is saved (the plugin, a module it requires, a \
            scene, the chrome, a gesture file), rewriting DIR each time; a failed run prints its error and DIR keeps the \
            last good outputs. --debug draws boxes and ids, motion paths, anchor points and touches into \
            every rendered format.

            Examples:
              animhost run zoom
              animhost run zoom --format json,webp,html --scale 3
              animhost run zoom --operation pop --fps 120
              animhost run card-lift --param lift=1.05 --out /tmp/lift
              animhost run Examples/popup/popup.lua
              animhost run zoom --operation pop --gesture "edge-swipe to=0.25 release=slow"
              animhost run zoom --operation pop --gesture "pan-down dy=300 release=down"
              animhost run zoom --format png --debug --watch
            """
    )

    @Argument(help: "A plugin name or a .lua file.", completion: .custom(PluginNames.complete))
    var plugin: String

    @OptionGroup var scene: SceneOptions<RunSceneHelp>

    @Option(help: ArgumentHelp("Bars drawn above the container, belonging to neither screen (ctx.chrome): a built-in name or a .json file.", valueName: "scene"))
    var chrome: String?

    @Option(parsing: .unconditional, help: "Pixels per point for rendered output (0.5 to 4), recorded in the timeline.")
    var scale: Double = 2

    @Option(help: ArgumentHelp("Comma-separated output formats: \(OutputFormat.nameList).", valueName: "formats"))
    var format: String = "json,html"

    @Option(help: ArgumentHelp("Output folder (default: out/PLUGIN).", valueName: "dir"))
    var out: String?

    @Option(
        help: ArgumentHelp(
            "Run interactively, driven by a gesture: a .json trace or a generated one.", discussion: "Generated gestures, with their keys and defaults:\n" + GeneratedGesture.help,
            valueName: "trace.json|spec"))
    var gesture: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Write only the state this many seconds (0 to 600) into the transition.", valueName: "seconds"))
    var at: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Write only the state at this fraction (0 to 1) of the declared duration.", valueName: "fraction"))
    var progress: Double?

    @Option(parsing: .unconditional, help: "Playback speed of a non-interactive run (0.01 to 100): 2 samples twice as far apart, 0.5 in slow motion.")
    var speed: Double = 1

    @Flag(help: "Write the frames in reverse order, as the transition played backwards.")
    var reverse = false

    @Flag(help: "Draw the debug overlay (boxes and ids, motion paths, anchor points, touches) into rendered formats.")
    var debug = false

    @Flag(help: "Run again whenever a file the run read is saved, until Ctrl-C.")
    var watch = false

    @Flag(help: "Set ctx.reducedMotion: the viewer asked for less motion (the built-ins crossfade instead).")
    var reducedMotion = false

    @OptionGroup var sandbox: SandboxOptions

    func validate() throws {
        try scene.check()
        guard scale >= 0.5 && scale <= 4 else { throw ValidationError("--scale must be from 0.5 to 4, got \(formatNumber(scale))") }
        do {
            let formats = try OutputFormat.parseList(format)
            if debug && !formats.contains(where: \.isRendered) { throw ValidationError("--debug draws into rendered formats (png, gif, webp, mp4, html), and --format \(format) has none") }
            if gesture != nil && formats.contains(where: { $0.name == OutputFormat.viewTransitions.name }) {
                throw ValidationError("--format view-transitions cannot follow --gesture (a view transition does not follow a pointer): --format web's pop and dismiss pages follow pointer drags")
            }
        } catch let e as ValidationError { throw e } catch { throw ValidationError("\(error)") }
        if let at { guard at >= 0 && at <= Bounds.seconds else { throw ValidationError("--at must be a number of seconds from 0 to \(formatNumber(Bounds.seconds)), got \(formatNumber(at))") } }
        if let progress { guard (0...1).contains(progress) else { throw ValidationError("--progress must be from 0 to 1, got \(formatNumber(progress))") } }
        guard at == nil || progress == nil else { throw ValidationError("give either --at or --progress, not both") }
        guard TransitionRequest.speedRange.contains(speed) else { throw ValidationError("--speed must be from 0.01 to 100, got \(formatNumber(speed))") }
        guard speed == 1 || gesture == nil else { throw ValidationError("--speed is for non-interactive runs (a gesture sets its own pace)") }
        try sandbox.check()
    }

    /// `--out`, or `out/NAME` here; `out` must then be a real folder (or absent), not a link a cloned
    /// folder could plant to send the outputs, and the replacing of files, anywhere.
    func outputFolder(for name: String) throws -> URL {
        if let out { return URL(fileURLWithPath: out) }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "out") {
            throw CommandError("out is a link (to \(target)): the default output folder out/\(name) is written only into a real folder; remove the link or give --out")
        }
        return URL(fileURLWithPath: "out/\(name)")
    }

    func run() throws {
        guard watch else { var read: [URL] = []; return try runOnce(reading: &read) }
        var watched = WatchedFiles([])
        while true {
            var read: [URL] = []
            let started = Date()
            do { try runOnce(reading: &read) } catch {
                complain("animhost: \(error)")
                read += watched.urls  // what failed before being read again is still worth watching
            }
            watched = WatchedFiles(read, readSince: started)
            FileHandle.standardOutput.write(Data("watching \(watched.urls.count) file\(watched.urls.count == 1 ? "" : "s") (Ctrl-C stops)\n".utf8))
            watched.waitForChange()
        }
    }

    /// Runs once; `read` gathers the files the run read, as they are known.
    private func runOnce(reading read: inout [URL]) throws {
        let formats = try OutputFormat.parseList(format)
        let catalog = sandbox.catalog
        do {
            let entry = try catalog.locate(plugin)
            read.append(entry.url)
            let loaded = try Plugin(url: entry.url, limits: sandbox.limits)
            defer { read += loaded.luaFilesRead }
            let outDir = try outputFolder(for: loaded.name)
            let bar = formats.contains(where: \.isRendered) ? RenderProgress(speed: speed) : nil
            let sinks = try OutputRun(formats: formats, folder: outDir, scale: scale, progress: bar.map { ($0, $0.frameDone) }, debug: debug)
            let only = at.map(TransitionRun.Instant.time) ?? progress.map(TransitionRun.Instant.progress)
            var request = try scene.request()
            request.gesture = gesture; request.speed = speed; request.only = only
            request.reducedMotion = reducedMotion; request.chrome = chrome
            let session = TransitionSession(loaded, scenes: catalog)
            let scenes = try session.sceneFiles(for: request)
            read += [scenes.from, scenes.to] + [try session.chromeFile(for: request), request.gestureFile].compactMap { $0 }
            let sink: FrameSink? = sinks.sinks.isEmpty ? nil : (reverse ? ReversedFrames(sinks) as FrameSink : sinks)  // none: evaluate only
            if let note = loaded.fallbackScenesNote, scene.from == nil || scene.to == nil { say(note) }
            let load = WebSideRuns.loader(url: entry.url, limits: sandbox.limits, scenes: catalog)
            // Said once the run itself has gone well: where it fails, its own error says why (often the side runs' cause too).
            let sideWarnings = WebSideRuns.run(request, plugin: loaded, sinks: sinks.sinks, reverse: reverse, load: load)
            let outcome = try session.run(request, sink: sink)
            for warning in sideWarnings + outcome.warnings + outcome.advice { complain("animhost: warning: \(warning)") }
            report(summary(outcome, written: sinks.urls, notes: sinks.note(for:)))
        } catch let e as PluginError {
            throw CommandError(e)
        } catch let e as SceneError {
            throw CommandError(e)
        } catch let e as GestureError {
            throw CommandError(e)
        } catch let e as OutputError {
            throw CommandError(e)
        }
    }

    /// Prints a run's summary; while watching into a pipe or a file, with the time of day first and at
    /// once (not when a buffer fills), so that a log shows which save each run followed.
    private func report(_ line: String) {
        if watch && isatty(STDOUT_FILENO) == 0 {
            say("[\(Self.timeOfDay())] " + line)
        } else {
            say(line)
        }
        fflush(nil)  // every stream: stdout is a C global Swift 6 will not name here
    }

    /// The time now as `HH:mm:ss`, in the local time zone.
    private static func timeOfDay() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }

    /// `t` with three decimals as `%.3f` writes it: the double's exact value rounded half to even.
    /// Worked out here because Foundation's `String(format:)` and Swift's `withVaList` each cost more
    /// than the rest of the summary on first use (protocol-conformance look-ups).
    static func millisecondDigits(_ t: Double) -> String {
        guard t.isFinite, t.magnitude < 0x1p53 else { return String(format: "%.3f", t) }
        let subnormal = t.exponentBitPattern == 0
        let significand = t.significandBitPattern | (subnormal ? 0 : 1 << 52)
        let exponent = (subnormal ? 1 : Int(t.exponentBitPattern)) - 1075
        let scaled = significand * 1000  // below 2⁶³
        var thousandths = exponent >= 0 ? scaled << UInt64(exponent) : 0
        if exponent < 0 && exponent > -64 {
            let shift = UInt64(-exponent), rest = scaled & (1 << shift - 1), half: UInt64 = 1 << (shift - 1)
            thousandths = scaled >> shift
            if rest > half || (rest == half && thousandths & 1 == 1) { thousandths += 1 }
        }
        let fraction = String(thousandths % 1000)
        return (t.sign == .minus ? "-" : "") + String(thousandths / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private func summary(_ o: TransitionOutcome, written: [URL], notes: (URL) -> String?) -> String {
        let r = o.result
        let state = r.completed ? "completed" : (r.cancelled ? "cancelled" : "not completed")
        let files = written.isEmpty ? "" : " → " + written.map { displayPath($0) + (notes($0).map { " (\($0))" } ?? "") }.joined(separator: ", ")
        let seconds = { (t: Double) in Self.millisecondDigits(t) + " s" }
        let sampled: String
        if let at {
            sampled = "the state at t = \(seconds(at))"
        } else if let progress {
            sampled = "the state at \(formatNumber(progress)) of the duration, t = \(seconds(progress * o.info.duration))"
        } else {
            sampled = "\(r.frameCount) frame\(r.frameCount == 1 ? "" : "s") at \(o.info.fps) fps, \(seconds(r.endTime))"
        }
        return "\(o.info.plugin) \(o.info.operation.rawValue) \(o.info.from) → \(o.info.to): \(sampled) "
            + "(duration \(formatNumber((o.info.duration * 1000).rounded() / 1000)) s), \(state)\(files)"  // to the millisecond, as the times beside it
    }
}

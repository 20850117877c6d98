import ArgumentParser
import Foundation
import AnimhostCore
import AnimhostHarness
import AnimhostOutput

/// `animhost diff`: what a change did to a transition, frame by frame and node by node.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two versions of a transition: pixels per frame, each node's timing and path.",
        discussion: """
            A and B are plugin names or .lua files: two plugins, two revisions of one file (save the old \
            one aside, e.g. git show HEAD:Plugins/zoom.lua > /tmp/zoom-old.lua), or one plugin twice \
            with other params (B left out is A again; --param-a and --param-b give each side its own, \
            --param gives both). Both run on the same request: --from, --to, --operation, --fps, \
            --gesture and --reduced-motion as for run.

            Every frame of A is compared with the same frame of B (the shorter run held at its end) \
            pixel by pixel at --scale. Each node, matched by id (and scene), is followed through time: \
            its path, size and opacity on screen and its own properties (frame, alpha, transform…). \
            For each, the timing shift that best lines B's curve up with A's is found, and what is \
            left once aligned is reported: a 20 ms delay reads as "20.0 ms later in B", not as a \
            path that differs; a node moved by 3 pt reads as "path off by 3.0 pt". Nodes whose own \
            properties differ come first; nodes that only changed with them follow.

            The summary goes to standard output (--output json: the whole result for tools, the \
            summary on standard error), and DIR/report.html shows both versions side by side, as \
            an onion skin and as a heat map of their difference, from the worst frame, with both \
            motion curves of each node on one plot. The exit code is 1 when a difference is past a \
            limit (--max-pixels, --max-path, --max-shift, --max-opacity; a node in one version only, \
            or left behind in one, always is), else 0: a check for CI.

            Examples:
              animhost diff zoom --param-a duration=0.3 --param-b duration=0.35
              animhost diff /tmp/zoom-old.lua Plugins/zoom.lua --operation pop
              animhost diff zoom card-lift --max-pixels 100 --max-shift 50 --output json
            """
    )

    @Argument(help: ArgumentHelp("The version compared against: a plugin name or a .lua file.", valueName: "A"), completion: .custom(PluginNames.complete))
    var a: String

    @Argument(help: ArgumentHelp("The version compared (default: A again, with --param-b).", valueName: "B"), completion: .custom(PluginNames.complete))
    var b: String?

    @OptionGroup var scene: SceneOptions<RunSceneHelp>

    @Option(name: .customLong("param-a"), help: ArgumentHelp("Override a param of A only (repeatable).", valueName: "key=value"))
    var paramsA: [String] = []

    @Option(name: .customLong("param-b"), help: ArgumentHelp("Override a param of B only (repeatable).", valueName: "key=value"))
    var paramsB: [String] = []

    @Option(help: ArgumentHelp("Bars drawn above the container (ctx.chrome), for both: a built-in name or a .json file.", valueName: "scene"))
    var chrome: String?

    @Option(help: ArgumentHelp("Drive both runs by this gesture: a .json trace or a generated one (as for run).", valueName: "trace.json|spec"))
    var gesture: String?

    @Flag(help: "Set ctx.reducedMotion in both runs.")
    var reducedMotion = false

    @Option(parsing: .unconditional, help: "Pixels per point of the compared frames and the report's images (0.5 to 4).")
    var scale: Double = 1

    @Option(help: ArgumentHelp("Folder of the report, report.html (default: out/diff).", valueName: "dir"))
    var out: String?

    @Flag(help: "Write no report: compare only (faster, for CI).")
    var noReport = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Percent of a frame's pixels that may differ.", valueName: "percent"))
    var maxPixels: Double = 0.1

    @Option(parsing: .unconditional, help: ArgumentHelp("Points a node's path or size may be off once its timing is aligned.", valueName: "points"))
    var maxPath: Double = 0.5

    @Option(parsing: .unconditional, help: ArgumentHelp("Milliseconds a node's motion may lag or lead.", valueName: "ms"))
    var maxShift: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("How much a node's opacity on screen may differ once aligned (0 to 1).", valueName: "alpha"))
    var maxOpacity: Double = 0.01

    @Option(help: "text or json; with json the summary goes to standard error.")
    var output: Output = .text

    @OptionGroup var sandbox: SandboxOptions

    /// How the result is printed.
    enum Output: String, ExpressibleByArgument, CaseIterable { case text, json }

    func validate() throws {
        for name in [a] + (b.map { [$0] } ?? []) where name.hasSuffix("_spec.lua") {
            throw ValidationError("\(name) is a spec (run it with animhost test); diff compares plugins")
        }
        try scene.check()
        _ = try Self.parsed(paramsA, option: "--param-a")
        _ = try Self.parsed(paramsB, option: "--param-b")
        guard scale >= 0.5 && scale <= 4 else { throw ValidationError("--scale must be from 0.5 to 4, got \(formatNumber(scale))") }
        for (name, value, top) in [("--max-pixels", maxPixels, 100.0), ("--max-path", maxPath, 1e6), ("--max-shift", maxShift, 1e6), ("--max-opacity", maxOpacity, 1.0)] {
            guard value >= 0 && value <= top else { throw ValidationError("\(name) must be from 0 to \(formatNumber(top)), got \(formatNumber(value))") }
        }
        guard !(noReport && out != nil) else { throw ValidationError("--no-report writes nothing: leave out --out") }
        if !noReport, let problem = Self.reportProblem(out ?? "out/diff") { throw ValidationError((out == nil ? "the report folder out/diff" : "--out '\(out!)'") + ": " + problem) }
        try sandbox.check()
    }

    /// Why the report could not be written under `folder`, checked before both versions run: a file
    /// or a broken link in the way of the folder, or a folder where `report.html` goes; nil when none.
    static func reportProblem(_ folder: String) -> String? {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        var isFolder: ObjCBool = false
        let page = url.appendingPathComponent("report.html").path
        if FileManager.default.fileExists(atPath: page, isDirectory: &isFolder), isFolder.boolValue { return "'\(page)' is a folder, not a file" }
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) { return isFolder.boolValue ? nil : "'\(url.path)' is a file, not a folder" }
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) { return "'\(url.path)' is a link to \(target), which does not exist" }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// `key=value` options as a dictionary; a malformed one names its option.
    static func parsed(_ values: [String], option: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for p in values {
            guard let eq = p.firstIndex(of: "="), eq != p.startIndex else { throw ValidationError("\(option) expects key=value, got '\(p)'") }
            out[String(p[..<eq])] = String(p[p.index(after: eq)...])
        }
        return out
    }

    var thresholds: RunDiff.Thresholds {
        var t = RunDiff.Thresholds()
        t.pixels = maxPixels / 100; t.path = maxPath; t.shift = maxShift / 1000; t.opacity = maxOpacity
        return t
    }

    func run() throws {
        let catalog = sandbox.catalog
        var request = try scene.request()
        request.chrome = chrome; request.gesture = gesture; request.reducedMotion = reducedMotion
        let folder = try reportFolder()
        let result: DiffResult
        do {
            let sideA = RunDiff.Side(url: try catalog.locate(a).url, params: try Self.parsed(paramsA, option: "--param-a"))
            let sideB = RunDiff.Side(url: try catalog.locate(b ?? a).url, params: try Self.parsed(paramsB, option: "--param-b"))
            var diff = RunDiff(a: sideA, b: sideB, request: request, scenes: catalog)
            diff.scale = scale; diff.limits = sandbox.limits
            result = try diff.compare(images: folder != nil)
        } catch let e as ValidationError {
            throw e
        } catch {
            throw CommandError(error)
        }
        if let folder {
            do { try result.writePage(to: folder.appendingPathComponent("report.html"), thresholds) } catch {
                throw CommandError(OutputError.writing(folder, error))
            }
        }
        let summary = result.text(thresholds) + (folder.map { "\nreport: " + displayPath($0.appendingPathComponent("report.html")) } ?? "")
        switch output {
        case .text: say(summary)
        case .json:
            print(result.json(thresholds))
            complain(summary)
        }
        if !result.failures(thresholds).isEmpty { throw ExitCode.failure }
    }

    /// `--out`, or `out/diff` here (refused when `out` is a link, as `run` refuses it); nil with `--no-report`.
    func reportFolder() throws -> URL? {
        if noReport { return nil }
        if let out { return URL(fileURLWithPath: out) }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "out") {
            throw CommandError("out is a link (to \(target)): the default report folder out/diff is written only into a real folder; remove the link or give --out")
        }
        return URL(fileURLWithPath: "out/diff")
    }
}

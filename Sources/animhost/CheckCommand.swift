import ArgumentParser
import Foundation
import AnimhostCore
import AnimhostHarness
import AnimhostLua

/// `animhost check`: the conformance suite every animator must pass.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check plugins against the animator protocol's rules.",
        discussion: """
            For push, pop, present and dismiss at 30, 60 and 120 fps, and again at 60 fps with reduced \
            motion, then a pop after a push and interactive pops (dismissals for a plugin with a \
            presentation, following the plugin's interaction rule when it declares one), on the plugin's scenes (grid → detail when it declares none). Frames are \
            judged by pixels, drawn at a scale where the scenes' edges fall on whole pixels (--scale to \
            choose). A failed pixel check names the share of pixels, the region and the nodes drawn there; \
            --artifacts DIR writes the two images and a diff. Every frame is also drawn small and judged \
            for flashes (WCAG 2.3.1); how much of the screen moves and zooms (WCAG 2.3.3) is reported for \
            information. The checks stop at the first run past the time limit. The exit code is 1 when \
            any plugin fails.

            The rules (id: what it asks):

            """ + ConformanceRule.listed
    )

    @Argument(help: "Plugin names or .lua files.", completion: .custom(PluginNames.complete))
    var plugins: [String]

    @OptionGroup var scene: SceneOptions<CheckSceneHelp>

    @Flag(help: "Run every check with ctx.reducedMotion set, and its motion limits.")
    var reducedMotion = false

    @Option(help: ArgumentHelp("Write the images of failed pixel checks under this folder.", valueName: "dir"))
    var artifacts: String?

    @Option(
        parsing: .unconditional,
        help: "Pixels per point of the pixel checks (0.5 to 4); by default the smallest of 1, 2 and 3 at which the scenes' edges fall on whole pixels."
    )
    var scale: Double?

    @Option(help: "text, json or junit; with json and junit a summary line goes to standard error.")
    var output: TestCommand.Output = .text

    @OptionGroup var sandbox: SandboxOptions

    func validate() throws {
        guard !plugins.isEmpty else { throw ValidationError("name at least one plugin, e.g. animhost check zoom") }
        try scene.check()
        if let artifacts, let file = CheckCommand.fileInTheWay(of: artifacts) {
            throw ValidationError("--artifacts '\(artifacts)': '\(file)' is a file, not a folder")
        }
        if let scale, !(scale >= 0.5 && scale <= 4) { throw ValidationError("--scale must be from 0.5 to 4, got \(formatNumber(scale))") }
        try sandbox.check()
    }

    /// The nearest existing path at or above `folder` when it is not a folder: the images could not go under it.
    static func fileInTheWay(of folder: String) -> String? {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        while url.path != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) { return isFolder.boolValue ? nil : url.path }
            url.deleteLastPathComponent()
        }
        return nil
    }

    func run() throws {
        let catalog = sandbox.catalog
        var options = Conformance.Options()
        options.from = scene.from
        options.to = scene.to
        if let operation = scene.operation { options.operations = [operation] }
        if let fps = scene.fps { options.rates = [fps] }
        options.params = try scene.parsedParams()
        options.reducedMotion = reducedMotion
        options.artifacts = artifacts.map { URL(fileURLWithPath: $0) }
        options.scale = scale
        let suite = Conformance(catalog: catalog, limits: sandbox.limits, options: options)
        var entries: [ConformanceReport.Entry] = []
        for name in try pluginsWithoutSpecs() {
            let entry: PluginCatalog.Entry
            do { entry = try catalog.locate(name) } catch { throw CommandError(error) }
            let progress = CheckProgress(plugin: entry.name)
            let verdict = suite.check(entry.url, progress: progress.show)
            progress.erase()
            entries.append((entry.name, verdict))
            if output == .text { say(ConformanceReport.text([(entry.name, verdict)])) }
        }
        switch output {
        case .text: break
        case .json, .junit:
            print(output == .json ? ConformanceReport.json(entries) : ConformanceReport.junit(entries))
            complain(ConformanceReport.summary(entries))
        }
        if entries.contains(where: { !$0.verdict.failures.isEmpty }) { throw ExitCode.failure }
    }
}

extension CheckCommand {
    /// The plugins named, less the spec files a glob such as `Examples/uikit/*.lua` brings along, each
    /// skipped with a note: specs are run by `animhost test`.
    func pluginsWithoutSpecs() throws -> [String] {
        let specs = plugins.filter { $0.hasSuffix("_spec.lua") }
        for spec in specs { FileHandle.standardError.write(Data("animhost check: skipping \(spec), a spec (run it with animhost test)\n".utf8)) }
        guard specs.count < plugins.count else { throw CommandError("animhost check: every file named is a spec; name plugins, e.g. animhost check zoom") }
        return plugins.filter { !$0.hasSuffix("_spec.lua") }
    }
}

/// Which run of the suite is going, on stderr when it is a terminal; erased before the verdict prints.
final class CheckProgress {
    private let plugin: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = false

    init(plugin: String) { self.plugin = plugin }

    /// Shows the run about to start.
    func show(done: Int, total: Int, run: String) {
        guard enabled else { return }
        shown = true
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + TerminalText.escaped("checking \(plugin): \(done)/\(total) runs done, now \(run)")).utf8))
    }

    /// Clears the line.
    func erase() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
    }
}

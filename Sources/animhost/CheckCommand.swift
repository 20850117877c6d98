import ArgumentParser
import Foundation
import AnimhostHarness
import AnimhostLua

/// `animhost check`: the conformance suite every animator must pass.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check plugins against the animator protocol's rules.",
        discussion: """
        For push, pop, present and dismiss at 30, 60 and 120 fps on the plugin's scenes: ctx:complete \
        exactly once; no jump at t = 0; the last frame is the destination at rest, with nothing the plugin \
        added and every node visible as its scene file says; the run lasts duration() within one frame; \
        no NaN; two runs identical. Then: a pop after a push returns to the start, and an interactive \
        cancel half way restores the from-state, and ctx:complete(true) never follows a cancel. Each failure is one line. A plugin that does not load \
        fails once; the checks stop at the first run past the time limit. On a terminal, stderr shows \
        which run is going.
        """
    )

    @Argument(help: "Plugin names or .lua files.")
    var plugins: [String]

    @OptionGroup var sandbox: SandboxOptions

    func validate() throws {
        guard !plugins.isEmpty else { throw ValidationError("name at least one plugin, e.g. animhost check zoom") }
        try sandbox.check()
    }

    func run() throws {
        let catalog = sandbox.catalog
        let suite = Conformance(catalog: catalog, limits: sandbox.limits)
        var failed = false
        for name in plugins {
            let entry: PluginCatalog.Entry
            do { entry = try catalog.locate(name) } catch { throw CommandError(error) }
            let progress = CheckProgress(plugin: entry.name)
            let (failures, runs) = suite.check(entry.url, progress: progress.show)
            progress.erase()
            if failures.isEmpty {
                print("✓ \(entry.name): conforms (\(runs) runs)")
            } else if runs == 0 {
                failed = true
                print("✗ \(entry.name): does not load: \(failures[0].detail)")
            } else {
                failed = true
                print("✗ \(entry.name):")
                for f in failures { print("  \(f)") }
                if failures.contains(where: \.timedOut) { print("  (stopped after the first timeout: the other runs would wait as long)") }
            }
        }
        if failed { throw ExitCode.failure }
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
        FileHandle.standardError.write(Data("\r\u{1B}[Kchecking \(plugin): \(done)/\(total) runs done, now \(run)".utf8))
    }

    /// Clears the line.
    func erase() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
    }
}

import ArgumentParser
import Foundation
import AnimhostHarness
import AnimhostLua

/// `animhost test`: runs Lua spec files in busted's style.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run Lua spec files (*_spec.lua) and report them.",
        discussion: """
            Each spec file runs in its own sandbox with describe, it, pending, before_each, after_each, \
            setup, teardown, assert (are.equal, are.same, are.near, is_true, is_false, is_nil, has_error …) \
            and animhost.run{ plugin =, operation =, fps =, params =, gesture =, reducedMotion = }. Plugins \
            are looked up beside the spec, then as animhost run looks them up (--plugins folders, \
            $ANIMHOST_PATH, ./Plugins, the built-ins). The last line is "N passed, N failed"; the exit code \
            is 1 when anything failed.
            """
    )

    @Argument(help: "Spec files or folders (default: spec and Plugins).")
    var paths: [String] = []

    @Option(help: "Run only the tests whose full name contains this text.")
    var filter: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each spec file may run.", valueName: "seconds"))
    var timeout: Double = 60

    @Option(name: .customLong("plugins"), help: ArgumentHelp("A folder searched for plugins after the spec's own (repeatable).", valueName: "dir"))
    var pluginFolders: [String] = []

    @Flag(help: "Re-record every snapshot instead of comparing with it.")
    var updateSnapshots = false

    /// How results are printed.
    enum Output: String, ExpressibleByArgument, CaseIterable { case text, json, junit }

    @Option(help: "text, json or junit; with json and junit the summary line goes to standard error.")
    var output: Output = .text

    func validate() throws {
        guard timeout > 0 && timeout <= 3600 else { throw ValidationError("--timeout must be more than 0 and at most 3600 seconds, got \(timeout)") }
    }

    func run() throws {
        let files = SpecRunner.discover(paths.isEmpty ? ["spec", "Plugins"] : paths)
        guard !files.isEmpty else {
            throw CommandError("no spec files (*_spec.lua) in \(paths.isEmpty ? "spec or Plugins" : paths.joined(separator: ", "))")
        }
        let runner = SpecRunner(
            filter: filter, limits: SandboxLimits(timeout: timeout, exitWhenStuck: true),
            updateSnapshots: updateSnapshots, searchPath: PluginCatalog(pluginFolders: pluginFolders))
        let results = files.map(runner.run)
        switch output {
        case .text: say(SpecRunner.report(results))
        case .json, .junit:
            print(output == .json ? SpecRunner.json(results) : SpecRunner.junit(results))
            complain(SpecRunner.summarize(results).line)
        }
        if SpecRunner.summarize(results).failed > 0 { throw ExitCode.failure }
    }
}

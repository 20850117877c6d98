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
        cancel half way restores the from-state. Each failure is one line.
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
            let (failures, runs) = suite.check(entry.url)
            if failures.isEmpty {
                print("✓ \(entry.name): conforms (\(runs) runs)")
            } else {
                failed = true
                print("✗ \(entry.name):")
                for f in failures { print("  \(f)") }
            }
        }
        if failed { throw ExitCode.failure }
    }
}

import ArgumentParser
import Foundation
import AnimhostLua
import AnimhostCore

/// Options shared by commands that load plugins: where to find them and the sandbox's limits.
struct SandboxOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp("A folder searched first for plugins (repeatable).", valueName: "dir"))
    var pluginFolders: [String] = []

    @Option(name: .customLong("max-memory"), parsing: .unconditional, help: ArgumentHelp("Memory a plugin may use, in MiB.", valueName: "MiB"))
    var maxMemory: Int = 256

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds a plugin's code may run in one transition.", valueName: "seconds"))
    var timeout: Double = 5

    func check() throws {
        guard (1...65536).contains(maxMemory) else { throw ValidationError("--max-memory must be from 1 to 65536 MiB, got \(maxMemory)") }
        guard timeout > 0 && timeout <= 3600 else { throw ValidationError("--timeout must be more than 0 and at most 3600 seconds, got \(formatNumber(timeout))") }
    }

    var limits: SandboxLimits { SandboxLimits(maxMemory: maxMemory << 20, timeout: timeout, exitWhenStuck: true) }
    var catalog: PluginCatalog { PluginCatalog(pluginFolders: pluginFolders) }
}

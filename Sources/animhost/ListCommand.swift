import ArgumentParser
import Foundation
import AnimhostCore
import AnimhostLua

/// `animhost list`: every plugin on the search path, with its summary, params and origin.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the plugins found, with their summaries, params and locations."
    )

    @OptionGroup var sandbox: SandboxOptions

    func validate() throws { try sandbox.check() }

    func run() throws {
        let entries = sandbox.catalog.all()
        if entries.isEmpty { say("No plugins found (searched \(sandbox.catalog.folders.map(\.url.path).joined(separator: ", ")))") }
        let hidden = Dictionary(grouping: sandbox.catalog.shadowed(), by: \.name)
        var failures = 0
        for entry in entries {
            defer {
                for other in hidden[entry.name] ?? [] {
                    say("    hides \(other.origin): \(displayPath(other.url)) (run that one by its path)")
                }
            }
            do {
                let plugin = try Plugin(url: entry.url, limits: sandbox.limits)
                say("\(plugin.name)  (\(entry.origin): \(displayPath(entry.url)))")
                if let summary = plugin.summary { say("    \(summary)") }
                if plugin.isInteractive { say("    handles gestures itself (interact)") }
                if !plugin.params.isEmpty {
                    say("    params: " + plugin.params.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))
                }
            } catch {
                failures += 1
                say("\(entry.name)  (\(entry.origin): \(displayPath(entry.url)))")
                say("    cannot load: \(error)".split(separator: "\n").first.map(String.init) ?? "")
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}

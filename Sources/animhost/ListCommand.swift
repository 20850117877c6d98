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
        if entries.isEmpty { print("No plugins found (searched \(sandbox.catalog.folders.map(\.url.path).joined(separator: ", ")))") }
        let hidden = Dictionary(grouping: sandbox.catalog.shadowed(), by: \.name)
        var failures = 0
        for entry in entries {
            defer {
                for other in hidden[entry.name] ?? [] {
                    print("    hides \(other.origin): \(displayPath(other.url)) (run that one by its path)")
                }
            }
            do {
                let plugin = try Plugin(url: entry.url, limits: sandbox.limits)
                print("\(plugin.name)  (\(entry.origin): \(displayPath(entry.url)))")
                if let summary = plugin.summary { print("    \(summary)") }
                if plugin.isInteractive { print("    handles gestures itself (interact)") }
                if !plugin.params.isEmpty {
                    print("    params: " + plugin.params.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))
                }
            } catch {
                failures += 1
                print("\(entry.name)  (\(entry.origin): \(displayPath(entry.url)))")
                print("    cannot load: \(error)".split(separator: "\n").first.map(String.init) ?? "")
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}

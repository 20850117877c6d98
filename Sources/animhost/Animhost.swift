import ArgumentParser
import Foundation
import AnimhostCore

/// The `animhost` command: runs Lua transition animators on a virtual clock and writes their frames.
@main
struct Animhost: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animhost",
        abstract: "Run screen-transition animators written in Lua and write their frames.",
        discussion: """
            A plugin (Plugins/NAME.lua) declares a transition the way a UIKit animator does; animhost runs it \
            headless on a virtual clock and writes what is on screen at every frame.

            Start with:  animhost run zoom    (writes out/zoom/timeline.json)
                         animhost list        (the plugins, their params and files)
            """,
        version: "0.1.0",
        subcommands: [RunCommand.self, PreviewCommand.self, ListCommand.self, TestCommand.self, CheckCommand.self, DiffCommand.self, NewCommand.self]
    )

    /// Parses and runs, and exits 1 with a one-paragraph message on any error (0 for --help and --version).
    /// Every command ends on an interrupt with the shell's code, after removing what it staged.
    static func main() {
        ProcessExit.catchInterrupts()
        do {
            var command = try CommonForms.command(Array(CommandLine.arguments.dropFirst())) ?? parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            if let code = error as? ExitCode { Foundation.exit(code.rawValue) }
            var text = error is CommandError ? "\(error)" : fullMessage(for: error)
            if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
            complain("animhost: " + text)
            Foundation.exit(1)
        }
    }
}

/// An error the CLI reports as it is, without usage text.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
    init(_ error: Error) { description = "\(error)" }
}

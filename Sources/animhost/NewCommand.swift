import ArgumentParser
import Foundation
import AnimhostCore
import AnimhostHarness
import AnimhostLua

/// `animhost new`: scaffolds a plugin and a passing spec.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create NAME.lua and a passing NAME_spec.lua to start a plugin from."
    )

    @Argument(help: "The plugin's name: lowercase letters, digits, '-' and '_'.")
    var name: String

    @Option(help: ArgumentHelp("Where to write.", valueName: "dir"))
    var dir: String = "Plugins"

    func run() throws {
        do {
            let files = try Scaffold.create(name: name, in: URL(fileURLWithPath: dir))
            for file in files { say("created \(displayPath(file))") }
            say("try: animhost run \(name)\(dir == "Plugins" ? "" : " --plugins \(dir)")   and   animhost test \(dir)")
        } catch { throw CommandError(error) }
    }
}

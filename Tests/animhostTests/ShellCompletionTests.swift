import Foundation
import XCTest
import AnimhostTestSupport

/// The completion scripts animhost generates, sourced in real shells, in a folder whose `Plugins`
/// holds files named to run commands, expand or split in a shell: pressing TAB runs nothing, and
/// offers exactly the plugins whose names read as themselves.
final class ShellCompletionTests: XCTestCase {
    /// Each hostile name's command creates a file of its own in the folder (names cannot hold a `/`).
    private let hostile = [
        "$(touch ran-dollar)", "`touch ran-backquote`", "(touch ran-fish)", "nl\n$(touch ran-newline)", "${IFS}$(touch ran-ifs)",
        "$((1))$(touch ran-arith)", "a:b", "tab\there", "{x,y}", "~root", "-rf", "sp ace", "$HOME", "semi;colon", "back\\slash", "q'uote\"",
        "*", "bi\u{202E}di"
    ]
    /// Plugins whose names are text in every shell, non-ASCII letters included.
    private let plain = ["ok", "zoé+2.1_b-c"]

    func testPluginNamesCompleteAsTextInBashZshAndFish() throws {
        let dir = try temporaryFolder("completion")
        let plugins = dir.appendingPathComponent("Plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        for name in hostile + plain { try Data("return {}\n".utf8).write(to: plugins.appendingPathComponent(name + ".lua")) }
        let builtIns = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Plugins").path)
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix("_spec.lua") }.map { String($0.dropLast(4)) }
        let expected = Set(plain + builtIns)

        let bash = try complete(with: "/bin/bash", "bash.sh", in: dir)
        XCTAssertEqual(Set(bash.split(separator: "\n").map(String.init)), expected, "bash offers: \(bash)")
        if shell("fish") != nil, let zsh = shell("zsh") {
            let offered = try complete(with: zsh, "fish.zsh", in: dir)
            XCTAssertEqual(Set(offered.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }), expected, "fish offers: \(offered)")
        }
        if let zsh = shell("zsh") {
            let screen = try complete(with: zsh, "zsh.zsh", in: dir)
            for name in plain { XCTAssertTrue(screen.contains(name), "zsh offers \(name): \(screen)") }
            XCTAssertFalse(screen.contains("touch ran") || screen.contains("sp ace"), "zsh offers only plain names: \(screen)")
        }
        let ran = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("ran-") }
        XCTAssertEqual(ran, [], "a plugin's file name ran a command on TAB")
    }

    /// Every command that takes plugin names completes them: run, preview, check and diff.
    func testEveryCommandTakingPluginsCompletesTheirNames() throws {
        let dir = try temporaryFolder("completion")
        for command in ["run", "preview", "check", "diff"] {
            let script = """
                set +e  # as at a prompt: a completion function may end on a failing test
                source <(animhost --generate-completion-script bash)
                COMP_WORDS=(animhost \(command) ""); COMP_CWORD=2; COMP_LINE="animhost \(command) "; COMP_POINT=${#COMP_LINE}
                _animhost animhost "" \(command)
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let offered = try DocSampleTests.bash(script, in: dir).out.split(separator: "\n")
            XCTAssert(offered.contains("zoom") && offered.contains("crossfade"), "animhost \(command) <TAB> offers: \(offered)")
        }
    }

    /// Runs the driver `script` (in Fixtures/completion) with `shell` in `dir`, the built animhost first on the PATH.
    private func complete(with shell: String, _ script: String, in dir: URL) throws -> String {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/completion/\(script)")
        var env = CLI.environment(home: dir)
        env["PATH"] = CLI.executable.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        return try runProgram(shell, ["-f", driver.path].filter { shell.hasSuffix("zsh") || $0 != "-f" }, in: dir, environment: env).out
    }

    /// The shell `name` where a system installs it.
    private func shell(_ name: String) -> String? { executable(name, in: ["/usr/bin", "/bin", "/usr/local/bin"]) }
}

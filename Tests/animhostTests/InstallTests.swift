import Foundation
import XCTest
import AnimhostTestSupport

/// The built-ins are found from the executable's real location, whatever the current folder holds, and
/// `scripts/install.sh` makes a relocatable, removable install (docs/install.md).
final class InstallTests: XCTestCase {
    /// A project folder holding a copy of the built-in zoom as `Plugins/zoom.lua`.
    private func projectWithZoomCopy() throws -> URL {
        let project = try temporaryFolder("project")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Plugins"), withIntermediateDirectories: true)
        let zoom = try String(contentsOf: packageRoot.appendingPathComponent("Plugins/zoom.lua"), encoding: .utf8)
        try zoom.replacingOccurrences(of: "summary = \"", with: "summary = \"(my copy) ")
            .write(to: project.appendingPathComponent("Plugins/zoom.lua"), atomically: true, encoding: .utf8)
        return project
    }

    /// Runs `command` with bash in `dir` with `bin` first on `PATH`, as a user typing `animhost …` would.
    private func shell(_ command: String, in dir: URL, bin: URL) throws -> CLI.Result {
        try DocSampleTests.bash("export PATH='\(bin.path)':\"$PATH\"\n" + command, in: dir)
    }

    func testAProjectsOwnPluginsFolderKeepsEveryBuiltinWhenRunByName() throws {
        let project = try projectWithZoomCopy()
        let bin = CLI.executable.deletingLastPathComponent()
        let crossfade = try shell("animhost run crossfade --out out/c", in: project, bin: bin)
        XCTAssertEqual(crossfade.code, 0, crossfade.err)
        let list = try shell("animhost list", in: project, bin: bin)
        XCTAssertEqual(list.code, 0, list.err)
        XCTAssert(list.out.contains("(my copy)"), list.out)
        XCTAssert(list.out.contains("hides built-in: "), list.out)
        for name in ["crossfade", "card-lift", "match"] { XCTAssert(list.out.contains("\(name)  (built-in"), list.out) }
        let emptyVariable = try shell("ANIMHOST_BUILTINS= animhost list", in: project, bin: bin)
        XCTAssert(emptyVariable.out.contains("crossfade  (built-in"), "an empty ANIMHOST_BUILTINS is not the current folder: \(emptyVariable.out)")
        let scene = try shell("animhost run zoom --from nowhere --out out/z", in: project, bin: bin)
        XCTAssertNotEqual(scene.code, 0)
        XCTAssert(scene.err.contains("built-in scene: ") && scene.err.contains("grid"), scene.err)
    }

    func testAnInstalledCopyRunsFromAnotherFolderAfterBeingMovedAndUninstalls() throws {
        let prefix = try temporaryFolder("prefix").appendingPathComponent("usr")
        let install = try DocSampleTests.bash(
            "scripts/install.sh --prefix '\(prefix.path)' --build-dir '\(CLI.executable.deletingLastPathComponent().path)'", in: packageRoot)
        XCTAssertEqual(install.code, 0, install.out + install.err)
        for file in [
            "bin/animhost", "share/animhost/Plugins/zoom.lua", "share/animhost/Plugins/scenes/grid.json", "share/animhost/editor/animhost.d.lua",
            "share/man/man1/animhost.1", "share/bash-completion/completions/animhost", "share/zsh/site-functions/_animhost",
            "share/fish/vendor_completions.d/animhost.fish"
        ] {
            XCTAssert(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "missing \(file)")
        }
        let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/animhost.1"), encoding: .utf8)
        XCTAssert(manual.hasPrefix(".TH ANIMHOST 1") && manual.contains("ANIMHOST CHECK") && manual.contains("--reduced-motion"), manual)
        // man indents by 7 columns and does not fill .nf text: in an 80-column terminal its lines fit in 73.
        var unfilled = false
        var wide: [String] = []
        for line in manual.components(separatedBy: "\n") {
            if line == ".nf" || line == ".fi" { unfilled = line == ".nf" }
            if unfilled, !line.hasPrefix("USAGE: "), line.count > 73 { wide.append(line) }
        }
        XCTAssertEqual(wide, [], "lines wider than an 80-column terminal once man indents them")

        // Moved elsewhere, the copy finds its own built-ins, not the checkout's.
        let moved = try temporaryFolder("moved").appendingPathComponent("opt")
        try FileManager.default.moveItem(at: prefix, to: moved)
        let project = try projectWithZoomCopy()
        let bin = moved.appendingPathComponent("bin")
        for command in ["animhost run zoom --out out/zoom", "animhost check zoom", "animhost run crossfade --out out/c"] {
            let result = try shell(command, in: project, bin: bin)
            XCTAssertEqual(result.code, 0, "\(command): \(result.err)")
        }
        let list = try shell("animhost list", in: project, bin: bin)
        XCTAssert(list.out.contains("crossfade  (built-in: \(moved.path)/share/animhost/Plugins/crossfade.lua)"), list.out)
        XCTAssert(list.out.contains("(my copy)"), list.out)

        let uninstall = try DocSampleTests.bash("scripts/install.sh --prefix '\(moved.path)' --uninstall", in: packageRoot)
        XCTAssertEqual(uninstall.code, 0, uninstall.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: moved.path), [], "the uninstall left files behind")
    }

    /// A file in the prefix that no animhost install put there is never replaced or removed, and a relative
    /// prefix with spaces and non-ASCII letters is reported as the absolute folder to put on `PATH`.
    func testAnInstallNeverReplacesOrRemovesFilesItDidNotPutThere() throws {
        let parent = try temporaryFolder("own files")
        let prefix = parent.appendingPathComponent("mes outils é")
        let page = prefix.appendingPathComponent("share/man/man1/animhost.1")
        let mine = prefix.appendingPathComponent("share/animhost/Plugins/mine.lua")
        for file in [page, mine] {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "mine\n".write(to: file, atomically: true, encoding: .utf8)
        }
        let script = packageRoot.appendingPathComponent("scripts/install.sh").path
        let install = "'\(script)' --prefix 'mes outils é' --build-dir '\(CLI.executable.deletingLastPathComponent().path)'"
        let refused = try DocSampleTests.bash(install, in: parent)
        XCTAssertNotEqual(refused.code, 0, refused.out)
        XCTAssert(refused.err.contains(page.path), refused.err)
        XCTAssertEqual(try String(contentsOf: page, encoding: .utf8), "mine\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/animhost").path), "a refused install wrote files")

        try FileManager.default.removeItem(at: page)
        let installed = try DocSampleTests.bash(install, in: parent)
        XCTAssertEqual(installed.code, 0, installed.err)
        XCTAssert(installed.out.contains("export PATH=\"\(prefix.path)/bin:"), installed.out)
        let uninstall = try DocSampleTests.bash("'\(script)' --prefix 'mes outils é' --uninstall", in: parent)
        XCTAssertEqual(uninstall.code, 0, uninstall.err)
        XCTAssertEqual(try String(contentsOf: mine, encoding: .utf8), "mine\n")
    }
}

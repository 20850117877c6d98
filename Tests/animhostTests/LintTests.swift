import XCTest
import Foundation
@testable import AnimhostHarness
import AnimhostTestSupport

/// luacheck (Debian's lua-check, installed by scripts/setup.sh) with editor/.luacheckrc: the built-ins, the
/// examples, their specs and `animhost new`'s files lint clean, and real mistakes are caught.
final class LintTests: XCTestCase {
    var repository: URL { packageRoot }

    /// luacheck's plain report of `paths` (relative to `dir`, as a user runs it in a project) with the shipped
    /// configuration, or with none named (then luacheck reads `.luacheckrc` from `dir`).
    func luacheck(_ paths: [String], in dir: URL? = nil, config: String? = "editor/.luacheckrc") throws -> (code: Int32, report: String) {
        guard let tool = executable("luacheck", in: ["/usr/bin", "/usr/local/bin"]) else {
            XCTFail("luacheck is not installed: run scripts/setup.sh (Debian package lua-check)")
            return (-1, "")
        }
        let named = config.map { ["--config", repository.appendingPathComponent($0).path] } ?? []
        let r = try runProgram(tool, named + ["--formatter", "plain", "--codes", "--no-color"] + paths, in: dir ?? repository, mergingErrors: true)
        return (r.status, r.out)
    }

    func testThePluginsExamplesAndSpecsLintClean() throws {
        let r = try luacheck(["Plugins", "Examples"])
        XCTAssertEqual(r.code, 0, r.report)
        XCTAssertEqual(r.report, "")
    }

    /// The checkout is laid out as docs/editor.md lays out a plugin project: its root `.luacheckrc` and
    /// `.luarc.json` are the editor folder's, so `luacheck Plugins` run in it needs no `--config`.
    func testTheCheckoutIsSetUpAsAPluginProject() throws {
        for name in [".luacheckrc", ".luarc.json"] {
            let root = try Data(contentsOf: repository.appendingPathComponent(name))
            XCTAssertEqual(root, try Data(contentsOf: repository.appendingPathComponent("editor/" + name)), name)
        }
        let r = try luacheck(["Plugins", "Examples"], config: nil)
        XCTAssertEqual(r.code, 0, r.report)
        XCTAssertEqual(r.report, "")
    }

    func testTheNewPluginTemplateLintsClean() throws {
        let dir = try temporaryFolder("lint-new")
        let files = try Scaffold.create(name: "sheet", in: dir)
        let r = try luacheck(files.map(\.lastPathComponent), in: dir)
        XCTAssertEqual(r.code, 0, r.report)
    }

    /// The harness's own Lua files: the spec framework (which defines the spec API's globals) and the templates.
    func testTheHarnessLuaFilesLintClean() throws {
        let resources = "Sources/AnimhostHarness/Lua/"
        let framework = try luacheck([
            "--std", "animhost_spec", "--globals", "describe", "it", "pending", "before_each", "after_each",
            "setup", "teardown", "assert", "spy", "animhost", "--", resources + "spec.lua"
        ])
        XCTAssertEqual(framework.code, 0, framework.report)
        let templates = try luacheck([resources + "new-plugin.lua", resources + "new-plugin_spec.lua"])
        XCTAssertEqual(templates.code, 0, templates.report)
    }

    func testMistakesAreCaught() throws {
        let dir = try temporaryFolder("lint")
        try """
        local p = { name = "bad" }
        function p.animate(ctx)
          animat{ function() end }
          ctx.to.view.transform = transform.sacle(2)
          os.execute("ls")
          local f = io.open("x")
          describe("not in a plugin", function() end)
          return f
        end
        return p
        """.write(to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        try """
        describe("x", function()
          it("y", function()
            assert.are.eqaul(1, 1)
            assert(true)
            assert.is["true"](true)
            animhost.runn{ plugin = "zoom" }
          end)
        end)
        """.write(to: dir.appendingPathComponent("bad_spec.lua"), atomically: true, encoding: .utf8)
        let r = try luacheck(["bad.lua", "bad_spec.lua"], in: dir)
        XCTAssertEqual(r.code, 1, r.report)
        XCTAssertEqual(
            r.report.split(separator: "\n"),
            [
                "bad.lua:3:3: (W113) accessing undefined variable 'animat'",
                "bad.lua:4:27: (W143) accessing undefined field 'sacle' of global 'transform'",
                "bad.lua:5:3: (W143) accessing undefined field 'execute' of global 'os'",
                "bad.lua:6:13: (W113) accessing undefined variable 'io'",
                "bad.lua:7:3: (W113) accessing undefined variable 'describe'",
                "bad_spec.lua:3:5: (W143) accessing undefined field 'are.eqaul' of global 'assert'",
                "bad_spec.lua:6:5: (W143) accessing undefined field 'runn' of global 'animhost'"
            ])
    }

    /// The shared-element library runs in the environment deferred.lua lists (the globals as they are
    /// before plugin code runs): that list names exactly the globals and fields its files read, as
    /// luacheck finds them, so that a name added to a file without the list reads nil, and the list
    /// keeps nothing the files no longer use.
    func testTheSharedLibrarysEnvironmentListsWhatItsFilesRead() throws {
        let folder = repository.appendingPathComponent("Sources/AnimhostLua/Library")
        let files = ["shared.lua", "modifiers.lua", "presets.lua"].map { folder.appendingPathComponent($0).path }
        let text = try String(contentsOf: folder.appendingPathComponent("deferred.lua"), encoding: .utf8)
        let block = try XCTUnwrap(text.range(of: "local env = {").flatMap { start in text.range(of: "\n}\n", range: start.upperBound..<text.endIndex).map { text[start.upperBound..<$0.lowerBound] } })
        var listed: [String: Set<String>] = [:]
        for match in block.matches(of: /(\w+)\s*=\s*(\{[^}]*\}|[^,\n]+)/) {
            let value = String(match.2)
            listed[String(match.1)] = value.hasPrefix("{") ? Set(value.matches(of: /(\w+)\s*=/).map { String($0.1) }) : []
        }
        func undefined(_ config: String, _ pattern: Regex<(Substring, Substring, Substring)>) throws -> Set<String> {
            let dir = try temporaryFolder("lint-env")
            try config.write(to: dir.appendingPathComponent(".luacheckrc"), atomically: true, encoding: .utf8)
            return Set(try luacheck(files, in: dir, config: nil).report.matches(of: pattern).map { "\($0.1)\($0.2)" })
        }
        let globals = try undefined("std = 'none'", /accessing undefined variable '(\w+)'()/)
        XCTAssertEqual(globals, Set(listed.keys))
        let tables = listed.filter { !$0.value.isEmpty }.keys.map { "\($0) = { fields = {} }" }.joined(separator: ", ")
        let fields = try undefined("std = 'none'; read_globals = { \(tables) }", /accessing undefined field '(\w+)' of global '(\w+)'/)
        XCTAssertEqual(fields, Set(listed.flatMap { table, names in names.map { "\($0)\(table)" } }))
    }
}

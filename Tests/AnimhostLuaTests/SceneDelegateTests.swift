import XCTest
import AnimhostCore
@testable import AnimhostLua
import AnimhostTestSupport

/// Scenes that bring their own delegate scripts (`"delegate": "grid.lua"`).
final class SceneDelegateTests: XCTestCase {
    /// A folder holding copies of the built-in grid and detail scenes, the grid naming `delegate` as its
    /// delegate with `script` as its text, and a plugin whose `animate` runs `body`.
    func folder(delegate: String = "grid.lua", script: String, body: String, limits: SandboxLimits = SandboxLimits()) throws -> (Plugin, URL, [String]) {
        let dir = try temporaryFolder("tests")  // the name withoutTemporaryFolder leaves out of messages
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        let builtins = BuiltinResources.scenesFolder!
        var grid = try JSONSerialization.jsonObject(with: Data(contentsOf: builtins.appendingPathComponent("grid.json"))) as! [String: Any]
        grid["delegate"] = delegate
        try JSONSerialization.data(withJSONObject: grid).write(to: dir.appendingPathComponent("scenes/grid.json"))
        var detail = try JSONSerialization.jsonObject(with: Data(contentsOf: builtins.appendingPathComponent("detail.json"))) as! [String: Any]
        detail["delegate"] = nil  // the scene file's delegate answers for the detail
        try JSONSerialization.data(withJSONObject: detail).write(to: dir.appendingPathComponent("scenes/detail.json"))
        try script.write(to: dir.appendingPathComponent("scenes/grid.lua"), atomically: true, encoding: .utf8)
        try animatorSource(body + "\nctx:complete(true)").write(to: dir.appendingPathComponent("p.lua"), atomically: true, encoding: .utf8)
        var printed: [String] = []
        let plugin = try Plugin(url: dir.appendingPathComponent("p.lua"), limits: limits) { printed.append($0) }
        return (plugin, dir, printed)
    }

    func run(_ plugin: Plugin) throws -> TransitionOutcome { try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil) }

    func testTheScriptsMethodsAnswerWithSelfViewTheScenesRoot() throws {
        var printed: [String] = []
        let (_, dir, _) = try folder(
            script: """
                local grid = {}
                function grid:referenceNode(ctx) return self.view:find("photo-2") end
                function grid:referenceFrame(ctx, forward) return rect(forward and 1 or 0, 0, 10, 10) end
                function grid:transitionSourceImageView() return self.view:find("photo-1") end
                function grid:willBegin(ctx) self:referenceNode(ctx).hidden = true end
                return grid
                """,
            body: """
                local d = ctx.from.delegate
                print(d.view == ctx.from.view, d:referenceNode(ctx).id, d:referenceFrame(ctx, true), d:transitionSourceImageView().id)
                d:willBegin(ctx)
                print(ctx.from.view:find("photo-2").hidden, d:backgroundColor(ctx).hex, ctx.to.delegate:referenceNode(ctx).id)
                """)
        let plugin = try Plugin(url: dir.appendingPathComponent("p.lua")) { printed.append($0) }
        let outcome = try run(plugin)
        XCTAssertEqual(printed, ["[p] true\tphoto-2\trect(1, 0, 10, 10)\tphoto-1", "[p] true\t#FFFFFF\tphoto"])
        XCTAssertEqual(outcome.calls.map(\.call), ["from.willBegin", "complete(true)"], "hooks are logged whoever answers them")
    }

    func testErrorsNameTheDelegatesFileAndLine() throws {
        let (plugin, _, _) = try folder(
            script: """
                return {
                  referenceNode = function(self, ctx)
                    return self.view:find("photo-2").nope
                  end,
                }
                """, body: "ctx.from.delegate:referenceNode(ctx)")
        XCTAssertThrowsError(try run(plugin)) { error in
            // the path is long: Lua names the file by its last component
            XCTAssertEqual((error as? PluginError)?.headline, "grid.lua:3: a node has no property 'nope'")
        }
        let (broken, _, _) = try folder(script: "return 42", body: "")
        XCTAssertThrowsError(try run(broken)) { error in
            XCTAssertTrue(withoutTemporaryFolder("\(error)").hasPrefix("scenes/grid.lua: a delegate script must return a table of methods"), "\(error)")
        }
    }

    func testTheScriptRunsUnderThePluginsDeadline() throws {
        let (plugin, _, _) = try folder(
            script: "local grid = {}\nfunction grid.willBegin()\n  while true do end\nend\nreturn grid",
            body: "ctx.from.delegate:willBegin(ctx)", limits: SandboxLimits(timeout: 0.5))
        XCTAssertThrowsError(try run(plugin)) { error in
            let e = error as? PluginError
            XCTAssertTrue(e?.isTimeout ?? false, "\(error)")
            // the loop is in the delegate script, not in the plugin that called it
            XCTAssertEqual(e.map { "\($0.file.split(separator: "/").last ?? ""):\($0.line ?? 0)" }, "grid.lua:3", "\(error)")
        }
    }

    func testTheScriptStaysInsideTheScenesFolder() throws {
        let (_, dir, _) = try folder(script: "return {}", body: "")
        let grid = dir.appendingPathComponent("scenes/grid.json")
        for (path, message) in [
            ("../p.lua", "expected a .lua file inside the scene's folder (a relative path without '..'), got '../p.lua'"),
            ("out.lua", "'out.lua' leads outside the scene's folder (links included)"),
            ("none.lua", "no file 'none.lua' beside the scene")
        ] {
            try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("scenes/out.lua"), withDestinationURL: dir.appendingPathComponent("p.lua"))
            defer { try? FileManager.default.removeItem(at: dir.appendingPathComponent("scenes/out.lua")) }
            var json = try JSONSerialization.jsonObject(with: Data(contentsOf: grid)) as! [String: Any]
            json["delegate"] = path
            try JSONSerialization.data(withJSONObject: json).write(to: grid)
            XCTAssertThrowsError(try SceneLoader.load(contentsOf: grid, displayName: "grid.json")) { error in
                XCTAssertEqual("\(error)", "grid.json: delegate: \(message)")
            }
        }
    }

    func testTheBuiltInDelegatesAnswerZoomTransitioningsProtocolWithoutCtx() throws {
        // as in Swift, the protocol's methods take no context: the frames come from the run in progress
        let out = try evalLua(
            """
            print(ctx.from.delegate:transitionSourceImageViewFrame(true), ctx.to.delegate:transitionDestinationImageViewFrame(true))
            print(ctx.from.delegate:transitionSourceImageView().id, ctx.to.delegate:transitionSourceImageView().id)
            """)
        XCTAssertEqual(out, ["rect(199, 289, 183, 177)\trect(0, 96, 390, 260)", "photo-4\tphoto"])
    }
}

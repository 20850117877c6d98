import XCTest
import AnimhostCore
@testable import AnimhostLua

final class PluginLoadingTests: XCTestCase {
    func loadError(_ source: String) -> String {
        do { _ = try makePlugin(source); return "loaded" } catch { return withoutTemporaryFolder("\(error)") }
    }

    func testBrokenPluginsSayWhatIsWrong() {
        XCTAssertEqual(loadError("return {\n name = 'x'\n duration = 1 }"), "p.lua:3: '}' expected (to close '{' at line 1) near 'duration'")
        XCTAssertEqual(loadError("return 42"), "p.lua: the plugin must return a table (return { name = …, duration = …, animate = … }), got number")
        XCTAssertEqual(loadError("return { duration = function() end, animate = function() end }"), "p.lua: the plugin table has no 'name' (a string naming the animator)")
        XCTAssertEqual(loadError("return { name = 'x', animate = function() end }"), "p.lua: the plugin table has no 'duration' (function(ctx) returning seconds)")
        XCTAssertEqual(loadError("return { name = 'x', duration = function() end }"), "p.lua: the plugin table has no 'animate' (function(ctx) declaring the animations)")
        XCTAssertEqual(loadError("return { name = 'x', duration = 0.3, animate = function() end }"), "p.lua: the plugin's 'duration' must be a function, got number")
        XCTAssertEqual(
            loadError("return { name = 'x', duration = function() end, animate = function() end, params = { k = {} } }"),
            "p.lua: params.k: a default must be a number, a boolean or a string, got table")
        XCTAssertTrue(loadError("local x = nil\nreturn x.y").hasPrefix("p.lua:2: attempt to index a nil value (local 'x')\nstack traceback:"))
    }

    func testParamsAreOverriddenByType() throws {
        let plugin = try makePlugin("return { name = 'x', duration = function() end, animate = function() end, params = { d = 0.5, on = true, mode = 'a' } }")
        let params = try plugin.resolveParams(["d": "0.25", "on": "false", "mode": "b"])
        XCTAssertEqual(params.map(\.name), ["d", "mode", "on"])
        XCTAssertEqual(params.map(\.value), [.number(0.25), .string("b"), .bool(false)])
        XCTAssertThrowsError(try plugin.resolveParams(["dd": "1"])) { XCTAssertTrue("\($0)".contains("unknown param 'dd' (did you mean 'd'?)")) }
        XCTAssertThrowsError(try plugin.resolveParams(["d": "fast"])) { XCTAssertTrue("\($0)".contains("expected a number (the default is number 0.5)")) }
    }

    func testProtocolErrorsPointAtAnimate() {
        XCTAssertEqual(
            luaError("animate{ duration = 0.2, function() ctx.from.view.alpha = 0 end }", complete: false),
            "p.lua:3: ctx:complete was never called: every animation had ended at 0.2 s and the host waited 1 s more (call ctx:complete(not ctx.cancelled) in the last completion)")
        XCTAssertEqual(luaError("", duration: "'soon'"), "p.lua:2: duration(ctx) must return a number of seconds, got string")
        XCTAssertEqual(luaError("", duration: "-1"), "p.lua:2: duration(ctx) must return a number of seconds from 0 to 600, got -1.0")
    }

    /// The delegate's reference methods return a node and a rect, never nil: a scene without a `reference` is an error.
    func testAReferenceTheSceneDoesNotNameIsAnError() throws {
        let source = """
            return { name = "ref", scenes = { from = "scenes/screen.json", to = "scenes/dialog.json" },
              duration = function() return 0.1 end,
              animate = function(ctx)
                local frame = ctx.to.delegate:referenceFrame(ctx)
                ctx:complete(frame ~= nil)
              end }
            """
        let plugin = try makePlugin(source)
        let examples = BuiltinResources.pluginsFolder!.deletingLastPathComponent().appendingPathComponent("Examples/popup/scenes")
        try FileManager.default.copyItem(at: examples, to: plugin.url.deletingLastPathComponent().appendingPathComponent("scenes"))
        XCTAssertThrowsError(try plugin.run(TransitionRequest(), catalog: PluginCatalog(environment: [:]), sink: nil)) {
            XCTAssertEqual(
                ($0 as? PluginError).map { withoutTemporaryFolder($0.headline) },
                "p.lua:4: ctx.to.delegate:referenceFrame: scene 'dialog' names no reference node for push; add \"reference\": \"<node id>\" to its file (docs/scenes.md)")
        }
    }

    /// The built-ins are named whatever else a user saved beside them (README's `Plugins/fade.lua`, say).
    func testUnknownPluginsAndScenesListWhatExists() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-nowhere-\(UUID().uuidString)")
        let catalog = PluginCatalog(environment: [:], workingDirectory: elsewhere)
        XCTAssertThrowsError(try catalog.locate("zom")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("unknown plugin. Did you mean 'zoom'? Plugins found: "), message)
            for name in ["card-lift", "crossfade", "match", "zoom"] { XCTAssertTrue(message.contains(name), message) }
        }
        XCTAssertThrowsError(try catalog.locateScene("gird", besides: nil)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("built-in scene: article, card, cards, detail, grid, news"), message)
        }
    }
}

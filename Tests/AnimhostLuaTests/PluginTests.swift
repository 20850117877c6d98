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

    /// The line a message about a field points at: the first `key =` (not `==`) at a line's start or
    /// after `{`, `,`, `;` or white space (Unicode's), lines counted at each line feed.
    func testTheLineDeclaringAFieldIsItsFirstAssignment() {
        func line(_ source: String, _ key: String = "name") -> Int? { Plugin.line(declaring: key, in: Data(source.utf8)) }
        XCTAssertEqual(line("return {\n  name = 'x',\n}"), 2)
        XCTAssertEqual(line("local nameless = 1\nlocal surname = 2\nreturn { name = 'x' }"), 3)
        XCTAssertEqual(line("if name == 'x' then end\nname='y'"), 2)
        XCTAssertEqual(line("return {x=1,interaction={}}", "interaction"), 1)
        XCTAssertEqual(line("a = 1;name\t= 2"), 1)
        XCTAssertEqual(line("\u{00A0}name = 1"), 1)
        XCTAssertEqual(line("a = 1\r\nb = 2\r\nname = 3\r\n"), 3)
        XCTAssertEqual(line("\n\n\nname ="), 4)
        XCTAssertNil(line("names = 1\nname\n= 2\nx.name = 3\nname"))
        XCTAssertNil(line(""))
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

final class BuiltinPluginTests: XCTestCase {
    func testZoomPushMovesASnapshotFromTheCellToTheHeader() throws {
        let (outcome, rec) = try runBuiltin("zoom")
        XCTAssertTrue(outcome.result.completed)
        XCTAssertEqual(outcome.info.duration, 0.5)
        let first = rec.frames.first!, last = rec.frames.last!
        let snapshot = try XCTUnwrap(first.nodes.first { $0.isSnapshot })
        XCTAssertEqual(snapshot.id, "photo-4")
        XCTAssertEqual(snapshot.frame, Rect(x: 199, y: 289, width: 183, height: 177))
        XCTAssertEqual(snapshot.opacity, 1)
        XCTAssertFalse(snapshot.properties.hidden)
        XCTAssertEqual(first.node("detail")?.opacity, 0)
        XCTAssertTrue(first.node("photo-4", scene: "grid").map { $0.properties.hidden && !$0.isSnapshot } ?? false)
        XCTAssertNil(last.nodes.first { $0.isSnapshot })
        XCTAssertNil(last.node("grid"))
        let photo = try XCTUnwrap(last.node("photo"))
        XCTAssertEqual(photo.frame, Rect(x: 0, y: 96, width: 390, height: 260))
        XCTAssertFalse(photo.properties.hidden)
        XCTAssertEqual(photo.opacity, 1)
        XCTAssertEqual(outcome.calls.map(\.call), ["from.willBegin", "to.willBegin", "from.didEnd", "to.didEnd", "complete(true)"])
        // the detail fades in monotonically from 0 to 1 (clamped where the spring overshoots)
        let opacities = rec.frames.compactMap { $0.node("detail")?.opacity }
        XCTAssertEqual(opacities.first, 0)
        XCTAssertEqual(opacities.last, 1)
    }

    func testZoomPopReturnsThePhotoToItsCell() throws {
        let (outcome, rec) = try runBuiltin("zoom", .pop)
        XCTAssertEqual(outcome.info.from, "detail")
        XCTAssertEqual(outcome.info.duration, 0.25)
        XCTAssertEqual(rec.frames.count, 16)
        let first = rec.frames.first!.nodes.first { $0.isSnapshot }
        XCTAssertEqual(first?.frame, Rect(x: 0, y: 96, width: 390, height: 260))
        let end = try XCTUnwrap(rec.frames[rec.frames.count - 2].nodes.first { $0.isSnapshot })
        XCTAssertEqual(end.frame.x, 199, accuracy: 3, "one frame before the end, nearly in the cell")
        XCTAssertEqual(end.frame.width, 183, accuracy: 3)
        let cell = try XCTUnwrap(rec.frames.last!.node("photo-4"))
        XCTAssertFalse(cell.properties.hidden)
        XCTAssertNil(rec.frames.last!.node("detail"))
    }

    func testCrossfadeShrinksTheListWhileTheArticleFadesIn() throws {
        let (outcome, rec) = try runBuiltin("crossfade")
        XCTAssertTrue(outcome.result.completed)
        let mid = rec.frames[rec.frames.count / 2]
        XCTAssertLessThan(mid.node("news")!.properties.transform.a, 1)
        XCTAssertGreaterThan(mid.node("news")!.properties.transform.a, 0.94)
        let last = rec.frames[rec.frames.count - 2]
        XCTAssertEqual(last.node("news")!.properties.transform.a, 0.94, accuracy: 0.005)
        XCTAssertEqual(rec.frames.last!.node("article")?.opacity, 1)
        let (back, backFrames) = try runBuiltin("crossfade", .pop)
        XCTAssertTrue(back.result.completed)
        XCTAssertEqual(backFrames.frames.first!.node("news")!.properties.transform.a, 0.94, accuracy: 1e-9)
        XCTAssertEqual(backFrames.frames.last!.node("news")!.properties.transform, .identity)
        XCTAssertNil(backFrames.frames.last!.node("article"))
    }

    func testCardLiftLiftsThenSettles() throws {
        let (outcome, rec) = try runBuiltin("card-lift", fps: 100)
        XCTAssertEqual(outcome.info.duration, 0.5, accuracy: 1e-12)
        let card = { (i: Int) in rec.frames[i].nodes.first { $0.isSnapshot } }
        XCTAssertEqual(card(0)?.frame, Rect(x: 16, y: 292, width: 358, height: 164))
        XCTAssertEqual(card(30)?.properties.transform.a ?? 0, 1.02, accuracy: 1e-9, "lifted at the end of the move")
        XCTAssertEqual(card(30)?.properties.shadow.radius ?? 0, 24, accuracy: 1e-9)
        XCTAssertGreaterThan(card(15)!.properties.shadow.radius, card(5)!.properties.shadow.radius, "the shadow grows")
        XCTAssertEqual(card(30)?.frame, Rect(x: 0, y: 0, width: 390, height: 360))
        XCTAssertEqual(card(49)?.properties.transform.a ?? 0, 1, accuracy: 0.001, "settled")
        XCTAssertNil(card(50))
        XCTAssertEqual(rec.frames.last!.node("card")?.opacity, 1)
        let (back, _) = try runBuiltin("card-lift", .pop)
        XCTAssertEqual(back.info.duration, 0.43, accuracy: 1e-12)
        XCTAssertTrue(back.result.completed)
    }

    func testParamsChangeTheRun() throws {
        let (outcome, rec) = try runBuiltin("zoom", params: ["duration": "0.25"])
        XCTAssertEqual(outcome.info.duration, 0.25)
        XCTAssertEqual(rec.frames.count, 16)
    }

    func testEveryPluginWorksForEveryOperation() throws {
        for name in ["zoom", "crossfade", "card-lift"] {
            for op in TransitionOperation.allCases {
                let (outcome, rec) = try runBuiltin(name, op, fps: 30)
                XCTAssertTrue(outcome.result.completed, "\(name) \(op)")
                XCTAssertEqual(outcome.result.endTime, outcome.info.duration, accuracy: 1.0 / 30, "\(name) \(op) lasts its duration")
                let remaining = Set(rec.frames.last!.nodes.compactMap(\.scene))
                XCTAssertEqual(remaining, [outcome.info.to], "\(name) \(op) ends with only the destination")
                XCTAssertFalse(rec.frames.last!.nodes.contains { $0.isSnapshot || $0.properties.hidden }, "\(name) \(op)")
            }
        }
    }

    /// crossfade has no `interact`: a pan down drives its pop by dy / height (844 pt), like an edge swipe by dx / width.
    func testAPanDownDrivesAPluginWithoutInteract() throws {
        let catalog = PluginCatalog(environment: [:])
        let plugin = try Plugin(url: try catalog.locate("crossfade").url)
        /// From the centre straight down by `dy` over 0.3 s, then still for 50 ms before the finger lifts.
        func run(dy: Double) throws -> TransitionOutcome {
            let samples = (0...18).map { i in #"{"t": \#(Double(i) / 60), "x": 195, "y": \#(422 + dy * Double(i) / 18)}"# }
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("pan-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try #"{"samples": [\#(samples.joined(separator: ",")), {"t": 0.35, "x": 195, "y": \#(422 + dy), "state": "ended"}]}"#
                .write(to: url, atomically: true, encoding: .utf8)
            return try plugin.run(TransitionRequest(operation: .pop, fps: 60, gesture: url.path), catalog: catalog, sink: nil)
        }
        let long = try run(dy: 300)
        XCTAssertTrue(long.result.completed, "300 / 844 = 0.355, past a third")
        XCTAssertEqual(long.calls.map(\.call).filter { $0.hasPrefix("update(") }.last, "update(0.355)")
        let short = try run(dy: 200)
        XCTAssertTrue(short.result.cancelled, "200 / 844 = 0.237")
        XCTAssertEqual(short.calls.map(\.call).filter { $0.hasPrefix("update(") }.last, "update(0.237)")
    }

    func testThePopupExampleOverlaysTheScreen() throws {
        let url = BuiltinResources.pluginsFolder!.deletingLastPathComponent().appendingPathComponent("Examples/popup/popup.lua")
        let plugin = try Plugin(url: url)
        let rec = FrameRecorder()
        let outcome = try plugin.run(TransitionRequest(operation: .present), sink: rec)
        XCTAssertTrue(outcome.result.completed)
        let box = { (i: Int) in rec.frames[i].node("dialog-box")! }
        XCTAssertEqual(box(0).properties.transform.a, 1.38, accuracy: 1e-9)
        XCTAssertEqual(rec.frames[0].node("dialog")!.opacity, 0)
        XCTAssertEqual(box(rec.frames.count - 1).properties.transform.a, 1)
        XCTAssertNotNil(rec.frames.last!.node("screen"), "an overlay leaves the screen beneath in place")
        let dismissed = try plugin.run(TransitionRequest(operation: .dismiss), sink: rec)
        XCTAssertTrue(dismissed.result.completed)
        XCTAssertNil(rec.frames.last!.node("dialog"))
    }
}

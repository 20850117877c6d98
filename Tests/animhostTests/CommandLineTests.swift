import XCTest
import Foundation
import AnimhostTestSupport

/// Runs the built `animhost` executable as a user would.
final class CommandLineTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = try temporaryFolder("cli")
    }

    var repository: URL { packageRoot }

    @discardableResult
    func animhost(_ args: String..., in dir: URL? = nil) throws -> CLI.Result { try animhost(args, in: dir) }

    @discardableResult
    func animhost(_ args: [String], in dir: URL? = nil) throws -> CLI.Result { try CLI.run(args, in: dir ?? work) }

    func testRunWritesTheTimelineAndASummaryFromAnyFolder() throws {
        let r = try animhost("run", "zoom")
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.out, "zoom push grid → detail: 31 frames at 60 fps, 0.500 s (duration 0.5 s), completed → out/zoom/timeline.json, out/zoom/preview.html\n")
        let data = try Data(contentsOf: work.appendingPathComponent("out/zoom/timeline.json"))
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        XCTAssertEqual(object["completed"] as? Bool, true)
        XCTAssertEqual((object["frames"] as? [Any])?.count, 31)
    }

    /// A view transition cannot follow a pointer: a gesture with that format is refused before the run, naming the format that can.
    func testViewTransitionsRefuseAGesture() throws {
        let r = try animhost("run", "match", "--operation", "pop", "--gesture", "pan-down dy=300 release=up", "--format", "json,view-transitions")
        XCTAssertEqual(r.code, 1, r.err)  // as every value the command line refuses
        XCTAssertTrue(r.err.contains("--format view-transitions cannot follow --gesture") && r.err.contains("--format web"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    func testTwoRunsWriteIdenticalBytes() throws {
        for plugin in ["zoom", "crossfade", "card-lift"] {
            try animhost("run", plugin, "--operation", "pop", "--out", "a")
            try animhost("run", plugin, "--operation", "pop", "--out", "b")
            let a = try Data(contentsOf: work.appendingPathComponent("a/timeline.json"))
            let b = try Data(contentsOf: work.appendingPathComponent("b/timeline.json"))
            XCTAssertEqual(a, b, plugin)
            XCTAssertGreaterThan(a.count, 1000)
        }
    }

    func testAGestureReplayedTwiceWritesIdenticalBytes() throws {
        for gesture in ["edge-swipe to=0.25 release=slow", "pan-down dy=300 release=up"] {
            try animhost("run", "zoom", "--operation", "pop", "--gesture", gesture, "--out", "a")
            try animhost("run", "zoom", "--operation", "pop", "--gesture", gesture, "--out", "b")
            let a = try Data(contentsOf: work.appendingPathComponent("a/timeline.json"))
            XCTAssertEqual(a, try Data(contentsOf: work.appendingPathComponent("b/timeline.json")), gesture)
            let object = try JSONSerialization.jsonObject(with: a) as! [String: Any]
            XCTAssertEqual(object["cancelled"] as? Bool, true)
            let frames = object["frames"] as! [[String: Any]]
            XCTAssertNotNil(frames[1]["touch"], "interactive frames carry the touch")
        }
        let bad = try animhost("run", "zoom", "--operation", "pop", "--gesture", "edge-swipe to=7")
        XCTAssertEqual(bad.code, 1)
        XCTAssertTrue(bad.err.contains("to=7: expected a number from 0 to 1"), bad.err)
    }

    func frames(_ args: String...) throws -> [[String: Any]] {
        let r = try animhost(["run", "crossfade", "--out", "p"] + args)
        XCTAssertEqual(r.code, 0, r.err)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("p/timeline.json"))) as! [String: Any]
        return object["frames"] as! [[String: Any]]
    }

    func opacity(_ frame: [String: Any], _ id: String) -> Double? {
        (frame["nodes"] as! [[String: Any]]).first { $0["id"] as? String == id }?["opacity"] as? Double
    }

    func testSeekingAndPlayback() throws {
        let all = try frames("--fps", "100")
        let at = try frames("--at", "0.07")
        XCTAssertEqual(at.count, 1)
        XCTAssertEqual(at[0]["t"] as? Double, 0.07)
        XCTAssertEqual(opacity(at[0], "article"), opacity(all[7], "article"))
        let half = try frames("--progress", "0.5")
        XCTAssertEqual(half[0]["t"] as? Double, 0.14)
        let fast = try frames("--speed", "2")
        XCTAssertEqual(fast[1]["t"] as? Double ?? 0, 2.0 / 60, accuracy: 1e-6, "twice as fast: frames 1/30 s apart")
        XCTAssertEqual(fast.count, Int((0.28 * 30).rounded(.up)) + 1)
        let reversed = try frames("--reverse", "--fps", "100")
        XCTAssertEqual(reversed.count, all.count)
        XCTAssertEqual(opacity(reversed[0], "article"), opacity(all.last!, "article"))
        XCTAssertEqual(reversed[0]["t"] as? Double, 0)
        XCTAssertEqual(try animhost("run", "zoom", "--at", "1", "--progress", "0.5").code, 1)
    }

    func testTheExamplePluginRunsWithItsOwnScenes() throws {
        let r = try animhost("run", "Examples/popup/popup.lua", "--operation", "present", "--out", work.path, in: repository)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.hasPrefix("popup present screen → dialog: 11 frames"), r.out)
    }

    func testErrorsExitWithOneAndWriteNothing() throws {
        try "local p = { name = 'bad', scenes = { from = 'grid', to = 'detail' } }\nfunction p.duration() return 0.2 end\nfunction p.animate(ctx)\n  ctx.from.view.alpah = 0\nend\nreturn p\n"
            .write(to: work.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let r = try animhost("run", "bad.lua")
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.hasPrefix("animhost: bad.lua:4: a node has no property 'alpah' (did you mean 'alpha'?)\nstack traceback:"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    func testBadCommandLineValuesExitWithOne() throws {
        for args in [
            ["run", "zoom", "--fps", "0"], ["run", "zoom", "--fps", "-5"], ["run", "zoom", "--fps", "1000000"],
            ["run", "zoom", "--scale", "0"], ["run", "zoom", "--max-memory", "0"], ["run", "zoom", "--format", "svg"],
            ["run", "zoom", "--param", "nokey"], ["run", "zoom", "--operation", "slide"], ["run", "nosuchplugin"],
            ["run", "zoom", "--from", "nowhere.json"], ["run", "zoom", "--timeout", "-1"]
        ] {
            XCTAssertEqual(try animhost(args).code, 1, args.joined(separator: " "))
        }
        XCTAssertTrue(try animhost("run", "zoom", "--format", "svg").err.contains("unknown format 'svg' (available: json, png, gif, webp, mp4, html, lottie, web, view-transitions, none)"))
    }

    func testFormatNoneEvaluatesAndWritesNothing() throws {
        let r = try animhost("run", "zoom", "--format", "none")
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.out, "zoom push grid → detail: 31 frames at 60 fps, 0.500 s (duration 0.5 s), completed\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    func testASingleInstantSaysWhichOne() throws {
        let at = try animhost("run", "zoom", "--at", "0.2", "--format", "none")
        XCTAssertEqual(at.out, "zoom push grid → detail: the state at t = 0.200 s (duration 0.5 s), completed\n")
        let half = try animhost("run", "zoom", "--progress", "0.4", "--format", "none")
        XCTAssertEqual(half.out, "zoom push grid → detail: the state at 0.4 of the duration, t = 0.200 s (duration 0.5 s), completed\n")
    }

    func testOneSceneThatTheOtherSideDefaultsToIsRefusedSayingWhy() throws {
        let grid = repository.appendingPathComponent("Plugins/scenes/grid.json").path
        let pop = try animhost("run", "zoom", "--from", grid, "--operation", "pop", "--format", "none")
        XCTAssertEqual(pop.code, 1)
        XCTAssertEqual(pop.out, "")
        XCTAssertTrue(pop.err.contains("--to defaults to grid for a pop (the declared scenes swapped: detail → grid), the scene --from names; name both --from and --to, or neither"), pop.err)
        let same = try animhost("run", "zoom", "--from", "grid", "--to", "grid", "--format", "none")
        XCTAssertTrue(same.err.contains("--from and --to name the same scene 'grid'"), same.err)
        let named = try animhost("run", "zoom", "--from", "detail", "--to", grid, "--operation", "pop", "--format", "none")
        XCTAssertEqual(named.code, 0, named.err)
        XCTAssertTrue(named.out.hasPrefix("zoom pop detail → grid: "), named.out)
    }

    func testNewHelpStatesItsDefaultOnce() throws {
        let help = try animhost("new", "--help").out
        XCTAssertEqual(help.components(separatedBy: "default").count - 1, 1, help)
        XCTAssertTrue(help.contains("(default: Plugins)"), help)
    }

    func testAMissingPluginFileIsNamed() throws {
        let r = try animhost("run", "nowhere/missing.lua")
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.err, "animhost: nowhere/missing.lua: no such plugin file\n")
    }

    func testListShowsPluginsWithTheirParamsAndOrigin() throws {
        let r = try animhost("list")
        XCTAssertEqual(r.code, 0)
        XCTAssertTrue(r.out.contains("zoom  (built-in: "), r.out)
        XCTAssertTrue(r.out.contains("params: damping=0.8, duration=0.5, popDuration=0.25, springBackDamping=0.9, springBackDuration=0.5, velocity=0"), r.out)
    }

    /// docs/writing-plugins.md: a name is looked up in the `--plugins` folders, then each folder of
    /// `$ANIMHOST_PATH` in order, then `./Plugins`, then the built-ins. Runs see only the environment
    /// a test gives them.
    func testPluginsAreFoundInTheDocumentedOrder() throws {
        for folder in ["a", "b", "Plugins"] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
            try """
            return { name = "fade", params = { where = "\(folder)" }, scenes = { from = "news", to = "article" },
              duration = function() return 0.2 end, animate = function(ctx) ctx:complete(true) end }
            """.write(to: work.appendingPathComponent("\(folder)/fade.lua"), atomically: true, encoding: .utf8)
        }
        func found(_ args: [String], path: String?) throws -> String {
            let r = try CLI.run(["list"] + args, in: work, environment: path.map { ["ANIMHOST_PATH": $0] } ?? [:])
            let lines = r.out.split(separator: "\n").map(String.init)
            guard let i = lines.firstIndex(where: { $0.hasPrefix("fade  (") }), i + 1 < lines.count else { return r.out }
            return lines[i] + " " + lines[i + 1].trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(try found(["--plugins", "b"], path: "a"), "fade  (--plugins: b/fade.lua) params: where=b")
        XCTAssertEqual(try found([], path: "b:a"), "fade  (ANIMHOST_PATH: b/fade.lua) params: where=b")
        XCTAssertEqual(try found([], path: "nowhere:a"), "fade  (ANIMHOST_PATH: a/fade.lua) params: where=a")
        XCTAssertEqual(try found([], path: nil), "fade  (./Plugins: Plugins/fade.lua) params: where=Plugins")
    }

    func testHelpExitsZero() throws {
        let r = try animhost("run", "--help")
        XCTAssertEqual(r.code, 0)
        XCTAssertTrue(r.out.contains("--operation"))
    }

    /// A `--param` without a name and a value is refused before anything runs, by every command that takes it,
    /// and nothing is written (preview never starts listening).
    func testAParamWithoutKeyAndValueIsRefusedByEveryCommand() throws {
        for command in ["run", "check", "preview", "diff"] {
            for bad in ["scale", "=1"] {
                let r = try animhost(command, "crossfade", "--param", bad)
                XCTAssertNotEqual(r.code, 0, "\(command) --param \(bad)")
                XCTAssertTrue(r.err.contains("--param expects key=value, got '\(bad)'"), "\(command): \(r.err)")
                XCTAssertFalse(r.out.contains("http://"), "\(command) did not start: \(r.out)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    /// docs/cli.md: `--fps` is 1 to 1000 and takes a negative value to say it is out of range, and `--from` and
    /// `--to` naming one scene is an error, for every command that runs transitions; nothing starts.
    func testEveryCommandRefusesTheSameBadSceneOptions() throws {
        let refusals = [
            (["--fps", "0"], "--fps must be a whole number from 1 to 1000, got 0"),
            (["--fps", "-1"], "--fps must be a whole number from 1 to 1000, got -1"),
            (["--from", "grid", "--to", "grid"], "--from and --to name the same scene 'grid'")
        ]
        for command in ["run", "check", "preview", "diff"] {
            for (args, message) in refusals {
                let r = try animhost([command, "zoom"] + args)
                XCTAssertNotEqual(r.code, 0, "\(command) \(args)")
                XCTAssertTrue(r.err.contains(message), "\(command) \(args): \(r.err)")
                XCTAssertFalse(r.out.contains("http://"), "\(command) did not start: \(r.out)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

}

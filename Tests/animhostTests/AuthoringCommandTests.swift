import XCTest
import Foundation
import AnimhostTestSupport

/// The authoring loop from the command line: shell completions, `run --watch`, `run --debug` and
/// `preview`'s start and Ctrl-C.
final class AuthoringCommandTests: XCTestCase {
    var work: URL!
    let fm = FileManager.default

    override func setUpWithError() throws {
        work = try makeTemporaryFolder("authoring")
        try """
        local slide = { name = "slide", params = { distance = 60 }, scenes = { from = "grid", to = "detail" } }
        function slide.duration(ctx) return 0.05 end
        function slide.animate(ctx)
          ctx.container:add(ctx.to.view)
          animate{ duration = ctx:duration(), function() ctx.to.view.alpha = 0.5 end,
            completion = function() ctx:complete(true) end }
        end
        return slide
        """.write(to: work.appendingPathComponent("slide.lua"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { if let work { try? fm.removeItem(at: work) } }

    /// The built-in plugins, from the repository's Plugins folder: the completion's oracle.
    private var builtinNames: [String] {
        ((try? fm.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Plugins").path)) ?? [])
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix("_spec.lua") }.map { String($0.dropLast(4)) }.sorted()
    }

    func testCompletionScriptsOfferTheCommandsAndPluginNames() throws {
        for shell in ["bash", "zsh", "fish"] {
            let r = try CLI.run(["--generate-completion-script", shell])
            XCTAssertEqual(r.code, 0, r.err)
            XCTAssertTrue(r.out.contains("preview"), "\(shell): the preview command")
            XCTAssertTrue(r.out.contains("---completion run -- positional@0"), "\(shell): plugin names come from animhost itself")
        }
        try fm.createDirectory(at: work.appendingPathComponent("Plugins"), withIntermediateDirectories: true)
        try fm.copyItem(at: work.appendingPathComponent("slide.lua"), to: work.appendingPathComponent("Plugins/zz-mine.lua"))
        let all = try CLI.run(["---completion", "run", "--", "positional@0", "0", "0", ""], in: work)
        XCTAssertEqual(all.code, 0, all.err)
        let offered = all.out.split(separator: "\n").map(String.init)
        for name in builtinNames + ["zz-mine"] { XCTAssertTrue(offered.contains(name), "\(name) in \(offered)") }
        let z = try CLI.run(["---completion", "preview", "--", "positional@0", "0", "1", "z"], in: work)
        XCTAssertEqual(z.out.split(separator: "\n").map(String.init).sorted(), (builtinNames + ["zz-mine"]).filter { $0.hasPrefix("z") }.sorted())
    }

    func testDebugNeedsARenderedFormat() throws {
        let r = try CLI.run(["run", "slide.lua", "--format", "json", "--debug"], in: work)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("--debug draws into rendered formats"), r.err)
        let plain = try CLI.run(["run", "slide.lua", "--format", "png", "--out", "plain", "--scale", "0.5"], in: work)
        let debug = try CLI.run(["run", "slide.lua", "--format", "png", "--out", "debug", "--scale", "0.5", "--debug"], in: work)
        XCTAssertEqual(plain.code, 0, plain.err); XCTAssertEqual(debug.code, 0, debug.err)
        let frame = "frames/0000.png"
        XCTAssertNotEqual(try Data(contentsOf: work.appendingPathComponent("plain/" + frame)), try Data(contentsOf: work.appendingPathComponent("debug/" + frame)))
    }

    func testRunWatchRewritesTheOutputOnSaveUntilCtrlC() throws {
        let p = try CLI.start(["run", "slide.lua", "--format", "json", "--out", "out", "--watch"], in: work)
        let timeline = work.appendingPathComponent("out/timeline.json")
        func frames() -> Int? {
            guard let data = try? Data(contentsOf: timeline), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return (json["frames"] as? [Any])?.count
        }
        XCTAssertTrue(waitFor { frames() == 4 }, "the first run: 0.05 s at 60 fps")
        let source = try String(contentsOf: work.appendingPathComponent("slide.lua"), encoding: .utf8)
        try source.replacingOccurrences(of: "return 0.05", with: "return 0.1").write(to: work.appendingPathComponent("slide.lua"), atomically: false, encoding: .utf8)
        XCTAssertTrue(waitFor { frames() == 7 }, "re-run after the save: 0.1 s at 60 fps")
        p.signal(SIGINT)
        XCTAssertTrue(p.waitForExit(timeout: 20), "Ctrl-C stops watching")
        XCTAssertEqual(frames(), 7, "the output stays")
    }

    /// Watching into a file (a log, a pipe): each summary comes at once, after the time it was written.
    func testRunWatchIntoAFileWritesEachSummaryAtOnceWithItsTime() throws {
        let log = work.appendingPathComponent("watch.log")
        try Data().write(to: log)
        let p = try CLI.start(["run", "slide.lua", "--format", "json", "--out", "out", "--watch"], in: work, output: try FileHandle(forWritingTo: log))
        func summaries() -> [String] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init).filter { $0.contains("slide push") }
        }
        XCTAssertTrue(waitFor { summaries().count == 1 }, "the first summary, while the run still watches")
        let line = try XCTUnwrap(summaries().first)
        XCTAssertNotNil(line.wholeMatch(of: #/\[\d\d:\d\d:\d\d\] slide push .*/#), line)
        p.signal(SIGINT)
        XCTAssertTrue(p.waitForExit(timeout: 20), "Ctrl-C stops watching")
    }

    /// `--chrome FILE` is one of the files a save of re-runs the watched run.
    func testRunWatchRerunsWhenTheChromeSceneIsSaved() throws {
        let bars = work.appendingPathComponent("bars.json")
        func writeBars(y: Int) throws {
            try #"{ "name": "bars", "size": [390, 844], "overlay": true, "nodes": [ { "id": "bar", "frame": [0, \#(y), 390, 44] } ] }"#
                .write(to: bars, atomically: false, encoding: .utf8)
        }
        try writeBars(y: 800)
        let p = try CLI.start(["run", "slide.lua", "--chrome", "bars.json", "--format", "json", "--out", "out", "--watch"], in: work)
        func barY() -> Double? {
            guard let data = try? Data(contentsOf: work.appendingPathComponent("out/timeline.json")),
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let nodes = (json["frames"] as? [[String: Any]])?.last?["nodes"] as? [[String: Any]]
            else { return nil }
            return (nodes.first { $0["id"] as? String == "bar" }?["frame"] as? [Double])?[1]
        }
        XCTAssertTrue(waitFor { barY() == 800 }, "the first run: the bar where bars.json puts it")
        try writeBars(y: 0)
        XCTAssertTrue(waitFor { barY() == 0 }, "re-run after bars.json is saved")
        p.signal(SIGINT)
        XCTAssertTrue(p.waitForExit(timeout: 30), "Ctrl-C stops watching")
    }

    func testPreviewPrintsItsURLAndStopsOnCtrlC() throws {
        let p = try CLI.start(["preview", "slide.lua", "--port", "0"], in: work)
        XCTAssertTrue(waitFor { p.output.contains("http://") }, "the URL is printed")
        XCTAssertNotNil(p.output.range(of: #"animhost preview: http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression), p.output)
        p.signal(SIGINT)
        XCTAssertTrue(p.waitForExit(timeout: 20), "Ctrl-C stops the server")
        XCTAssertEqual(p.status, 130)
        XCTAssertFalse(
            fm.fileExists(atPath: fm.temporaryDirectory.appendingPathComponent("animhost-preview-\(p.pid)").path),
            "the frames folder is removed")
    }

    /// `--record` replaces its file with each recording: a file there already that is no gesture trace
    /// (a slip of the name) is refused before the server starts and left as it was; a trace is kept for re-recording.
    func testPreviewRecordRefusesToReplaceAFileThatIsNoTrace() throws {
        let notes = #"{"name": "my settings", "keep": true}"# + "\n"
        try notes.write(to: work.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["preview", "slide.lua", "--port", "0", "--record", "settings.json"], in: work)
        XCTAssertNotEqual(refused.code, 0)
        XCTAssertTrue(refused.err.contains("--record: settings.json exists and is not a gesture trace"), refused.err)
        XCTAssertEqual(try String(contentsOf: work.appendingPathComponent("settings.json"), encoding: .utf8), notes)
        try #"{"samples": [{"t": 0, "x": 10, "y": 10, "state": "began"}, {"t": 0.1, "x": 90, "y": 10, "state": "ended"}]}"#
            .write(to: work.appendingPathComponent("swipe.json"), atomically: true, encoding: .utf8)
        let p = try CLI.start(["preview", "slide.lua", "--port", "0", "--record", "swipe.json"], in: work)
        XCTAssertTrue(waitFor { p.output.contains("http://") }, "a trace there already is re-recorded: \(p.output)")
        p.signal(SIGINT)
        XCTAssertTrue(p.waitForExit(timeout: 20))
    }

    /// Polls `condition` for at most 60 s.
    private func waitFor(_ condition: () -> Bool) -> Bool { waitUntil(timeout: 60, interval: 0.05, condition) }
}

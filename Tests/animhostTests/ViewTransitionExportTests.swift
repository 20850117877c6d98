import Foundation
import XCTest
import AnimhostTestSupport
import AnimhostRender

/// `--format view-transitions` against animhost's own frames: each run's page, opened in headless
/// Chromium, starts its view transition, pauses its animations at a frame's instant
/// (`animhost.seek`, which pauses `document.getAnimations()`) and is screenshot at four instants,
/// compared with the PNG frame of the same run (@1x, 15 fps) outside text. The bar is what View
/// Transitions can express (docs/web.md): the browser captures each state's elements as flat images,
/// so what moves inside a screen or a flying element apart from it is not there. One browser serves the class.
final class ViewTransitionExportTests: XCTestCase {
    nonisolated(unsafe) private static var browser: (browser: DevToolsBrowser, session: String)?
    /// The bar each run is held to (dB outside text, worst of four frames), a decibel under what it
    /// reaches, for what it needs that View Transitions lack (docs/web.md): a flight's corner radius and
    /// crop (match, appstore), motion inside a screen by modifiers (album push's rows and buttons).
    private static let bars = [
        "match-push": 24.0, "match-pop": 28.0, "album-push": 24.5, "album-pop": 40.0, "appstore-present": 29.0, "appstore-dismiss": 29.0
    ]

    override class func tearDown() {
        browser?.browser.close()
        browser = nil
        super.tearDown()
    }

    func testTagMatchingPlugins() throws {
        for (plugin, operation) in [
            ("match", "push"), ("match", "pop"), ("Examples/album/album.lua", "push"), ("Examples/album/album.lua", "pop"), ("Examples/appstore/appstore.lua", "present"),
            ("Examples/appstore/appstore.lua", "dismiss")
        ] {
            let run = try self.run(plugin, operation)
            let instants = Set([0, run.frames / 3, 2 * run.frames / 3, run.frames - 1]).sorted()
            var worst = Double.infinity
            for (i, f) in zip(instants, try figures(run, shown: instants, against: instants)) {
                worst = min(worst, f)
                let bar = ViewTransitionExportTests.bars[run.name]!
                if f < bar { XCTFail("\(run.name) frame \(i): \(String(format: "%.2f", f)) dB < \(bar); kept in \(try keep(run).path)") }
            }
            print(String(format: "view-transitions \(run.name): %.1f dB outside text; page %d bytes", worst, try Data(contentsOf: run.page).count))
        }
    }

    /// The comparison is not blind: the page paused at the first instant does not match the middle frame.
    func testComparisonSeesAnotherInstant() throws {
        let run = try self.run("match", "push")
        let middle = run.frames / 2
        XCTAssertLessThan(try figures(run, shown: [0], against: [middle])[0], ViewTransitionExportTests.bars["match-push"]!)
    }

    /// The flight's group, paused at each frame's instant, has the box of animhost's flying copy at that
    /// frame (the timeline's), within half a point: the browser's own animation from the first box to the
    /// last, timed by the run's `linear()`.
    func testGroupFollowsTheFlight() throws {
        let run = try self.run("match", "push")
        let (browser, session) = try open(run)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: run.timeline)) as? [String: Any] ?? [:]
        let frames = root["frames"] as? [[String: Any]] ?? []
        for (f, frame) in frames.enumerated().dropLast() {
            let nodes = frame["nodes"] as? [[String: Any]] ?? []
            guard let copy = nodes.last(where: { $0["tag"] as? String == "photo-4" && $0["snapshot"] as? Bool == true }),
                let box = (copy["frame"] as? [NSNumber])?.map(\.doubleValue)
            else { return XCTFail("frame \(f) has no flying copy") }
            let measured =
                try browser.evaluate(
                    """
                    animhost.seek(\(run.times[f])).then(() => {
                      const s = getComputedStyle(document.documentElement, "::view-transition-group(animhost-tag-0)");
                      const m = new DOMMatrix(s.transform);
                      return [m.e, m.f, parseFloat(s.width), parseFloat(s.height)];
                    })
                    """, in: session) as? [NSNumber]
            let values = measured?.map(\.doubleValue) ?? []
            XCTAssertEqual(values.count, 4, "frame \(f)")
            for (v, b) in zip(values, box) { XCTAssertEqual(v, b, accuracy: 0.5, "frame \(f): \(values) against \(box)") }
        }
    }

    /// The page plays the transition through and is left showing the last state; the same run writes the same bytes.
    func testPlaysToTheEndAndIsDeterministic() throws {
        let run = try self.run("match", "push"), again = try self.run("match", "push", again: true)
        XCTAssertEqual(try Data(contentsOf: run.page), try Data(contentsOf: again.page))
        let (browser, session) = try open(run)
        XCTAssertEqual((try browser.evaluate("animhost.progress", in: session) as? NSNumber)?.doubleValue, 0)
        let end =
            try browser.evaluate(
                "animhost.ready.then(() => animhost.play()).then(() => new Promise(r => setTimeout(r, \(Int(run.times.last! * 1000) + 500))))"
                    + ".then(() => [animhost.progress, getComputedStyle(document.getElementById('first')).display])", in: session) as? [Any]
        XCTAssertEqual((end?.first as? NSNumber)?.doubleValue, 1)
        XCTAssertEqual(end?.last as? String, "none")
    }

    /// `#t=SECONDS` opens the page with the transition paused at that instant.
    func testHashOpensPaused() throws {
        let run = try self.run("match", "push")
        let (browser, session) = try open(run, hash: "#t=\(run.times[2])")
        let progress = try browser.evaluate(
            "new Promise(r => setTimeout(r, 300)).then(() => new Promise(r => setTimeout(r, 300))).then(() => animhost.progress)", in: session)
        XCTAssertEqual((progress as? NSNumber)?.doubleValue ?? -1, run.times[2] / run.times.last!, accuracy: 1e-3)
    }

    /// A plugin that flies no tag gets a clear error and no page.
    func testPluginWithoutFlightsIsRefused() throws {
        let out = try temporaryFolder("vt-zoom")
        let r = try CLI.run(["run", "crossfade", "--format", "view-transitions", "--out", out.path])
        XCTAssertNotEqual(r.code, 0)
        XCTAssertTrue(r.err.contains("no tag flies") && r.err.contains("--format web"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("view-transitions.html").path))
    }

    // MARK: - Running and comparing

    private struct Run {
        let name: String
        let folder: URL
        let times: [Double]
        let size: (width: Int, height: Int)
        var frames: Int { times.count }
        var timeline: URL { folder.appendingPathComponent("timeline.json") }
        var page: URL { folder.appendingPathComponent("view-transitions.html") }
        func png(_ i: Int) -> URL { folder.appendingPathComponent(String(format: "frames/%04d.png", i)) }
    }

    /// The runs made so far in the class, by plugin and operation (the same run makes the same files).
    nonisolated(unsafe) private static var made: [String: Run] = [:]

    /// Runs `plugin` (a built-in, or a path from the package's root) for `operation` to its timeline,
    /// frames and page, once per class unless `again`.
    private func run(_ plugin: String, _ operation: String, again: Bool = false) throws -> Run {
        let key = plugin + " " + operation
        if !again, let known = ViewTransitionExportTests.made[key] { return known }
        let name = "\(URL(fileURLWithPath: plugin).deletingPathExtension().lastPathComponent)-\(operation)"
        let out = BundleFolder.root.appendingPathComponent("vt-\(name)-\(UUID().uuidString)")
        let path = plugin.hasSuffix(".lua") ? packageRoot.appendingPathComponent(plugin).path : plugin
        let r = try CLI.run(
            ["run", path, "--operation", operation, "--fps", "15", "--scale", "1", "--format", "json,png,view-transitions", "--out", out.path])
        guard r.code == 0 else { throw BrowserError("\(plugin) \(operation): animhost run failed (\(r.code)): \(r.err)") }
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("timeline.json"))) as? [String: Any] ?? [:]
        let frames = root["frames"] as? [[String: Any]] ?? []
        let size = (root["size"] as? [NSNumber] ?? []).map(\.doubleValue)
        let run = Run(
            name: name, folder: out, times: frames.map { ($0["t"] as? NSNumber)?.doubleValue ?? 0 },
            size: (Int(size.first?.rounded(.up) ?? 0), Int(size.last?.rounded(.up) ?? 0)))
        if !again { ViewTransitionExportTests.made[key] = run }
        return run
    }

    /// Copies `run`'s folder (page, frames, Chromium's pictures) where a person can look at it.
    private func keep(_ run: Run) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-view-transition-failures/\(run.name)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: run.folder, to: folder)
        return folder
    }

    /// Chromium's pictures of `run`'s page paused at frames `shown`'s instants against `run`'s frames
    /// `index` (pairwise): PSNR outside the text boxes.
    private func figures(_ run: Run, shown: [Int], against index: [Int]) throws -> [Double] {
        let (browser, session) = try open(run)
        var figures: [Double] = []
        for (s, i) in zip(shown, index) {
            // A frame drawn after the seek.
            try browser.evaluate(
                "animhost.ready.then(() => animhost.seek(\(run.times[s]))).then(() => new Promise(r => requestAnimationFrame(() => r(true))))",
                in: session)
            let shot = run.folder.appendingPathComponent(String(format: "chromium-%04d.png", s))
            try browser.screenshot(in: session).write(to: shot)
            let chromium = try Bitmap.read(shot), rendered = try Bitmap.read(run.png(i))
            XCTAssertEqual([chromium.width, chromium.height], [rendered.width, rendered.height], run.name)
            let page = try OraclePage(OracleFrame(timeline: run.timeline, frame: i), image: { _ in URL(fileURLWithPath: "/") })
            figures.append(psnr(chromium, rendered, skipping: page.mask(width: rendered.width, height: rendered.height, scale: 1)))
        }
        return figures
    }

    /// The class's browser at @1x showing `run`'s page (at `hash`).
    private func open(_ run: Run, hash: String = "") throws -> (DevToolsBrowser, String) {
        let url = run.page.absoluteString + hash
        let browser =
            try ViewTransitionExportTests.browser?.browser
            ?? DevToolsBrowser(try requireChromium(), arguments: ["--force-device-scale-factor=1", "--force-color-profile=srgb", "--hide-scrollbars", "--disable-lcd-text"])
        let session: String
        if let open = ViewTransitionExportTests.browser?.session {
            session = open
            try browser.navigate(url, in: session)
        } else {
            session = try browser.open(url)
        }
        ViewTransitionExportTests.browser = (browser, session)
        try browser.setViewport(width: run.size.width, height: run.size.height, scale: 0, in: session)
        return (browser, session)
    }
}

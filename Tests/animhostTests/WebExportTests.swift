import Foundation
import XCTest
import AnimhostTestSupport
import AnimhostRender

/// `--format web` against animhost's own frames: each run's page, opened once in headless Chromium
/// paused at its first frame's instant (`#t=`), then sought to every other frame's through `window.animhost.seek` and
/// screenshot at each, must match the PNG frame of the same run (@1x, 15 fps) to 35 dB PSNR outside
/// text; the text boxes are measured apart and their worst figure printed (Chromium's text is not
/// Pango's: docs/web.md). One browser serves the class.
final class WebExportTests: XCTestCase {
    nonisolated(unsafe) private static var browser: (browser: DevToolsBrowser, session: String?)?
    private static let threshold = 35.0

    override class func tearDown() {
        browser?.browser.close()
        browser = nil
        super.tearDown()
    }

    func testBuiltIns() throws {
        try checkOperations(of: ["zoom", "crossfade", "card-lift", "match"])
    }

    func testExamples() throws {
        try checkOperations(
            of: [
                "popup/popup", "album/album", "uikit/affine-crossfade", "uikit/fluidphoto", "uikit/list-detail", "uikit/photo-lift",
                "uikit/rmp-zoom", "uikit/zoom-transitioning", "presentations/deck-dismiss"
            ].map { packageRoot.appendingPathComponent("Examples/\($0).lua").path })
    }

    /// The comparison is not blind: the page paused at the first frame does not match the last.
    func testComparisonSeesAnotherInstant() throws {
        let run = try self.run("zoom", "push")!
        let first = try figures(run, shown: [0], against: [run.frames - 1])[0]
        XCTAssertLessThan(first.outside, WebExportTests.threshold)
    }

    /// Where the viewer prefers reduced motion, the page shows the plugin's run with reduced motion (zoom
    /// crossfades instead): Chromium emulating that preference matches `animhost run --reduced-motion`'s
    /// frames, and without it the page does not (the zoom mid-flight is not the crossfade).
    func testReducedMotionShowsThePluginsReducedRun() throws {
        let page = try self.run("zoom", "push", formats: "json,web")!
        let reduced = try self.run("zoom", "push", formats: "json,png", options: ["--reduced-motion"])!
        let instants = Set([0, reduced.frames / 3, 2 * reduced.frames / 3, reduced.frames - 1]).sorted()
        for (i, f) in zip(instants, try figures(page, shown: instants, against: instants, of: reduced, reduce: true)) {
            XCTAssertGreaterThanOrEqual(f.outside, WebExportTests.threshold, "frame \(i) of the run with reduced motion")
        }
        let (browser, session) = try open(page, at: 0, reduce: true)
        XCTAssertEqual(try browser.evaluate("animhost.reducedMotion", in: session) as? Bool, true)
        XCTAssertEqual((try browser.evaluate("animhost.duration", in: session) as? NSNumber)?.doubleValue ?? 0, reduced.times.last!, accuracy: 1e-6)
        let middle = reduced.frames / 2
        XCTAssertLessThan(try figures(page, shown: [middle], against: [middle], of: reduced)[0].outside, WebExportTests.threshold)
    }

    /// The same run writes the same page, byte for byte.
    func testPageIsDeterministic() throws {
        let a = try self.run("card-lift", "push", formats: "web")!, b = try self.run("card-lift", "push", formats: "web")!
        XCTAssertEqual(try Data(contentsOf: a.page), try Data(contentsOf: b.page))
    }

    // MARK: - Running and comparing

    private struct Run {
        let name: String
        let folder: URL
        let frames: Int
        let times: [Double]
        let size: (width: Int, height: Int)
        var timeline: URL { folder.appendingPathComponent("timeline.json") }
        var page: URL { folder.appendingPathComponent("web/index.html") }
        func png(_ i: Int) -> URL { folder.appendingPathComponent(String(format: "frames/%04d.png", i)) }
    }

    /// Runs `plugin` for `operation`; nil when the plugin has no such operation.
    private func run(_ plugin: String, _ operation: String, formats: String = "json,png,web", options: [String] = []) throws -> Run? {
        try runs(plugin, [(operation, formats)], options: options)[0]
    }

    /// Runs `plugin` for each of `jobs` (an operation and the formats written) side by side, as the
    /// machine's cores allow; nil where the plugin has no such operation.
    private func runs(_ plugin: String, _ jobs: [(operation: String, formats: String)], options: [String] = []) throws -> [Run?] {
        try start(plugin, jobs, options: options)()
    }

    /// Starts the runs of ``runs(_:_:options:)`` in the background; the function returned waits for them.
    private func start(_ plugin: String, _ jobs: [(operation: String, formats: String)], options: [String] = []) throws -> () throws -> [Run?] {
        let base = URL(fileURLWithPath: plugin).deletingPathExtension().lastPathComponent
        let folders = try jobs.map { try temporaryFolder("web-\(base)-\($0.operation)") }
        let results = LockedResults(count: jobs.count)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            DispatchQueue.concurrentPerform(iterations: jobs.count) { n in
                results.set(n, Result { try WebExportTests.run(plugin, jobs[n].operation, formats: jobs[n].formats, options: options, out: folders[n]) })
            }
        }
        return {
            group.wait()
            return try results.values.map { try $0.get() }
        }
    }

    /// The results of runs made side by side.
    private final class LockedResults: @unchecked Sendable {  // `values` is behind `lock`
        private let lock = NSLock()
        private var all: [Result<Run?, Error>]
        init(count: Int) { all = Array(repeating: .success(nil), count: count) }
        func set(_ n: Int, _ result: Result<Run?, Error>) { lock.withLock { all[n] = result } }
        var values: [Result<Run?, Error>] { lock.withLock { all } }
    }

    /// Runs `plugin` for `operation` into `out`, throwing when the run fails; nil when the plugin has no such operation.
    private static func run(_ plugin: String, _ operation: String, formats: String, options: [String], out: URL) throws -> Run? {
        let name = URL(fileURLWithPath: plugin).deletingPathExtension().lastPathComponent + "-" + operation
        let r = try CLI.run(["run", plugin, "--operation", operation, "--fps", "15", "--scale", "1", "--format", formats, "--out", out.path] + options)
        if r.code != 0 && operation != "push" && r.err.contains(operation) { return nil }
        guard r.code == 0 else { throw BrowserError("\(name): animhost run failed (\(r.code)): \(r.err)") }
        guard formats.contains("json") else { return Run(name: name, folder: out, frames: 0, times: [], size: (0, 0)) }
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("timeline.json"))) as? [String: Any] ?? [:]
        let frames = root["frames"] as? [[String: Any]] ?? []
        let size = (root["size"] as? [NSNumber] ?? []).map(\.doubleValue)
        return Run(
            name: name, folder: out, frames: frames.count, times: frames.map { ($0["t"] as? NSNumber)?.doubleValue ?? 0 },
            size: (Int(size.first?.rounded(.up) ?? 0), Int(size.last?.rounded(.up) ?? 0)))
    }

    /// Checks every frame of each operation each of `plugins` has, in one page load per operation. The
    /// runs are made side by side, the next plugin's while Chromium compares this one's; present and
    /// dismiss first write their timeline alone: where it equals push's or pop's but for its name
    /// (present often runs as push), the page and frames would be those again (the page is made from
    /// the run's frames), so the comparison is not repeated.
    private func checkOperations(of plugins: [String]) throws {
        let page = "json,png,web"
        let jobs = [("push", page), ("pop", page), ("present", "json"), ("dismiss", "json")]
        var next = try start(plugins[0], jobs)
        for (n, plugin) in plugins.enumerated() {
            let first = try next()
            if n + 1 < plugins.count { next = try start(plugins[n + 1], jobs) }
            try checkOperations(plugin, first)
        }
    }

    /// Checks the operations of `plugin` from its `first` runs (push and pop whole, present and dismiss their timeline).
    private func checkOperations(_ plugin: String, _ first: [Run?]) throws {
        let page = "json,png,web"
        var checked: [Data: String] = [:]
        for run in first[..<2].compactMap({ $0 }) { checked[try signature(run)] = run.name }
        var again: [String] = []
        for (operation, probe) in zip(["present", "dismiss"], first[2...]) {
            guard let probe else { continue }
            if let same = checked[try signature(probe)] { print("web \(probe.name): the timeline of \(same)") } else { again.append(operation) }
        }
        for run in first[..<2].compactMap({ $0 }) + (try runs(plugin, again.map { ($0, page) }).compactMap { $0 }) {
            let instants = Array(0..<run.frames)
            var outside = Double.infinity, text = Double.infinity, worst = 0
            for (i, f) in zip(instants, try figures(run, shown: instants, against: instants)) {
                if f.outside < outside { (outside, worst) = (f.outside, i) }
                text = min(text, f.text)
                if f.outside < WebExportTests.threshold {
                    let kept = try keep(run, frame: i, shot: f.shot)
                    XCTFail("\(run.name) frame \(i): \(String(format: "%.2f", f.outside)) dB < \(WebExportTests.threshold); kept in \(kept.path)")
                }
            }
            let page = try Data(contentsOf: run.page).count
            print(String(format: "web \(run.name): %.1f dB outside text (frame %d of %d), %.1f dB in text; page %d bytes", outside, worst, instants.count, text, page))
        }
    }

    /// `run`'s timeline without the operation's name.
    private func signature(_ run: Run) throws -> Data {
        var root = try JSONSerialization.jsonObject(with: Data(contentsOf: run.timeline)) as? [String: Any] ?? [:]
        root["operation"] = nil
        return try JSONSerialization.data(withJSONObject: root, options: .sortedKeys)
    }

    /// Where the pictures of a failed comparison are kept for a person to look at.
    private static let failures = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-web-failures")

    /// Copies the page, Chromium's picture and animhost's frame `i` of `run` to ``failures``.
    private func keep(_ run: Run, frame i: Int, shot: URL) throws -> URL {
        let folder = WebExportTests.failures.appendingPathComponent(run.name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (from, name) in [(run.page, "index.html"), (shot, "\(i)-chromium.png"), (run.png(i), "\(i)-animhost.png"), (run.timeline, "timeline.json")] {
            let to = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: to)
            try FileManager.default.copyItem(at: from, to: to)
        }
        return folder
    }

    /// Chromium's pictures of `run`'s page paused at each of frames `shown`'s instants of `reference`
    /// (`run` itself unless given) against `reference`'s frames `index` (pairwise), the viewer preferring
    /// reduced motion when `reduce`: PSNR outside the text boxes and inside them. The page is opened once,
    /// paused at the first instant (`#t=`, as a person would open it), and seeks the others through `animhost.seek`.
    private func figures(
        _ run: Run, shown: [Int], against index: [Int], of reference: Run? = nil, reduce: Bool = false
    ) throws -> [(
        outside: Double, text: Double, shot: URL
    )] {
        let reference = reference ?? run
        let (browser, session) = try open(run, at: reference.times[shown[0]], reduce: reduce)
        var figures: [(outside: Double, text: Double, shot: URL)] = []
        for (n, (s, i)) in zip(shown, index).enumerated() {
            let seek = n == 0 ? "" : "animhost.seek(\(reference.times[s]));"
            // A frame drawn after the seek.
            try browser.evaluate(
                "animhost.ready.then(() => new Promise(r => { \(seek) requestAnimationFrame(() => r(true)); }))",
                in: session)
            let shot = run.folder.appendingPathComponent(String(format: "chromium-%04d.png", s))
            try browser.screenshot(in: session).write(to: shot)
            let chromium = try Bitmap.read(shot), rendered = try Bitmap.read(reference.png(i))
            XCTAssertEqual([chromium.width, chromium.height], [rendered.width, rendered.height], run.name)
            // Every picture is embedded in the page: only text is left out.
            let page = try OraclePage(OracleFrame(timeline: reference.timeline, frame: i), image: { _ in URL(fileURLWithPath: "/") })
            let mask = page.mask(width: rendered.width, height: rendered.height, scale: 1)
            figures.append((psnr(chromium, rendered, skipping: mask), psnr(chromium, rendered, skipping: mask.map { !$0 }), shot))
        }
        return figures
    }

    /// The class's browser at @1x showing `run`'s page at `time`, the viewer preferring reduced motion when `reduce`.
    private func open(_ run: Run, at time: Double, reduce: Bool = false) throws -> (DevToolsBrowser, String) {
        let url = run.page.absoluteString + "#t=\(time)"
        let browser =
            try WebExportTests.browser?.browser
            ?? DevToolsBrowser(try requireChromium(), arguments: ["--force-device-scale-factor=1", "--force-color-profile=srgb", "--hide-scrollbars", "--disable-lcd-text"])
        let session: String
        if let open = WebExportTests.browser?.session {
            session = open
            try browser.navigate(url, in: session)
        } else {
            session = try browser.open(url)
        }
        WebExportTests.browser = (browser, session)
        try browser.setViewport(width: run.size.width, height: run.size.height, scale: 0, in: session)
        try browser.emulateReducedMotion(reduce, in: session)
        return (browser, session)
    }
}

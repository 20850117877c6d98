import Foundation
import XCTest
import AnimhostTestSupport
import AnimhostRender

/// Pointer drags on a `--format web` page against `animhost run --gesture` of the same trace: the
/// trace's samples, written as the file `--gesture` reads, are replayed into headless Chromium as
/// DevTools mouse events carrying the samples' times, and at each of the host's frame instants the
/// page is screenshot (while the button is down as the drag left it; after the release held at that
/// instant by `animhost.drag.seek`, so that no wall clock enters) and compared with the host's PNG
/// frame: 35 dB PSNR outside text on every frame, and the same finish or cancel. One browser serves the class.
final class WebDragTests: XCTestCase {
    nonisolated(unsafe) private static var browser: (browser: DevToolsBrowser, session: String)?
    private static let threshold = 35.0

    override class func tearDown() {
        browser?.browser.close()
        browser = nil
        super.tearDown()
    }

    /// An edge swipe a quarter of the way, lifted at 1500 pt/s: short of zoom's 0.33 but faster than
    /// 1000 pt/s, so the pop finishes by its velocity.
    func testZoomFlingFinishes() throws {
        try check("zoom", trace: Self.line(from: (2, 422), by: (0.25 * 390, 0), seconds: 0.065, rest: 0), finishes: true)
    }

    /// An edge swipe 28 % of the way, resting 50 ms before it lifts: the pop cancels and runs back.
    func testZoomSlowReleaseCancels() throws {
        try check("zoom", trace: Self.line(from: (2, 422), by: (0.28 * 390, 0), seconds: 0.3, rest: 0.05), finishes: false)
    }

    /// deck-dismiss reads a pan down (`axis = "down"`, finishing past half way): 60 % of the height, lifted still, finishes.
    func testDeckPanDownFinishes() throws {
        try check("presentations/deck-dismiss", trace: Self.line(from: (195, 300), by: (0, 0.6 * 844), seconds: 0.4, rest: 0.05), finishes: true)
    }

    /// A pan down 42 % of the height, lifted still, runs the deck's card back: past the default 0.33 but
    /// short of the plugin's own `finishProgress = 0.5`, which the page must therefore apply.
    func testDeckShortPanCancels() throws {
        try check("presentations/deck-dismiss", trace: Self.line(from: (195, 300), by: (0, 0.42 * 844), seconds: 0.3, rest: 0.05), finishes: false)
    }

    /// Where the viewer prefers reduced motion, the page shows zoom's run with reduced motion (a
    /// crossfade) and a drag scrubs the plugin's interactive run with reduced motion, as `animhost run
    /// --gesture --reduced-motion` does: an edge swipe half way, lifted still, finishes.
    func testReducedMotionEdgeSwipeFinishes() throws {
        try check("zoom", trace: Self.line(from: (2, 422), by: (0.5 * 390, 0), seconds: 0.3, rest: 0.05), finishes: true, reduce: true)
    }

    /// The same under reduced motion, 20 % of the way lifted still: the crossfade runs back.
    func testReducedMotionShortSwipeCancels() throws {
        try check("zoom", trace: Self.line(from: (2, 422), by: (0.2 * 390, 0), seconds: 0.2, rest: 0.05), finishes: false, reduce: true)
    }

    /// deck-dismiss's pan down under reduced motion, 60 % of the height: finishes as the host's does.
    func testReducedMotionDeckPanDownFinishes() throws {
        try check(
            "presentations/deck-dismiss", trace: Self.line(from: (195, 300), by: (0, 0.6 * 844), seconds: 0.4, rest: 0.05), finishes: true, reduce: true)
    }

    /// zoom's own `interact` drives only its edge swipe by the default rule (a pan down is FluidPhoto's,
    /// which the page cannot run): a drag from the middle of its page leaves the page as it was.
    func testZoomPageIgnoresDragsAwayFromTheEdge() throws {
        let out = try temporaryFolder("web-drag-middle")
        let r = try CLI.run(["run", "zoom", "--operation", "pop", "--scale", "1", "--format", "web", "--out", out.path])
        XCTAssertEqual(r.code, 0, r.err)
        let (browser, session) = try open(out.appendingPathComponent("web/index.html"), width: 390, height: 844)
        let base = (Date().timeIntervalSince1970 * 1000).rounded() / 1000
        for (n, type) in ["mousePressed", "mouseMoved", "mouseMoved", "mouseReleased"].enumerated() {
            try browser.mouse(type, x: 195, y: 400 + 100 * Double(n), timestamp: base + 0.05 * Double(n), in: session)
        }
        let state = try browser.evaluate(
            "new Promise(r => { const wait = () => samplesSeen < 4 ? requestAnimationFrame(wait) : r(animhost.drag.state); wait(); })", in: session)
        XCTAssertEqual(state as? String, "idle")
        XCTAssertEqual(try browser.evaluate("document.getElementById('drag').style.display", in: session) as? String, "none")
    }

    /// A push page takes no drags and holds none of their data: its bytes are those of a page without them.
    func testPushPageHasNoDrag() throws {
        let out = try temporaryFolder("web-drag-push")
        let r = try CLI.run(["run", "zoom", "--fps", "15", "--scale", "1", "--format", "web", "--out", out.path])
        XCTAssertEqual(r.code, 0, r.err)
        let page = try String(contentsOf: out.appendingPathComponent("web/index.html"), encoding: .utf8)
        XCTAssertFalse(page.contains("animhost-drag"))
        XCTAssertFalse(page.contains("{{DRAG}}"))
    }

    /// A drag the page stops hearing (here its window loses focus) ends there as a cancelled gesture:
    /// 58 pt of 390 at 580 pt/s is short of zoom's 0.33 and 1000 pt/s, so it runs back, rather than
    /// staying down and following a pointer whose button is up.
    func testDragEndsWhenTheWindowLosesFocus() throws {
        let (browser, session) = try zoomPop("web-drag-blur")
        let base = (Date().timeIntervalSince1970 * 1000).rounded() / 1000
        try browser.mouse("mousePressed", x: 2, y: 422, timestamp: base, in: session)
        try browser.mouse("mouseMoved", x: 60, y: 422, timestamp: base + 0.1, in: session)
        let state = try browser.evaluate(
            """
            new Promise(r => { const wait = () => samplesSeen < 2 ? requestAnimationFrame(wait)
              : (window.dispatchEvent(new Event("blur")), r(animhost.drag.state)); wait(); })
            """, in: session)
        XCTAssertTrue((state as? String ?? "").hasPrefix("cancel"), "the drag after the window lost focus: \(state ?? "nil")")
        try browser.mouse("mouseReleased", x: 60, y: 422, timestamp: base + 0.2, in: session)
    }

    /// As the host's driver, a released drag takes no new pointer while it settles: a second press
    /// during the completion of a drag half way across leaves the completion (and its release) as they were.
    func testPressDuringTheCompletionIsIgnored() throws {
        let (browser, session) = try zoomPop("web-drag-settling")
        let base = (Date().timeIntervalSince1970 * 1000).rounded() / 1000
        let events: [(String, Double, Double)] = [
            ("mousePressed", 2, 0), ("mouseMoved", 200, 0.065), ("mouseReleased", 200, 0.065),
            ("mousePressed", 2, 0.3), ("mouseMoved", 300, 0.4), ("mouseReleased", 300, 0.5)
        ]
        for (n, (type, x, t)) in events.enumerated() {
            try browser.mouse(type, x: x, y: 422, timestamp: base + t, in: session)
            if n == 2 {  // the first drag's completion held 20 ms after its release
                try browser.evaluate(
                    "new Promise(r => { const wait = () => samplesSeen < 3 ? requestAnimationFrame(wait) : r(animhost.drag.seek(animhost.drag.releasedAt + 0.02)); wait(); })",
                    in: session)
            }
        }
        let after =
            try browser.evaluate(
                "new Promise(r => { const wait = () => samplesSeen < 6 ? requestAnimationFrame(wait) : r([animhost.drag.state, animhost.drag.releasedAt]); wait(); })",
                in: session) as? [Any]
        XCTAssertEqual(after?.first as? String, "finishing")
        XCTAssertEqual((after?.last as? NSNumber)?.doubleValue ?? 0, 0.065, accuracy: 0.001, "the first drag's release")
    }

    /// zoom's pop page at @1x in the class's browser.
    private func zoomPop(_ name: String) throws -> (DevToolsBrowser, String) {
        let out = try temporaryFolder(name)
        let r = try CLI.run(["run", "zoom", "--operation", "pop", "--scale", "1", "--format", "web", "--out", out.path])
        XCTAssertEqual(r.code, 0, r.err)
        return try open(out.appendingPathComponent("web/index.html"), width: 390, height: 844)
    }

    // MARK: - Traces

    /// 120 Hz samples from `from` moving by `by` points over `seconds` at a constant speed, then resting
    /// `rest` seconds; the last sample lifts the finger (moving when `rest` is 0).
    private static func line(from: (Double, Double), by: (Double, Double), seconds: Double, rest: Double) -> [(t: Double, x: Double, y: Double)] {
        let moving = Int((seconds * 120).rounded()), resting = Int((rest * 120).rounded())
        return (0...(moving + resting)).map { i in
            let u = min(Double(i) / Double(moving), 1)
            return (Double(i) / 120, from.0 + by.0 * u, from.1 + by.1 * u)
        }
    }

    /// `samples` as a `--gesture` file: the first began, the last ended.
    private static func traceFile(_ samples: [(t: Double, x: Double, y: Double)]) -> Data {
        let rows = samples.enumerated().map { i, s in
            let state = i == 0 ? "began" : i == samples.count - 1 ? "ended" : "changed"
            return #"{"t": \#(s.t), "x": \#(s.x), "y": \#(s.y), "state": "\#(state)"}"#
        }
        return Data(#"{"samples": [\#(rows.joined(separator: ",\n"))]}"#.utf8)
    }

    // MARK: - Replaying

    /// Runs `plugin`'s pop (dismiss for a presentation) driven by `trace` and writes its page, replays
    /// the trace on the page and compares every frame, and the outcome, with the host's; with the
    /// browser preferring reduced motion and the host's run `--reduced-motion` when `reduce`.
    private func check(_ plugin: String, trace: [(t: Double, x: Double, y: Double)], finishes: Bool, reduce: Bool = false) throws {
        let path = plugin.contains("/") ? packageRoot.appendingPathComponent("Examples/\(plugin).lua").path : plugin
        let operation = plugin.contains("deck") ? "dismiss" : "pop"
        let out = try temporaryFolder("web-drag")
        let file = out.appendingPathComponent("trace.json")
        try WebDragTests.traceFile(trace).write(to: file)
        let host = out.appendingPathComponent("host"), web = out.appendingPathComponent("web")
        // The gesture run and the page, side by side.
        let runs = [
            ["run", path, "--operation", operation, "--gesture", file.path, "--fps", "15", "--scale", "1", "--format", "json,png", "--out", host.path]
                + (reduce ? ["--reduced-motion"] : []),
            ["run", path, "--operation", operation, "--scale", "1", "--format", "web", "--out", web.path]
        ]
        let results = Results(count: runs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { n in results.set(n, Result { try CLI.run(runs[n]) }) }
        let a = try results.get(0), b = try results.get(1)
        XCTAssertEqual(a.code, 0, a.err)
        XCTAssertTrue(a.out.contains(finishes ? "completed" : "cancelled"), "the host's outcome: \(a.out)")
        XCTAssertEqual(b.code, 0, b.err)
        XCTAssertFalse(b.err.contains("warning"), b.err)

        let timeline = host.appendingPathComponent("timeline.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: timeline)) as? [String: Any] ?? [:]
        let times = (root["frames"] as? [[String: Any]] ?? []).map { ($0["t"] as? NSNumber)?.doubleValue ?? 0 }
        let size = (root["size"] as? [NSNumber] ?? []).map { Int($0.doubleValue.rounded(.up)) }
        let (browser, session) = try open(web.appendingPathComponent("web/index.html"), width: size[0], height: size[1], reduce: reduce)
        if reduce { XCTAssertEqual(try browser.evaluate("animhost.reducedMotion", in: session) as? Bool, true) }
        let base = (Date().timeIntervalSince1970 * 1000).rounded() / 1000
        var sent = 0
        var worst = Double.infinity
        var pageRelease: Double?
        for i in times.indices {
            let t = Double(i) * (1.0 / 15)  // the host's frame time exactly (the timeline writes it rounded)
            while sent < trace.count, trace[sent].t <= t + 1e-12 {
                let s = trace[sent]
                let type = sent == 0 ? "mousePressed" : sent == trace.count - 1 ? "mouseReleased" : "mouseMoved"
                try browser.mouse(type, x: s.x, y: s.y, timestamp: base + s.t, in: session)
                sent += 1
            }
            // Once the page has had every sample sent (events reach it a frame or so later), after the
            // release its settling is held at the frame's instant; before it, the drag shows itself. The
            // page's times are Chromium's event times, to 0.1 ms: the instant is taken from the release
            // the page measured (within a millisecond of the trace's, checked below).
            let hold = sent == trace.count ? "animhost.drag.seek(\(t) + animhost.drag.releasedAt - \(trace[trace.count - 1].t));" : ""
            let state =
                try browser.evaluate(
                    """
                    new Promise(r => { const wait = () => samplesSeen < \(sent) ? requestAnimationFrame(wait)
                      : requestAnimationFrame(() => { \(hold) requestAnimationFrame(() => r(animhost.drag.state)); }); wait(); })
                    """, in: session) as? String ?? ""
            let file = out.appendingPathComponent(String(format: "chromium-%04d.png", i))
            try browser.screenshot(in: session).write(to: file)
            let shot = try Bitmap.read(file)
            let rendered = try Bitmap.read(host.appendingPathComponent(String(format: "frames/%04d.png", i)))
            let page = try OraclePage(OracleFrame(timeline: timeline, frame: i), image: { _ in URL(fileURLWithPath: "/") })
            let db = psnr(shot, rendered, skipping: page.mask(width: rendered.width, height: rendered.height, scale: 1))
            worst = min(worst, db)
            if db < WebDragTests.threshold {
                let kept = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-web-drag-\(plugin.split(separator: "/").last!)-\(i).png")
                try? FileManager.default.removeItem(at: kept)
                try? FileManager.default.copyItem(at: file, to: kept)
                XCTFail("\(plugin) frame \(i) (t = \(t), \(state)): \(String(format: "%.2f", db)) dB < \(WebDragTests.threshold); Chromium's in \(kept.path)")
            }
            if sent == trace.count && pageRelease == nil {
                pageRelease = try browser.evaluate("animhost.drag.releasedAt", in: session) as? Double
                XCTAssertEqual(pageRelease ?? 0, trace[trace.count - 1].t, accuracy: 0.001, "the page's time of the release")
            }
            if i == times.count - 1 {
                XCTAssertTrue(state.hasPrefix(finishes ? "finish" : "cancel"), "the page's drag ended \(state)")
            }
        }
        print(String(format: "web drag \(plugin)\(reduce ? " (reduced motion)" : "") \(finishes ? "finishing" : "cancelling"): %d frames, worst %.1f dB outside text", times.count, worst))
    }

    /// The results of command-line runs made side by side.
    private final class Results: @unchecked Sendable {  // `all` is behind `lock`
        private let lock = NSLock()
        private var all: [Result<CLI.Result, Error>?]
        init(count: Int) { all = Array(repeating: nil, count: count) }
        func set(_ n: Int, _ result: Result<CLI.Result, Error>) { lock.withLock { all[n] = result } }
        func get(_ n: Int) throws -> CLI.Result { try lock.withLock { all[n] }!.get() }
    }

    /// The class's browser at @1x showing `page`, in a `width` × `height` viewport, preferring reduced motion when `reduce`.
    private func open(_ page: URL, width: Int, height: Int, reduce: Bool = false) throws -> (DevToolsBrowser, String) {
        let browser: DevToolsBrowser, session: String
        if let open = WebDragTests.browser {
            (browser, session) = open
            try browser.navigate(page.absoluteString, in: session)
        } else {
            browser = try DevToolsBrowser(
                try requireChromium(), arguments: ["--force-device-scale-factor=1", "--force-color-profile=srgb", "--hide-scrollbars", "--disable-lcd-text"])
            session = try browser.open(page.absoluteString)
            WebDragTests.browser = (browser, session)
        }
        try browser.setViewport(width: width, height: height, scale: 0, in: session)
        try browser.emulateReducedMotion(reduce, in: session)
        try browser.evaluate("animhost.ready", in: session)
        // Counts the samples the page's listeners get (a move may carry several, coalesced), for the replay to wait on.
        try browser.evaluate(
            """
            window.samplesSeen = 0;
            for (const k of ["pointerdown", "pointermove", "pointerup"]) document.addEventListener(k, e =>
              { samplesSeen += k === "pointermove" && e.getCoalescedEvents ? Math.max(e.getCoalescedEvents().length, 1) : 1; }, true); true
            """, in: session)
        return (browser, session)
    }
}

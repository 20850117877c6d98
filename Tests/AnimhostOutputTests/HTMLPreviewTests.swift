import XCTest
import AnimhostCore
@testable import AnimhostOutput
import AnimhostTestSupport

final class HTMLPreviewTests: RenderedOutputTestCase {
    private func preview() throws -> URL {
        let url = dir.appendingPathComponent("preview.html")
        try run.write([HTMLPreviewEncoder(url: url)], scale: 2)
        return url
    }

    func testThePageIsSelfContainedWithEveryFrameAndItsNodes() throws {
        let html = try String(contentsOf: try preview(), encoding: .utf8)
        XCTAssertEqual(html.components(separatedBy: "data:image/jpeg;base64,").count - 1, 12)
        XCTAssertTrue(html.contains("\"plugin\":\"square\""))
        XCTAssertTrue(html.contains("[\"square\",\"a\",1,33,8,12,12,false,false]"), "frame 11's node row")
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "nothing from the network")
    }

    func testNodeNamesCannotCloseTheScript() throws {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 4, height: 4)
        let node = NodeSample(
            id: "</script><b>", scene: nil, isSnapshot: false, frame: p.frame, bbox: p.frame, opacity: 1,
            toContainer: .identity, z: 0, properties: p, depth: 1)
        let url = dir.appendingPathComponent("preview.html")
        let sink = RenderSink(encoders: [HTMLPreviewEncoder(url: url)], scale: 1)
        try sink.begin(run.info)
        try sink.write(FrameSample(index: 0, time: 0, nodes: [node]))
        try sink.finish(run.result)
        let html = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 2, "the frame data and the player only")
    }

    /// The page is bounded as the timeline is: a frame whose rows would pass the limit is refused, naming
    /// the limit, the frame and what to change. A 1,000-byte id of `<` is 6,000 bytes in the page
    /// (each escaped as `\u003c`), past a limit of 5,000.
    func testAPagePastItsLimitIsRefusedAtTheFrameThatPassesIt() throws {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 4, height: 4)
        let node = NodeSample(
            id: String(repeating: "<", count: 1000), scene: nil, isSnapshot: false, frame: p.frame, bbox: p.frame, opacity: 1,
            toContainer: .identity, z: 0, properties: p, depth: 1)
        let url = dir.appendingPathComponent("preview.html")
        let sink = RenderSink(encoders: [HTMLPreviewEncoder(url: url, limit: 5000)], scale: 1)
        XCTAssertThrowsError(
            try {
                try sink.begin(run.info)
                try sink.write(FrameSample(index: 0, time: 0, nodes: [node]))
                try sink.finish(run.result)
            }()
        ) { error in
            XCTAssertTrue("\(error)".contains("preview.html would pass its limit of 5,000 bytes at frame 0 (1 nodes): "), "\(error)")
        }
    }

    /// Names from a plugin and its scenes that close a script, open a comment inside one or a nested
    /// script, or break a line stay text: the player still plays (its status line is written by its
    /// script), no payload runs, and the node table shows the names as they are.
    func testHostileNamesStayTextInChromium() throws {
        let chromium = try requireChromium()
        let payload = "<img src=x onerror=\"document.body.dataset.pwned=1\">"
        let names = ["<!--<script>", "</script><script>document.body.dataset.pwned=1</script>", payload, "a\u{2028}b\u{2029}c & d"]
        var info = run.info
        info.plugin = "<!--<script>" + payload
        info.from = names[0]
        info.to = names[1]
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 4, height: 4)
        let nodes = names.map {
            NodeSample(
                id: $0, scene: $0, isSnapshot: false, frame: p.frame, bbox: p.frame, opacity: 1, toContainer: .identity, z: 0,
                properties: p, depth: 1)
        }
        let url = dir.appendingPathComponent("preview.html")
        let sink = RenderSink(encoders: [HTMLPreviewEncoder(url: url)], scale: 1)
        try sink.begin(info)
        try sink.write(FrameSample(index: 0, time: 0, nodes: nodes))
        try sink.write(FrameSample(index: 1, time: 0.1, nodes: nodes))
        try sink.finish(TransitionRun.Result(frameCount: 2, completed: true, cancelled: false, endTime: 0.1))

        let dom = try runProgram(chromium, headless + ["--dump-dom", url.absoluteString + "#frame=1"])
        XCTAssertTrue(dom.out.contains("frame 1 / 1"), "the player's script ran: \(dom.out.suffix(600))")
        XCTAssertFalse(dom.out.contains("data-pwned"), "a name ran as script")
        XCTAssertFalse(dom.err.contains("Uncaught"), dom.err)
        for name in names {
            let text = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            XCTAssertEqual(dom.out.components(separatedBy: "<td>\(text)</td>").count - 1, 2, "\(name) as its id and its scene")
        }
    }

    /// Opens the page in headless Chromium at two scrub positions.
    /// A frame of 130,000 nodes (a plugin's nodes fit in its memory limit by the hundred thousand) fills
    /// the player's node table: the rows are appended one by one, where passing them all as arguments of
    /// one call passes what a JavaScript engine takes (Chromium: about 120,000) and stops the player.
    func testAFrameOfMoreNodesThanACallTakesArgumentsPlays() throws {
        let chromium = try requireChromium()
        var p = NodeProperties()
        p.frame = Rect(x: -10, y: 0, width: 1, height: 1)  // listed, outside the frame: so many drawn would pass the drawing limit
        let nodes = (0..<130_000).map {
            NodeSample(
                id: "n\($0)", scene: nil, isSnapshot: false, frame: p.frame, bbox: p.frame, opacity: 1, toContainer: .identity, z: 0,
                properties: p, depth: 1)
        }
        let url = dir.appendingPathComponent("preview.html")
        let sink = RenderSink(encoders: [HTMLPreviewEncoder(url: url)], scale: 1)
        try sink.begin(run.info)
        try sink.write(FrameSample(index: 0, time: 0, nodes: nodes))
        try sink.finish(TransitionRun.Result(frameCount: 1, completed: true, cancelled: false, endTime: 0))

        let dom = try runProgram(chromium, headless + ["--dump-dom", url.absoluteString])
        XCTAssertFalse(dom.err.contains("Uncaught"), String(dom.err.prefix(600)))
        XCTAssertEqual(dom.out.components(separatedBy: "<tr>").count - 1, 130_001, "a row per node and the header's")
        XCTAssertTrue(dom.out.contains("<td>n129999</td>"))
    }

    func testChromiumShowsDifferentFramesAtTwoScrubPositionsWithoutConsoleErrors() throws {
        let chromium = try requireChromium()
        let page = try preview()
        let frames = [0, 11]
        let shots = frames.map { dir.appendingPathComponent("shot-\($0).png") }
        // A screenshot and the DOM at each position: four Chromium runs, side by side.
        let headless = self.headless
        let runs = try sideBySide(4) { i in
            let output = i % 2 == 0 ? "--screenshot=\(shots[i / 2].path)" : "--dump-dom"
            return try runProgram(chromium, headless + [output, page.absoluteString + "#frame=\(frames[i / 2])"])
        }
        for (n, frame) in frames.enumerated() {
            let (r, dom) = (runs[2 * n], runs[2 * n + 1])
            XCTAssertEqual(r.status, 0, r.err)
            XCTAssertFalse(r.err.contains("CONSOLE"), "the page logged: \(r.err)")
            XCTAssertTrue(dom.out.contains("frame \(frame) / 11"), "the status line shows the scrubbed frame")
            XCTAssertFalse(dom.err.contains("CONSOLE"), "the page logged: \(dom.err)")
        }
        XCTAssertNotEqual(try Data(contentsOf: shots[0]), try Data(contentsOf: shots[1]))
    }

    private let headless = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--window-size=900,700",
        "--virtual-time-budget=2000", "--enable-logging=stderr", "--v=0"
    ]
}

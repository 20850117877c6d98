import XCTest
import AnimhostLua
@testable import AnimhostPreview
import AnimhostTestSupport

/// The inspector's bars, in one headless Chromium for the class: a click at a node's centre selects it,
/// and each animation the plugin declared on it is a bar at the start and for the duration the plugin
/// wrote, named by its curve or spring and by the plugin line that declared it, a retarget marked.
final class PreviewInspectorTests: PreviewFixture {
    nonisolated(unsafe) private static var shared: DevToolsBrowser?

    override class func tearDown() {
        shared?.close()
        shared = nil
        super.tearDown()
    }

    /// The plugin the test reads its expectations from: each block's line, delay, duration and curve are written here.
    static let declaring = """
        local slide = { name = "slide", scenes = { from = "a", to = "b" } }
        function slide.duration(ctx) return 0.45 end
        function slide.animate(ctx)
          local box = node{ id = "box", frame = rect(0, 20, 20, 20), backgroundColor = color("#FF0000") }
          ctx.container:add(box)
          animate{ duration = 0.4, delay = 0.05, curve = "easeOut",
            function() box.frame = rect(60, 20, 20, 20) end }
          animate{ duration = 0.1, curve = "linear",
            function() box.alpha = 0.5 end,
            completion = function()
              animate{ duration = 0.3, spring = { damping = 0.5 },
                function() box.frame = rect(30, 20, 20, 20) end,
                completion = function() ctx:complete(true) end }
            end }
        end
        return slide
        """

    func testEachDeclaredAnimationIsABarAtItsPluginLine() throws {
        try write(Self.declaring, to: "slide.lua")
        try startServer()
        let browser = try Self.shared ?? DevToolsBrowser(try requireChromium(), arguments: ["--window-size=1280,800", "--hide-scrollbars"])
        Self.shared = browser
        let tab = try browser.open("http://127.0.0.1:\(client.port)/")
        try browser.setViewport(width: 1280, height: 800, scale: 1, in: tab)
        addTeardownBlock { _ = try? browser.evaluate("location.href = 'about:blank'; true", in: tab) }
        func value(_ expression: String) throws -> String { try browser.evaluate("String(\(expression))", in: tab) as? String ?? "" }
        XCTAssertTrue(waitUntil(timeout: 20, interval: 0.02) { (try? value("Boolean(timeline && window.animations && window.animations.length)")) == "true" }, "the page loads")

        // A click at the box's centre at frame 0 (10, 30 in the 100 × 80-pt scene) selects it.
        let at = try value(
            "(() => { const f = $('frame'), r = f.getBoundingClientRect(); return JSON.stringify([r.left + f.clientLeft + 10 / 100 * f.clientWidth, r.top + f.clientTop + 30 / 80 * f.clientHeight]); })()"
        )
        let point = try JSONSerialization.jsonObject(with: Data(at.utf8)) as! [Double]
        for type in ["mousePressed", "mouseReleased"] {
            try browser.command(
                "Input.dispatchMouseEvent", ["type": type, "x": point[0], "y": point[1], "button": "left", "buttons": type == "mousePressed" ? 1 : 0, "clickCount": 1],
                in: tab)
        }
        XCTAssertEqual(try value("$('node').value"), "/box")
        XCTAssertTrue(waitUntil(timeout: 5, interval: 0.02) { (try? value("document.querySelectorAll('.declared .bar').length")) == "3" }, "a bar per declared animation")

        let bars = try value(
            """
            JSON.stringify([...document.querySelectorAll('.declared')].map((row) => { const b = row.querySelector('.bar'); return {
              property: row.dataset.property, start: Number(b.dataset.start), duration: Number(b.dataset.duration), curve: b.dataset.curve,
              origin: b.dataset.origin, retargets: b.dataset.retargets, marks: [...row.querySelectorAll('.mark')].map((m) => `${m.dataset.mark}@${Number(m.dataset.t).toFixed(3)}`) }; }))
            """)
        let rows = try JSONSerialization.jsonObject(with: Data(bars.utf8)) as! [[String: Any]]
        XCTAssertEqual(rows.count, 3)
        guard rows.count == 3 else { return }
        // In the order the blocks closed: line 6's frame, line 8's alpha, then line 11's frame from line 8's completion at 0.1 s.
        let expected: [(property: String, start: Double, duration: Double, curve: String, line: Int, retargets: String, marks: [String])] = [
            ("frame", 0.05, 0.4, "easeOut", 6, "false", ["replaced@0.100", "unfinished@0.100"]),
            ("alpha", 0, 0.1, "linear", 8, "false", ["ran@0.100", "finished@0.100"]),
            ("frame", 0.1, 0.3, "spring(duration 0.3 s, damping ratio 0.5, velocity 0)", 11, "true", ["ran@0.400", "finished@0.400"])
        ]
        for (row, want) in zip(rows, expected) {
            XCTAssertEqual(row["property"] as? String, want.property)
            XCTAssertEqual(row["start"] as? Double ?? -1, want.start, accuracy: 1e-9, "\(want.property) at line \(want.line) starts")
            XCTAssertEqual(row["duration"] as? Double ?? -1, want.duration, accuracy: 1e-9, "\(want.property) at line \(want.line) lasts")
            XCTAssertEqual(row["curve"] as? String, want.curve)
            XCTAssertTrue((row["origin"] as? String ?? "").hasSuffix("slide.lua:\(want.line)"), "\(row["origin"] ?? "none") names line \(want.line)")
            XCTAssertEqual(row["retargets"] as? String, want.retargets, "line \(want.line) retargets")
            XCTAssertEqual(row["marks"] as? [String], want.marks, "line \(want.line)'s end and completion")
        }
        // The picture docs/authoring.md shows, when asked for.
        if let path = ProcessInfo.processInfo.environment["ANIMHOST_INSPECTOR_SCREENSHOT"] {
            _ = try browser.evaluate("$('tracks-panel').scrollIntoView(); true", in: tab)
            try browser.screenshot(in: tab).write(to: URL(fileURLWithPath: path))
        }
    }
}

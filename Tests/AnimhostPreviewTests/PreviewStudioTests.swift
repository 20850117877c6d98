import XCTest
import AnimhostLua
@testable import AnimhostPreview
import AnimhostTestSupport

/// The preview page as a studio, in one headless Chromium for the whole class, driven by input events
/// as a hand and a keyboard make them (through the DevTools protocol): recording a gesture on the frame,
/// zooming, stepping and playing slowly from the keyboard, the curves' axes.
final class PreviewStudioTests: PreviewFixture {
    nonisolated(unsafe) private static var shared: DevToolsBrowser?

    /// The class's browser, started by its first test.
    private func browser() throws -> DevToolsBrowser {
        if let browser = Self.shared { return browser }
        let browser = try DevToolsBrowser(try requireChromium(), arguments: ["--window-size=1280,800", "--hide-scrollbars"])
        Self.shared = browser
        return browser
    }

    override class func tearDown() {
        shared?.close()
        shared = nil
        super.tearDown()
    }

    /// Opens the page in a tab of 1280 × 800 CSS pixels, closed (its event stream with it) before the server stops.
    private func openPage() throws -> (DevToolsBrowser, String) {
        let browser = try browser()
        let tab = try browser.open("http://127.0.0.1:\(client.port)/")
        try browser.setViewport(width: 1280, height: 800, scale: 1, in: tab)
        addTeardownBlock { _ = try? browser.evaluate("location.href = 'about:blank'; true", in: tab) }
        return (browser, tab)
    }

    private func value(_ expression: String, in tab: String, of browser: DevToolsBrowser) throws -> String {
        try browser.evaluate("String(\(expression))", in: tab) as? String ?? ""
    }

    /// Waits until `expression` is true in the tab.
    private func waitFor(_ expression: String, in tab: String, of browser: DevToolsBrowser, _ message: String) {
        let met = waitUntil(timeout: 20, interval: 0.02) { (try? browser.evaluate("Boolean(\(expression))", in: tab)) as? Bool == true }
        XCTAssertTrue(met, message)
    }

    /// A drag with the mouse across the frame: pressed at `from` of the frame's width (mid-height), moved
    /// in `steps` to `to` 10 ms apart, released there. Each step's expected frame is checked as the finger moves.
    private func drag(from: Double, to: Double, steps: Int, in tab: String, of browser: DevToolsBrowser, frames: Int, duration: Double) throws {
        let box = try value(
            "(() => { const f = $('frame'), r = f.getBoundingClientRect(); return JSON.stringify({ left: r.left + f.clientLeft, width: f.clientWidth, y: r.top + r.height / 2 }); })()",
            in: tab, of: browser)
        let rect = try JSONSerialization.jsonObject(with: Data(box.utf8)) as! [String: Double]
        let left = rect["left"]!, width = rect["width"]!, y = rect["y"]!
        let start = Date().timeIntervalSince1970
        func mouse(_ type: String, _ fraction: Double, _ i: Int) throws {
            try browser.command(
                "Input.dispatchMouseEvent",
                [
                    "type": type, "x": left + fraction * width, "y": y, "button": "left", "buttons": type == "mouseReleased" ? 0 : 1,
                    "clickCount": 1, "timestamp": start + Double(i) * 0.01
                ], in: tab)
        }
        try mouse("mousePressed", from, 0)
        for i in 1...steps {
            let fraction = from + (to - from) * Double(i) / Double(steps)
            try mouse("mouseMoved", fraction, i)
            // The scene is 100 pt wide and the plugin declares no distance: progress is the travel over the width.
            let expected = min(Int(((fraction - from) * duration * 60).rounded()), frames - 1)
            waitFor("document.body.dataset.followed === '\(expected)'", in: tab, of: browser, "step \(i): the frame follows the finger to \(expected)")
        }
        try mouse("mouseReleased", to, steps + 1)
    }

    /// A drag on the frame scrubs the run live by the plugin's rule and, released past a third, finishes;
    /// the trace is saved to `--record`'s file and served as /gesture.json, in the format `--gesture`
    /// reads: `animhost run --gesture FILE` twice gives the same bytes, and the run completes as the
    /// page said. A short drag is cancelled, by the page's word and by the host's.
    func testARecordedGestureReplaysAsThePageShowedIt() throws {
        try write(Self.plugin(duration: "0.5"), to: "slide.lua")
        record = dir.appendingPathComponent("swipe.json")
        try startServer()
        let (browser, tab) = try openPage()
        waitFor("document.body.dataset.scrubbable === '1'", in: tab, of: browser, "the run's frames are kept for scrubbing")
        try drag(from: 0.3, to: 0.78, steps: 8, in: tab, of: browser, frames: 31, duration: 0.5)
        waitFor("document.body.dataset.recorded === '2'", in: tab, of: browser, "the recording ran as run 2")
        waitFor("document.body.dataset.version === '2'", in: tab, of: browser, "the page shows run 2")
        XCTAssertEqual(try value("document.body.dataset.predicted", in: tab, of: browser), "completed", "released at half the width: finishes")
        XCTAssertEqual(try value("document.body.dataset.outcome", in: tab, of: browser), "completed")
        XCTAssertEqual(try value("$('outcome').textContent", in: tab, of: browser), "gesture: completed")

        let saved = try Data(contentsOf: record!)
        XCTAssertEqual(try client.get("/gesture.json").body, saved, "/gesture.json serves the file --record names")
        let samples = (try JSONSerialization.jsonObject(with: saved) as! [String: Any])["samples"] as! [[String: Any]]
        XCTAssertEqual(samples.first?["state"] as? String, "began")
        XCTAssertEqual(samples.last?["state"] as? String, "ended")
        XCTAssertGreaterThanOrEqual(samples.count, 10, "the press, every move and the release")
        XCTAssertEqual(samples.last?["x"] as? Double ?? 0, 78, accuracy: 0.01, "released at 78 % of the 100-pt width")
        XCTAssertEqual(samples.last?["t"] as? Double ?? 0, 0.09, accuracy: 0.002, "the events' own times: 9 steps of 10 ms")

        let first = try replay(saved), second = try replay(saved)
        XCTAssertEqual(first, second, "the same trace replays byte-identically")
        let replayed = try JSONSerialization.jsonObject(with: first) as! [String: Any]
        XCTAssertEqual(replayed["cancelled"] as? Bool, false, "run --gesture completes, as the page said")

        try drag(from: 0.4, to: 0.5, steps: 3, in: tab, of: browser, frames: 31, duration: 0.5)
        waitFor("document.body.dataset.version === '3'", in: tab, of: browser, "the page shows run 3")
        XCTAssertEqual(try value("document.body.dataset.predicted", in: tab, of: browser), "cancelled", "a tenth of the width, slowly: cancels")
        XCTAssertEqual(try value("document.body.dataset.outcome", in: tab, of: browser), "cancelled")
        let short = try JSONSerialization.jsonObject(with: try replay(try Data(contentsOf: record!))) as! [String: Any]
        XCTAssertEqual(short["cancelled"] as? Bool, true, "run --gesture cancels, as the page said")
    }

    /// A finger's drag (touch events) records as the mouse's does: the frame follows it, and a release
    /// past a third of the width completes.
    func testATouchDragRecordsAGesture() throws {
        try write(Self.plugin(duration: "0.5"), to: "slide.lua")
        try startServer()
        let (browser, tab) = try openPage()
        try browser.command("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 1], in: tab)
        waitFor("document.body.dataset.scrubbable === '1'", in: tab, of: browser, "the run's frames are kept for scrubbing")
        let box = try value(
            "(() => { const f = $('frame'), r = f.getBoundingClientRect(); return JSON.stringify([r.left + f.clientLeft, f.clientWidth, r.top + r.height / 2]); })()",
            in: tab, of: browser)
        let rect = try JSONSerialization.jsonObject(with: Data(box.utf8)) as! [Double]
        func touch(_ type: String, _ fraction: Double) throws {
            let points: [[String: Any]] = type == "touchEnd" ? [] : [["x": rect[0] + fraction * rect[1], "y": rect[2], "id": 1]]
            try browser.command("Input.dispatchTouchEvent", ["type": type, "touchPoints": points], in: tab)
        }
        try touch("touchStart", 0.2)
        for i in 1...5 { try touch("touchMove", 0.2 + 0.1 * Double(i)) }
        // 50 pt of a 100-pt width: progress 0.5, frame 0.5 × 0.5 s × 60 = 15.
        waitFor("document.body.dataset.followed === '15'", in: tab, of: browser, "the frame follows the finger")
        try touch("touchEnd", 0.7)
        waitFor("document.body.dataset.version === '2'", in: tab, of: browser, "the page shows the recorded run")
        XCTAssertEqual(try value("document.body.dataset.outcome", in: tab, of: browser), "completed")
        XCTAssertEqual(try value("document.body.dataset.predicted", in: tab, of: browser), "completed")
    }

    /// `animhost run` of the fixture's plugin with `trace` as its `--gesture`: the timeline's bytes.
    private func replay(_ trace: Data) throws -> Data {
        let folder = try temporaryFolder("replay")
        let file = folder.appendingPathComponent("trace.json")
        try trace.write(to: file)
        let animhost = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("animhost")
        let out = folder.appendingPathComponent("out")
        let result = try runProgram(
            animhost, ["run", pluginURL.path, "--gesture", file.path, "--format", "json", "--out", out.path], in: dir, timeout: 60)
        XCTAssertEqual(result.status, 0, result.err)
        return try Data(contentsOf: out.appendingPathComponent("timeline.json"))
    }

    /// A key pressed on the page, as the keyboard sends it.
    private func key(_ key: String, code: String, shift: Bool = false, in tab: String, of browser: DevToolsBrowser) throws {
        var down: [String: Any] = ["type": key.count == 1 ? "keyDown" : "rawKeyDown", "key": key, "code": code, "modifiers": shift ? 8 : 0]
        if key.count == 1 { down["text"] = key }
        try browser.command("Input.dispatchKeyEvent", down, in: tab)
        try browser.command("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "code": code, "modifiers": shift ? 8 : 0], in: tab)
    }

    /// The keyboard steps frames (an arrow one, with shift ten), goes to either end, plays and pauses,
    /// slows the playback to 0.1× and zooms the frame, where 200 % shows the 100-pt scene 200 CSS pixels wide.
    func testTheKeyboardStepsPlaysSlowlyAndZooms() throws {
        try write(Self.plugin(duration: "0.5"), to: "slide.lua")
        try startServer()
        let (browser, tab) = try openPage()
        func frame() throws -> String { try value("frame", in: tab, of: browser) }
        try key("End", code: "End", in: tab, of: browser)
        XCTAssertEqual(try frame(), "30", "End: the last of 31 frames")
        try key("ArrowLeft", code: "ArrowLeft", in: tab, of: browser)
        XCTAssertEqual(try frame(), "29")
        try key("Home", code: "Home", in: tab, of: browser)
        XCTAssertEqual(try frame(), "0")
        try key("ArrowRight", code: "ArrowRight", shift: true, in: tab, of: browser)
        XCTAssertEqual(try frame(), "10", "shift-arrow: ten frames")
        XCTAssertEqual(try value("$('position').textContent", in: tab, of: browser), "frame 10 / 30 · t = 0.167 s")
        _ = try browser.evaluate("$('forward').focus(); $('forward').click(); true", in: tab)
        try key("ArrowRight", code: "ArrowRight", in: tab, of: browser)
        XCTAssertEqual(try frame(), "12", "the › button steps one, and the arrow keys still step with the button focused")
        try key("ArrowLeft", code: "ArrowLeft", shift: true, in: tab, of: browser)
        try key("ArrowRight", code: "ArrowRight", shift: true, in: tab, of: browser)
        XCTAssertEqual(try frame(), "12")
        _ = try browser.evaluate("document.activeElement.blur(); step(10); true", in: tab)

        try key("[", code: "BracketLeft", in: tab, of: browser)
        try key("[", code: "BracketLeft", in: tab, of: browser)
        try key("[", code: "BracketLeft", in: tab, of: browser)
        XCTAssertEqual(try value("$('speed').value", in: tab, of: browser), "0.1", "three steps down from 1×")
        try key(" ", code: "Space", in: tab, of: browser)
        XCTAssertEqual(try value("document.body.dataset.playing", in: tab, of: browser), "true")
        Thread.sleep(forTimeInterval: 1)
        try key(" ", code: "Space", in: tab, of: browser)
        XCTAssertEqual(try value("document.body.dataset.playing", in: tab, of: browser), "false")
        let played = Int(try frame())! - 10
        XCTAssertLessThanOrEqual(played, 7, "at 0.1× a 60-fps run shows at most 6 frames a second")
        XCTAssertGreaterThanOrEqual(played, 1, "it played")

        let natural = try value("$('frame').getBoundingClientRect().height", in: tab, of: browser)
        XCTAssertEqual(Double(natural), 522, "fit: 520 CSS pixels and the border")
        try key("+", code: "Equal", shift: true, in: tab, of: browser)
        XCTAssertEqual(try value("$('zoom').value", in: tab, of: browser), "2")
        XCTAssertEqual(try value("$('frame').getBoundingClientRect().width", in: tab, of: browser), "202", "200 % of 100 pt, and the border")
        try key("-", code: "Minus", in: tab, of: browser)
        try key("-", code: "Minus", in: tab, of: browser)
        XCTAssertEqual(try value("$('frame').getBoundingClientRect().width", in: tab, of: browser), "52", "50 %")
    }

    /// Each curve has a value scale in the property's unit, a velocity scale and a time axis in seconds:
    /// the box goes from 0 to 60 pt in 0.1 s, so x's ticks are 0 to 60 by 20 and the time's 0 to 0.1 by 0.02.
    func testCurvesHaveAxesUnitsAndScales() throws {
        try startServer()
        let (browser, tab) = try openPage()
        let x = "document.querySelector('canvas[data-property=x]').dataset"
        XCTAssertEqual(try value("\(x).unit", in: tab, of: browser), "pt")
        XCTAssertEqual(try value("\(x).valueTicks", in: tab, of: browser), "0 20 40 60")
        XCTAssertEqual(try value("\(x).timeTicks", in: tab, of: browser), "0 0.02 0.04 0.06 0.08 0.1")
        XCTAssertEqual(try value("document.querySelector('canvas[data-property=rotation]').dataset.unit", in: tab, of: browser), "°")
        XCTAssertFalse(try value("\(x).speedTicks", in: tab, of: browser).isEmpty, "a velocity scale")

        // The tracks: x moves from 0 to 0.1 s (one bar of 100 ms), y never; the completion is marked at 0.1 s.
        let bars = "document.querySelectorAll('[data-track=x] .bar')"
        XCTAssertEqual(try value("\(bars).length", in: tab, of: browser), "1")
        XCTAssertEqual(try value("\(bars)[0].dataset.start + '–' + \(bars)[0].dataset.end + ' ' + \(bars)[0].textContent", in: tab, of: browser), "0–0.1 100 ms")
        XCTAssertEqual(try value("document.querySelectorAll('[data-track=y] .bar').length", in: tab, of: browser), "0")
        XCTAssertEqual(try value("document.querySelector('[data-track=calls] .mark').dataset.call", in: tab, of: browser), "complete(true)")
        XCTAssertEqual(try value("document.querySelector('[data-track=calls] .mark').dataset.t", in: tab, of: browser), "0.1")
    }

    /// The plugin's print() lines and the traceback of its error are shown; a failed run leaves the badge
    /// red and labels the frames as the last good run's, not the latest; a page loaded then still has
    /// its fps and params fields; a setting the server refuses is said apart, the badge staying green.
    func testPrintsTracebacksStaleFramesAndRefusedSettings() throws {
        try write(Self.plugin().replacingOccurrences(of: "function slide.animate(ctx)\n", with: "function slide.animate(ctx)\n  print('sliding by', distance)\n"), to: "slide.lua")
        try startServer()
        let (browser, tab) = try openPage()
        XCTAssertEqual(try value("$('output').textContent", in: tab, of: browser), "[slide] sliding by\t60")
        XCTAssertEqual(try value("$('caption').textContent", in: tab, of: browser), "run 1: latest")

        _ = try browser.evaluate("$('fps').value = '0'; apply().then(() => true)", in: tab)
        XCTAssertTrue(try value("$('notice').textContent", in: tab, of: browser).hasPrefix("setting refused: fps must be a whole number"))
        XCTAssertEqual(try value("$('badge').className", in: tab, of: browser), "", "the run still succeeded: the badge stays green")
        XCTAssertEqual(try value("document.body.dataset.status", in: tab, of: browser), "ok")

        let events = try client.subscribe()
        defer { events.close() }
        _ = try events.next()
        let failing = Self.plugin().replacingOccurrences(
            of: "function slide.animate(ctx)\n", with: "local function deep() error('boom') end\nfunction slide.animate(ctx)\n  print('before the error')\n  deep()\n")
        try write(failing, to: "slide.lua")
        XCTAssertEqual(try events.next()["ok"] as? Bool, false)
        waitFor("document.body.dataset.status === 'failed'", in: tab, of: browser, "the page hears of the failure")
        XCTAssertEqual(try value("$('badge').className", in: tab, of: browser), "failed")
        XCTAssertEqual(try value("$('output').textContent", in: tab, of: browser), "[slide] before the error")
        let traceback = try value("$('traceback').textContent", in: tab, of: browser)
        XCTAssertTrue(traceback.hasPrefix("stack traceback:") && traceback.contains("in upvalue 'deep'"), traceback)
        XCTAssertEqual(try value("$('caption').textContent", in: tab, of: browser), "run 1: the last good run (run 2 failed)")
        XCTAssertEqual(try value("document.body.dataset.stale", in: tab, of: browser), "true")

        let (_, reloaded) = try openPage()  // a reload, while the latest run fails
        XCTAssertEqual(try value("$('fps').value", in: reloaded, of: browser), "60", "reloaded while the latest run fails")
        XCTAssertEqual(try value("document.querySelectorAll('[data-param]').length", in: reloaded, of: browser), "1", "the extra param's field")
        XCTAssertEqual(try value("$('operation').value", in: reloaded, of: browser), "push")
        XCTAssertEqual(try value("$('caption').textContent", in: reloaded, of: browser), "run 1: the last good run (run 2 failed)")
        XCTAssertTrue(try value("$('traceback').textContent", in: reloaded, of: browser).hasPrefix("stack traceback:"))
    }

    /// A param set from the page and then renamed in the plugin is left out of the runs (they succeed,
    /// saying so) instead of failing each one; posting it empty clears it. One given on the command line
    /// that the plugin does not declare still fails the run.
    func testAParamRenamedAfterThePageSetItDoesNotFailTheRuns() throws {
        try startServer()
        let events = try client.subscribe()
        defer { events.close() }
        _ = try events.next()
        XCTAssertEqual(try client.post(#"{"param.extra": 5}"#).status, 200)
        XCTAssertEqual(lastBoxX(try timeline()), 65)
        _ = try events.next()
        try write(Self.plugin().replacingOccurrences(of: "extra", with: "offset"), to: "slide.lua")
        let renamed = try events.next()
        XCTAssertEqual(renamed["ok"] as? Bool, true, "\(renamed)")
        XCTAssertEqual(
            renamed["output"] as? [String], ["[preview] param 'extra' set from the page is not declared by the plugin: left out (post it empty to clear it)"])
        XCTAssertEqual(lastBoxX(try timeline()), 60)
        let cleared = try JSONSerialization.jsonObject(with: try client.post(#"{"param.extra": ""}"#).body) as! [String: Any]
        XCTAssertEqual(cleared["ok"] as? Bool, true)
        XCTAssertNil(cleared["output"], "cleared: nothing left out")
        try write(Self.plugin(), to: "slide.lua")
        XCTAssertEqual(try events.next(where: { $0["ok"] as? Bool == true })["output"] as? [String], nil)
        XCTAssertEqual(lastBoxX(try timeline()), 60, "extra is back to its default: the page's 5 was cleared")

        var settings = PreviewSettings(plugin: pluginURL.path)
        settings.params["nonesuch"] = "5"  // as --param nonesuch=5 sets it
        let runner = PreviewRunner(folder: dir.appendingPathComponent("cli"), catalog: PluginCatalog(environment: [:]), limits: SandboxLimits())
        XCTAssertEqual(runner.run(settings)?.ok, false, "a --param the plugin does not declare is the run's error")
    }

    /// A click on the frame selects the node under it for the curves, hit-tested through its transform:
    /// a bar turned 45° is chosen on its axis and not in the corners of its box, where the screen is.
    /// "Copy as command line" gives the `animhost run` of the current settings, params set included.
    func testAClickSelectsTheNodeUnderItAndTheCommandLineIsCopied() throws {
        let bar = """
              local bar = node{ id = "bar", frame = rect(20, 57, 60, 6), backgroundColor = color("#00FF00") }
              bar.transform = transform.rotate(math.pi / 4)
              ctx.container:add(bar)
            """
        try write(Self.plugin().replacingOccurrences(of: "  ctx.container:add(box)\n", with: "  ctx.container:add(box)\n" + bar + "\n"), to: "slide.lua")
        try startServer()
        let (browser, tab) = try openPage()
        func click(_ x: Double, _ y: Double) throws -> String {
            // Points to CSS pixels: the 100 × 80-pt scene fills the frame's content box.
            let at = try value(
                "(() => { const f = $('frame'), r = f.getBoundingClientRect(); return JSON.stringify([r.left + f.clientLeft + \(x) / 100 * f.clientWidth, r.top + f.clientTop + \(y) / 80 * f.clientHeight]); })()",
                in: tab, of: browser)
            let point = try JSONSerialization.jsonObject(with: Data(at.utf8)) as! [Double]
            for type in ["mousePressed", "mouseReleased"] {
                try browser.command(
                    "Input.dispatchMouseEvent", ["type": type, "x": point[0], "y": point[1], "button": "left", "buttons": type == "mousePressed" ? 1 : 0, "clickCount": 1],
                    in: tab)
            }
            return try value("$('node').value", in: tab, of: browser)
        }
        XCTAssertEqual(try click(65, 75), "/bar", "15 pt down and right of the bar's centre: on its turned axis")
        XCTAssertEqual(try click(65, 45), "a/a", "in the bar's box but off the bar: the screen beneath")
        XCTAssertEqual(try click(10, 30), "/box", "the box, at frame 0")
        XCTAssertEqual(try value("document.body.dataset.version", in: tab, of: browser), "1", "a click records no gesture")

        XCTAssertEqual(try client.post(#"{"param.extra": 5, "operation": "pop"}"#).status, 200)
        let command = try browser.evaluate("copyCommand().then(() => $('command').value)", in: tab) as? String
        XCTAssertEqual(command, "animhost run \(pluginURL.path) --operation pop --fps 60 --param extra=5")
    }

    /// A trace posted to /gesture that `--gesture` would refuse is a 400 naming its sample, and nothing is
    /// written or run; one sample alone is a tap, saved with its release added as `--gesture` reads it.
    func testABadRecordedGestureIsRefusedAndNothingIsWritten() throws {
        record = dir.appendingPathComponent("tap.json")
        try startServer()
        func post(_ body: String) throws -> LoopbackClient.Reply {
            try client.request(
                "POST", "/gesture", body: Data(body.utf8), type: "application/json", origin: "http://127.0.0.1:\(client.port)",
                headers: ["X-Animhost-Token": try client.pageToken()])
        }
        let backwards = try post(#"{"samples": [{"t": 0.2, "x": 1, "y": 1}, {"t": 0.1, "x": 2, "y": 2}]}"#)
        XCTAssertEqual(backwards.status, 400)
        XCTAssertEqual(
            backwards.text, "the recorded gesture: samples[1]: t = 0.1 comes before the previous sample's 0.2: samples must be in time order\n")
        XCTAssertEqual(try post("[1, 2]").status, 400)
        XCTAssertFalse(FileManager.default.fileExists(atPath: record!.path), "nothing written")
        XCTAssertEqual(try client.get("/gesture.json").status, 404)
        XCTAssertEqual(session.status.version, 1, "nothing ran")

        let tap = try post(#"{"samples": [{"t": 0, "x": 5.25, "y": 7}]}"#)
        XCTAssertEqual(tap.status, 200)
        XCTAssertEqual(
            try String(contentsOf: record!, encoding: .utf8),
            "{ \"samples\": [\n  {\"t\": 0, \"x\": 5.25, \"y\": 7, \"state\": \"began\"},\n  {\"t\": 0, \"x\": 5.25, \"y\": 7, \"state\": \"ended\"}\n] }\n")
        XCTAssertEqual(session.status.version, 2, "the tap ran")
    }

    /// The copied command line runs the scenes the preview runs: its --from and --to, not the plugin's own.
    func testTheCopiedCommandLineKeepsTheScenes() throws {
        let (from, to) = (dir.appendingPathComponent("b.json").path, dir.appendingPathComponent("a.json").path)
        try startServer {
            $0.from = from; $0.to = to
        }
        let (browser, tab) = try openPage()
        waitFor("document.body.dataset.version === '1'", in: tab, of: browser, "the first run is shown")
        let command = try browser.evaluate("copyCommand().then(() => $('command').value)", in: tab) as? String
        XCTAssertEqual(command, "animhost run \(pluginURL.path) --from \(from) --to \(to) --operation push --fps 60")
    }
}

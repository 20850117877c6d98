import XCTest
import AnimhostLua
@testable import AnimhostPreview

/// Drives the preview server as the page or a tool would, over loopback.
final class PreviewServerTests: PreviewFixture {
    func testEveryEndpointAnswers() throws {
        try startServer()
        let page = try client.get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertTrue(page.text.contains("<script src=\"/preview.js\">"))
        XCTAssertTrue(try client.get("/preview.js").text.contains("EventSource(\"/events\")"))

        let timeline = try timeline()
        XCTAssertEqual(timeline["plugin"] as? String, "slide")
        // 0.1 s at 60 fps: frames at t = 0, 1/60, …, 6/60.
        XCTAssertEqual((timeline["frames"] as! [Any]).count, 7)
        XCTAssertEqual(lastBoxX(timeline), 60, "the module's distance")

        let png = try client.get("/frames/6.png")
        XCTAssertEqual(png.status, 200)
        XCTAssertEqual(png.headers["content-type"], "image/png")
        XCTAssertEqual(Array(png.body.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "the PNG signature")
        XCTAssertEqual(try client.get("/frames/7.png").status, 404, "past the last frame")
        XCTAssertEqual(try client.get("/frames/x.png").status, 404)

        let state = try JSONSerialization.jsonObject(with: client.get("/state.json").body) as! [String: Any]
        XCTAssertEqual(state["plugin"] as? String, pluginURL.path)
        XCTAssertEqual((state["params"] as! [[String: Any]]).map { $0["name"] as? String }, ["extra"])

        let events = try client.subscribe()
        defer { events.close() }
        let first = try events.next()
        XCTAssertEqual(first["version"] as? Int, 1)
        XCTAssertEqual(first["ok"] as? Bool, true)
        XCTAssertNil(first["error"])
    }

    func testSavesRerunBreakingShowsTheLineAndFixingRecovers() throws {
        try startServer()
        let events = try client.subscribe()
        defer { events.close() }
        XCTAssertEqual(try events.next()["version"] as? Int, 1)
        let before = try client.get("/frames/6.png").body

        try write("return 30\n", to: "dist.lua")  // a required module
        let second = try events.next()
        XCTAssertEqual(second["version"] as? Int, 2)
        XCTAssertEqual(second["ok"] as? Bool, true)
        XCTAssertEqual(lastBoxX(try timeline()), 30)
        XCTAssertNotEqual(try client.get("/frames/6.png").body, before, "the last frame shows the box elsewhere")

        try write(Self.plugin(duration: "0.1 +"), to: "slide.lua")  // a syntax error on line 4
        let broken = try events.next()
        XCTAssertEqual(broken["version"] as? Int, 3)
        XCTAssertEqual(broken["ok"] as? Bool, false)
        let error = try XCTUnwrap(broken["error"] as? String)
        XCTAssertTrue(error.contains("slide.lua:4:"), error)
        XCTAssertEqual(lastBoxX(try timeline()), 30, "the last good timeline stays")
        XCTAssertEqual(try client.get("/frames/6.png").status, 200, "and its frames")

        try write(Self.plugin(duration: "0.2"), to: "slide.lua")
        let fixed = try events.next()
        XCTAssertEqual(fixed["version"] as? Int, 4)
        XCTAssertEqual(fixed["ok"] as? Bool, true)
        XCTAssertEqual((try timeline()["frames"] as! [Any]).count, 13, "0.2 s at 60 fps")

        try write(Self.scene("b", "#00FF00"), to: "b.json")  // a scene file
        XCTAssertEqual(try events.next()["version"] as? Int, 5)
    }

    /// The chrome scene the plugin declares is one of the files a save of re-runs it.
    func testSavingTheChromeSceneReruns() throws {
        func bars(y: Int) -> String {
            #"{ "name": "bars", "size": [100, 80], "overlay": true, "nodes": [ { "id": "bar", "frame": [0, \#(y), 100, 10] } ] }"#
        }
        func barY() throws -> Double? {
            let nodes = (try timeline()["frames"] as! [[String: Any]]).last!["nodes"] as! [[String: Any]]
            return (nodes.first { $0["id"] as? String == "bar" }?["frame"] as? [Double])?[1]
        }
        try write(bars(y: 70), to: "bars.json")
        try write(Self.plugin().replacingOccurrences(of: #"to = "b" }"#, with: #"to = "b", chrome = "bars" }"#), to: "slide.lua")
        try startServer()
        let events = try client.subscribe()
        defer { events.close() }
        XCTAssertEqual(try events.next()["version"] as? Int, 1)
        XCTAssertEqual(try barY(), 70, "the bar where bars.json puts it")

        try write(bars(y: 0), to: "bars.json")
        let second = try events.next()
        XCTAssertEqual(second["version"] as? Int, 2)
        XCTAssertEqual(second["ok"] as? Bool, true)
        XCTAssertEqual(try barY(), 0, "the bar where the saved bars.json puts it")
    }

    func testQueryAndPostedSettingsRerun() throws {
        try startServer()
        XCTAssertEqual(try client.get("/?param.extra=15&fps=30").status, 200)
        var timeline = try timeline()
        XCTAssertEqual(lastBoxX(timeline), 75, "60 from the module + 15")
        XCTAssertEqual(timeline["fps"] as? Int, 30)

        let json = try client.request(
            "POST", "/params", body: Data(#"{"param.extra": -10, "operation": "present", "debug": true}"#.utf8),
            type: "application/json")
        XCTAssertEqual(json.status, 200)
        let status = try JSONSerialization.jsonObject(with: json.body) as! [String: Any]
        XCTAssertEqual(status["ok"] as? Bool, true)
        timeline = try self.timeline()
        XCTAssertEqual(lastBoxX(timeline), 50)
        XCTAssertEqual(timeline["operation"] as? String, "present")

        let form = try client.request("POST", "/params", body: Data("param.extra=0&operation=push".utf8), type: "application/x-www-form-urlencoded")
        XCTAssertEqual(form.status, 200)
        XCTAssertEqual(lastBoxX(try self.timeline()), 60)
        XCTAssertEqual(try client.get("/?reducedMotion=true").status, 200)
        XCTAssertEqual(lastBoxX(try self.timeline()), 0, "the plugin reads ctx.reducedMotion")
        XCTAssertEqual(try client.get("/?reducedMotion=false").status, 200)

        XCTAssertEqual(try client.request("POST", "/params", body: Data(#"{"fps": 0}"#.utf8), type: "application/json").status, 400)
        XCTAssertEqual(try client.get("/?operation=sideways").status, 400)
        let unknown = try client.request("POST", "/params", body: Data("param.speed=2".utf8))
        let failed = try JSONSerialization.jsonObject(with: unknown.body) as! [String: Any]
        XCTAssertEqual(failed["ok"] as? Bool, false)
        XCTAssertTrue((failed["error"] as? String)?.contains("unknown param 'speed'") == true, "\(failed)")
    }

    /// Another site's name pointed at loopback, or another site's page posting settings, is refused.
    func testRequestsFromOtherSitesAreRefused() throws {
        try startServer()
        XCTAssertEqual(try client.request("GET", "/timeline.json", host: "evil.example:\(client.port)").status, 403)
        XCTAssertEqual(try client.request("POST", "/params", body: Data("param.extra=5".utf8), origin: "http://evil.example").status, 403)
        XCTAssertEqual(try client.request("POST", "/params", body: Data("param.extra=5".utf8), origin: "http://127.0.0.1:\(client.port)").status, 200)
        XCTAssertEqual(try client.request("GET", "/state.json", host: "localhost:\(client.port)").status, 200)
        XCTAssertEqual(try client.request("GET", "/state.json", host: "[::1]:\(client.port)").status, 200)
        XCTAssertEqual(lastBoxX(try timeline()), 65, "only the page's own post ran")
    }
}

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

    func testPostedSettingsRerun() throws {
        try startServer()
        let json = try client.post(#"{"param.extra": -10, "operation": "present", "debug": true, "fps": 30}"#)
        XCTAssertEqual(json.status, 200)
        let status = try JSONSerialization.jsonObject(with: json.body) as! [String: Any]
        XCTAssertEqual(status["ok"] as? Bool, true)
        var timeline = try timeline()
        XCTAssertEqual(lastBoxX(timeline), 50, "60 from the module - 10")
        XCTAssertEqual(timeline["operation"] as? String, "present")
        XCTAssertEqual(timeline["fps"] as? Int, 30)

        let form = try client.post("param.extra=0&operation=push", type: "application/x-www-form-urlencoded")
        XCTAssertEqual(form.status, 200)
        XCTAssertEqual(lastBoxX(try self.timeline()), 60)
        XCTAssertEqual(try client.post(#"{"reducedMotion": true}"#).status, 200)
        timeline = try self.timeline()
        XCTAssertEqual(lastBoxX(timeline), 0, "the plugin reads ctx.reducedMotion")

        XCTAssertEqual(try client.post(#"{"fps": 0}"#).status, 400)
        XCTAssertEqual(try client.post(#"{"operation": "sideways"}"#).status, 400)
        let unknown = try client.post("param.speed=2", type: "application/x-www-form-urlencoded")
        let failed = try JSONSerialization.jsonObject(with: unknown.body) as! [String: Any]
        XCTAssertEqual(failed["ok"] as? Bool, false)
        XCTAssertTrue((failed["error"] as? String)?.contains("unknown param 'speed'") == true, "\(failed)")
    }

    /// A plugin printing past both limits (200 lines kept, 1 MiB of print in all) is told how many lines
    /// were left out: every one printed but those shown.
    func testTheConsoleCountsEveryLineLeftOut() throws {
        let loop = "function slide.animate(ctx)\n  for i = 1, 100000 do print(i) end\n"
        try write(Self.plugin().replacingOccurrences(of: "function slide.animate(ctx)\n", with: loop), to: "slide.lua")
        try startServer()
        let output = try XCTUnwrap(session.status.output)
        XCTAssertEqual(output.count, 201)
        XCTAssertEqual(output.last, "… 99800 more lines left out")
    }

    /// A body past what an endpoint takes is a 413 that says the limit (the page shows the text), and runs nothing.
    func testAnOversizedBodyIsRefusedWithItsLimit() throws {
        try startServer()
        let huge = try client.post(#"{"param.extra": ""# + String(repeating: "9", count: 70_000) + #""}"#)
        XCTAssertEqual(huge.status, 413)
        XCTAssertEqual(huge.text, "the settings are more than the 64 KB a change may send\n")
        XCTAssertEqual(session.status.version, 1, "nothing ran")
    }

    /// Settings change only by a POST from the preview's exact origin carrying the page's token; a GET
    /// never changes them; another site can neither send nor read. Every refused request changes
    /// nothing: no run, the same settings.
    func testOnlyThePagesOwnPostsChangeSettings() throws {
        try startServer()
        let port = client.port, own = "http://127.0.0.1:\(port)", token = try client.pageToken()
        XCTAssertEqual(token.count, 64, "256 bits, as hex")
        XCTAssertTrue(token.allSatisfy(\.isHexDigit))
        let before = try client.get("/state.json").text
        func post(host: String = "127.0.0.1:\(port)", origin: String?, token: String?, headers: [String: String] = [:]) throws -> Int {
            var headers = headers
            if let token { headers["X-Animhost-Token"] = token }
            return try client.request(
                "POST", "/params", body: Data("param.extra=5".utf8), type: "application/x-www-form-urlencoded", host: host, origin: origin,
                headers: headers
            ).status
        }
        XCTAssertEqual(try post(origin: "http://evil.example", token: token), 403, "another site")
        XCTAssertEqual(try post(origin: "http://127.0.0.1:\(port + 1)", token: token), 403, "the same host on another port")
        XCTAssertEqual(try post(origin: "http://127.0.0.1", token: token), 403, "the same host without the port")
        XCTAssertEqual(try post(origin: "https://127.0.0.1:\(port)", token: token), 403, "another scheme")
        XCTAssertEqual(try post(origin: "http://localhost:\(port)", token: token), 403, "another name than the Host's")
        XCTAssertEqual(try post(origin: "null", token: token), 403, "a sandboxed page or a file")
        XCTAssertEqual(try post(origin: nil, token: token), 403, "no Origin")
        XCTAssertEqual(try post(origin: own, token: nil), 403, "no token")
        XCTAssertEqual(try post(origin: own, token: String(token.reversed())), 403, "another token")
        XCTAssertEqual(try post(origin: own, token: token + "0"), 403, "a longer token")
        XCTAssertEqual(try post(host: "evil.example:\(port)", origin: "http://evil.example:\(port)", token: token), 403, "DNS rebinding")
        XCTAssertEqual(try post(host: "127.0.0.1:\(port + 1)", origin: "http://127.0.0.1:\(port + 1)", token: token), 403, "a Host on another port")
        XCTAssertEqual(try post(origin: own, token: token, headers: ["Sec-Fetch-Site": "cross-site"]), 403, "a cross-site fetch")
        XCTAssertEqual(try client.get("/?param.extra=5").status, 400, "a GET with settings")
        XCTAssertEqual(try client.get("/?fps=30").status, 400)
        let get = try client.get("/params?param.extra=5")
        XCTAssertEqual(get.status, 405)
        XCTAssertEqual(get.headers["allow"], "POST")
        XCTAssertEqual(try client.request("GET", "/", host: "127.0.0.1:\(port)", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image"]).status, 403)
        XCTAssertEqual(try client.request("GET", "/frames/0.png", host: "127.0.0.1:\(port)", headers: ["Sec-Fetch-Site": "same-site"]).status, 403)
        XCTAssertEqual(try client.request("GET", "/timeline.json", host: "127.0.0.1:\(port)", origin: "http://127.0.0.1:\(port + 1)").status, 403)
        XCTAssertEqual(try client.get("/state.json").text, before, "nothing refused changed the settings or ran")
        XCTAssertEqual(lastBoxX(try timeline()), 60)

        XCTAssertEqual(try post(origin: own, token: token), 200, "the page's own post")
        XCTAssertEqual(lastBoxX(try timeline()), 65)
    }

    /// Another site's name pointed at loopback is refused; loopback's own names with the server's port
    /// are not. No answer lets another site read it.
    func testRequestsAddressedToOtherHostsAreRefused() throws {
        try startServer()
        let port = client.port
        XCTAssertEqual(try client.request("GET", "/timeline.json", host: "evil.example:\(port)").status, 403)
        XCTAssertEqual(try client.request("GET", "/timeline.json", host: "127.0.0.1").status, 403, "no port: 80")
        for host in ["127.0.0.1:", "127.0.0.1:x\(port)", "127.0.0.1.:\(port)", "user@127.0.0.1:\(port)", "[::1]x:\(port)", "127.0.0.1:0\(port)", "127.0.0.1:+\(port)"] {
            XCTAssertEqual(try client.request("GET", "/state.json", host: host).status, 403, host)
        }
        XCTAssertEqual(try client.request("GET", "/state.json", host: "localhost:\(port)").status, 200)
        XCTAssertEqual(try client.request("GET", "/state.json", host: "[::1]:\(port)").status, 200)
        XCTAssertEqual(
            try client.request("GET", "/", host: "127.0.0.1:\(port)", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"]).status,
            200, "a link to the page from elsewhere opens it")
        for path in ["/", "/preview.js", "/state.json", "/timeline.json", "/frames/0.png"] {
            let reply = try client.request("GET", path, host: "127.0.0.1:\(port)", origin: "http://127.0.0.1:\(port)")
            XCTAssertEqual(reply.status, 200, path)
            XCTAssertNil(reply.headers["access-control-allow-origin"], path)
            XCTAssertEqual(reply.headers["cross-origin-resource-policy"], "same-origin", path)
            XCTAssertEqual(reply.headers["x-content-type-options"], "nosniff", path)
        }
        let csp = try client.get("/").headers["content-security-policy"] ?? ""
        XCTAssertTrue(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), csp)
        let preflight = try client.request("OPTIONS", "/params", host: "127.0.0.1:\(port)", origin: "http://evil.example")
        XCTAssertEqual(preflight.status, 403)
        XCTAssertNil(preflight.headers["access-control-allow-origin"])
        XCTAssertEqual(preflight.headers["content-type"], "text/plain; charset=utf-8", "a refusal is text, never a page")
        XCTAssertEqual(preflight.headers["x-content-type-options"], "nosniff")
    }
}

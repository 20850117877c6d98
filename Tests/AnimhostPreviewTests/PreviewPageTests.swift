import XCTest
@testable import AnimhostPreview
import AnimhostTestSupport

/// The preview page in headless Chromium, against a live server.
final class PreviewPageTests: PreviewFixture {
    private let headless = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
        "--window-size=1280,800", "--enable-logging=stderr", "--v=0"
    ]

    /// The page shows the run's frame count and moving node; an edit of the plugin changes both what
    /// the status line says and the curve panel's node list; a broken plugin shows its error.
    func testAnEditChangesWhatThePageShows() throws {
        let chromium = try requireChromium()
        try startServer()
        let url = "http://127.0.0.1:\(client.port)/"
        let first = try dom(chromium, url)
        XCTAssertTrue(first.contains("data-frames=\"7\""), "7 frames: 0.1 s at 60 fps")
        XCTAssertTrue(first.contains("7 frames at 60 fps"))
        XCTAssertTrue(first.contains("<option>/box</option>"), "the moving box is offered for its curves")
        XCTAssertTrue(first.contains("data-property=\"rotation\""), "a graph per property")

        let events = try client.subscribe()
        defer { events.close() }
        _ = try events.next()
        try write(Self.plugin(duration: "0.25"), to: "slide.lua")
        XCTAssertEqual(try events.next()["version"] as? Int, 2)
        let second = try dom(chromium, url)
        XCTAssertTrue(second.contains("data-frames=\"16\""), "16 frames: 0.25 s at 60 fps")
        XCTAssertTrue(second.contains("data-version=\"2\""))

        try write(Self.plugin(duration: "nil ="), to: "slide.lua")
        XCTAssertEqual(try events.next()["ok"] as? Bool, false)
        let broken = try dom(chromium, url)
        XCTAssertTrue(broken.contains("data-status=\"failed\""))
        XCTAssertTrue(broken.contains("slide.lua:4:"), "the error panel names the line")
        XCTAssertTrue(broken.contains("data-frames=\"16\""), "the last good frames stay")
    }

    /// Param names, node ids and an error message from a plugin that read as markup stay text in the
    /// page: no element is made of them and no script of theirs runs, and the page still works.
    func testPluginStringsNeverBecomeMarkup() throws {
        let chromium = try requireChromium()
        let img = #"<img src=x onerror=\"document.body.dataset.pwned=1\">"#
        try write(
            Self.plugin()
                .replacingOccurrences(of: "params = { extra = 0 }", with: #"params = { extra = 0, ["\#(img)"] = 1, ["</label><b id=bold>"] = "t", ["<!--"] = true }"#)
                .replacingOccurrences(of: #"id = "box""#, with: #"id = "\#(img)""#),
            to: "slide.lua")
        try startServer()
        let url = "http://127.0.0.1:\(client.port)/"
        let page = try dom(chromium, url)
        XCTAssertTrue(page.contains("data-frames=\"7\""), "the page shows the run")
        XCTAssertEqual(page.components(separatedBy: " data-param=").count - 1, 4, "a field per param")
        XCTAssertFalse(page.contains("data-pwned"), "a plugin's string ran as script")
        XCTAssertFalse(page.contains("<img src=\"x\"") || page.contains("<b id=\"bold\">"), "a plugin's string became an element")
        XCTAssertTrue(page.contains("&lt;img src=x onerror=\"document.body.dataset.pwned=1\"&gt; <input"), "the param's name as its label's text")
        XCTAssertTrue(page.contains("&lt;/label&gt;&lt;b id=bold&gt; <input"))
        XCTAssertTrue(page.contains("<option>/&lt;img src=x"), "the node as an option's text")

        try write(Self.plugin(duration: #"nil, error("<img src=x onerror=document.body.dataset.pwned=1>")"#), to: "slide.lua")
        let events = try client.subscribe()
        defer { events.close() }
        _ = try events.next(where: { $0["ok"] as? Bool == false })
        let failed = try dom(chromium, url)
        XCTAssertTrue(failed.contains("data-status=\"failed\""))
        XCTAssertFalse(failed.contains("data-pwned") || failed.contains("<img src=\"x\""), "the error message stays text")
    }

    /// In Chromium, the page's own Apply changes a param; a page of the same host on another port
    /// (another origin) tries every way a page can to change the settings or read them, and nothing changes.
    func testThePagesApplyWorksAndAnotherOriginsPageChangesNothing() throws {
        let chromium = try requireChromium()
        try startServer()
        let other = try startAnotherServer()
        let browser = try DevToolsBrowser(chromium)
        defer { browser.close() }
        let before = try client.get("/state.json").text

        let attacker = try browser.open("http://127.0.0.1:\(other)/")
        let base = "http://127.0.0.1:\(client.port)"
        let tries =
            try browser.evaluate(
                """
                (async () => {
                  const base = "\(base)", out = {};
                  new Image().src = base + "/?param.extra=5";
                  out.image = await new Promise((r) => { const i = new Image(); i.onload = () => r("loaded"); i.onerror = () => r("refused"); i.src = base + "/frames/0.png"; });
                  await fetch(base + "/params", { method: "POST", mode: "no-cors", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "param.extra=5" }).catch(() => {});
                  out.read = await fetch(base + "/state.json").then((r) => r.text(), (e) => "refused");
                  out.posted = await fetch(base + "/params", { method: "POST", headers: { "X-Animhost-Token": typeof token === "string" ? token : "a guess" }, body: "{}" }).then((r) => r.status, (e) => "refused");
                  const frame = document.createElement("iframe"), form = document.createElement("form"), field = document.createElement("input");
                  frame.name = "sink"; form.method = "POST"; form.action = base + "/params"; form.target = "sink";
                  field.name = "param.extra"; field.value = "5"; form.append(field); document.body.append(frame, form); form.submit();
                  await new Promise((r) => setTimeout(r, 500));
                  return JSON.stringify(out);
                })()
                """, in: attacker) as? String
        XCTAssertEqual(tries, #"{"image":"refused","read":"refused","posted":"refused"}"#)
        XCTAssertEqual(try client.get("/state.json").text, before, "another origin's page changed nothing")

        let own = try browser.open(base + "/")
        _ = try browser.evaluate(#"document.querySelector('[data-param="extra"]').value = "7"; apply()"#, in: own)
        XCTAssertEqual(lastBoxX(try timeline()), 67, "the page's Apply ran the plugin with extra = 7")
    }

    /// A second server for the same session on a free port: another origin on the same host. Its port.
    private func startAnotherServer() throws -> Int {
        let server = PreviewServer(session: session, port: 0)
        final class Box: @unchecked Sendable { var url = "" }
        let box = Box(), listening = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        let task = Task {
            try? await server.run { url in
                box.url = url; listening.signal()
            }
            ended.signal()
        }
        addTeardownBlock {
            task.cancel()
            _ = ended.wait(timeout: .now() + 20)
        }
        XCTAssertEqual(listening.wait(timeout: .now() + 30), .success)
        return Int(box.url.split(separator: ":").last!.dropLast()) ?? 0
    }

    /// A run of 20,000 nodes (as many as two full scene files hold) reaches the page, every node in the
    /// curves' list once and the moving one first: the page finds a node's samples by its key, never by
    /// searching each frame's nodes for each node (which held Chromium for minutes).
    func testAPageOfManyNodesLoads() throws {
        let chromium = try requireChromium()
        let many = "ctx.container:add(box)\n  for i = 1, 20000 do ctx.container:add(node{ id = \"n\" .. i, frame = rect(0, 0, 1, 1) }) end"
        try write(Self.plugin().replacingOccurrences(of: "ctx.container:add(box)", with: many), to: "slide.lua")
        try startServer()
        let page = try dom(chromium, "http://127.0.0.1:\(client.port)/")
        XCTAssertTrue(page.contains("data-frames=\"7\""), "the page shows the run")
        let options = page.components(separatedBy: "<option>").count - 1 - 4  // less the operations'
        XCTAssertEqual(options, 20_003, "the container, the scene shown (a), the box and the 20,000 nodes")
        let list = page.components(separatedBy: "<select id=\"node\">").last?.prefix(200) ?? ""
        XCTAssertTrue(list.hasPrefix("<option>/box</option><option>/container</option><option>a/a</option><option>/n1</option>"), "\(list)")
    }

    /// A plugin declaring 130,000 params (more than one JavaScript call takes arguments) gets a field
    /// for each in the page, which still shows its run.
    func testAPageOfMoreParamsThanACallTakesArgumentsLoads() throws {
        let chromium = try requireChromium()
        let many = "local ps = { extra = 0 }\nfor i = 1, 130000 do ps[\"p\" .. i] = i end\nslide.params = ps\n"
        try write(Self.plugin().replacingOccurrences(of: "\nreturn slide", with: "\n" + many + "return slide"), to: "slide.lua")
        try startServer()
        let page = try dom(chromium, "http://127.0.0.1:\(client.port)/")
        XCTAssertTrue(page.contains("data-frames=\"7\""), "the page shows the run")
        XCTAssertEqual(page.components(separatedBy: " data-param=").count - 1, 130_001, "a field per param")
    }

    private func dom(_ chromium: String, _ url: String) throws -> String {
        let result = try runProgram(chromium, headless + ["--dump-dom", url], timeout: 60)
        XCTAssertFalse(result.err.contains("Uncaught"), "the page threw: \(result.err)")
        return result.out
    }
}

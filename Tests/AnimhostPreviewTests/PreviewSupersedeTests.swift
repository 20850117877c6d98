import XCTest
import AnimhostLua
@testable import AnimhostPreview
import AnimhostTestSupport

/// A run that takes long (plugin code that spins, here without a time limit, or ten minutes of frames
/// to render) never holds the preview up: the server answers meanwhile, and a new setting or a save
/// cancels it and runs what is current. A cancelled run is never published nor counted.
final class PreviewSupersedeTests: PreviewFixture {
    /// The fixture's slide, with `spin` (loop iterations in `animate`) and `long` (a 600 s run when
    /// above 0) params; `extra` moves the box.
    static func slowPlugin(distance: String = "distance") -> String {
        """
        local distance = require("dist")
        local slide = { name = "slide", params = { extra = 0, spin = 0, long = 0, cospin = 0, trap = 0 }, scenes = { from = "a", to = "b" } }
        function slide.duration(ctx) return ctx.params.long > 0 and 600 or 0.1 end
        function slide.animate(ctx)
          for i = 1, ctx.params.spin do end
          if ctx.params.cospin > 0 then coroutine.wrap(function() while true do end end)() end
          while ctx.params.trap > 0 do pcall(function() while true do end end) end
          local box = node{ id = "box", frame = rect(0, 20, 20, 20), backgroundColor = color("#FF0000") }
          ctx.container:add(box)
          animate{ duration = ctx:duration(), function() box.frame = rect(\(distance) + ctx.params.extra, 20, 20, 20) end,
            completion = function() ctx:complete(true) end }
        end
        return slide
        """
    }

    /// No time limit: only a cancel ends plugin code that spins.
    static let noTimeLimit = SandboxLimits(timeout: 0)

    /// Posts `body` on another thread; the reply comes to `done`.
    private func postInBackground(_ body: String) -> (reply: () -> LoopbackClient.Reply?, ended: () -> Bool) {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var reply: LoopbackClient.Reply?
            var ended = false
        }
        let box = Box(), client = LoopbackClient(port: self.client.port, timeout: 30), group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            let reply = try? client.post(body)
            box.lock.withLock {
                box.reply = reply; box.ended = true
            }
            group.leave()
        }
        return (
            {
                group.wait(); return box.lock.withLock { box.reply }
            }, { box.lock.withLock { box.ended } }
        )
    }

    private func state() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: client.get("/state.json").body) as! [String: Any]
    }

    /// A setting posted while plugin code spins (in a coroutine, or catching every error), and one
    /// posted while ten minutes of frames renders (held for the debug overlay or not), each cancel that
    /// run: the next run counted is the new setting's, and it succeeds.
    func testANewSettingCancelsTheRunUnderWay() throws {
        try write(Self.slowPlugin(), to: "slide.lua")
        try startServer(limits: Self.noTimeLimit)
        for slow in [
            #"{"param.spin": 1e12}"#, #"{"param.cospin": 1}"#, #"{"param.trap": 1}"#, #"{"param.long": 1}"#,
            #"{"param.long": 1, "debug": true}"#
        ] {
            let version = try state()["version"] as! Int
            let long = postInBackground(slow)
            XCTAssertTrue(waitUntil(timeout: 30) { session.runUnderWay }, "the slow run under way")
            XCTAssertEqual(try client.get("/state.json").status, 200, "the server answers while the run goes on")
            XCTAssertFalse(long.ended(), "the slow run is still under way")
            let quick = try client.post(
                #"{"param.spin": 0, "param.cospin": 0, "param.trap": 0, "param.long": 0, "debug": false, "param.extra": \#(version)}"#)
            XCTAssertEqual(quick.status, 200)
            let status = try JSONSerialization.jsonObject(with: quick.body) as! [String: Any]
            XCTAssertEqual(status["ok"] as? Bool, true, "\(status)")
            XCTAssertEqual(status["version"] as? Int, version + 1, "the slow run was never counted")
            let superseded = try XCTUnwrap(long.reply(), "the slow post is answered")
            XCTAssertEqual(superseded.status, 200)
            XCTAssertEqual((try JSONSerialization.jsonObject(with: superseded.body) as! [String: Any])["version"] as? Int, version + 1)
            let timeline = try timeline()
            XCTAssertEqual((timeline["frames"] as! [Any]).count, 7, "the quick run's frames")
            XCTAssertEqual(lastBoxX(timeline), Double(60 + version))
        }
    }

    /// A save of the plugin while its code spins cancels that run and runs the saved plugin.
    func testASaveCancelsTheRunUnderWay() throws {
        try write(Self.slowPlugin(), to: "slide.lua")
        try startServer(limits: Self.noTimeLimit)
        let events = try client.subscribe()
        defer { events.close() }
        XCTAssertEqual(try events.next()["version"] as? Int, 1)
        let long = postInBackground(#"{"param.spin": 1e12}"#)
        XCTAssertTrue(waitUntil(timeout: 30) { session.runUnderWay }, "the spinning run under way")
        XCTAssertFalse(long.ended(), "the spinning run is still under way")
        try write(Self.slowPlugin(distance: "distance / 2").replacingOccurrences(of: "for i = 1, ctx.params.spin do end", with: ""), to: "slide.lua")
        let next = try events.next()
        XCTAssertEqual(next["version"] as? Int, 2, "the spinning run was never counted")
        XCTAssertEqual(next["ok"] as? Bool, true, "\(next)")
        XCTAssertEqual(lastBoxX(try timeline()), 30, "the saved plugin ran")
        XCTAssertEqual(long.reply()?.status, 200)
    }

    /// A save while the plugin file's own top-level code spins (its loading) cancels that run too.
    func testASaveCancelsALoadThatSpins() throws {
        try write(Self.slowPlugin(), to: "slide.lua")
        try startServer(limits: Self.noTimeLimit)
        let events = try client.subscribe()
        defer { events.close() }
        XCTAssertEqual(try events.next()["version"] as? Int, 1)
        try write("for i = 1, 1e12 do end\n" + Self.slowPlugin(), to: "slide.lua")
        XCTAssertTrue(waitUntil(timeout: 30) { session.runUnderWay }, "the poll has started the run, which spins in the file's first line")
        XCTAssertEqual(try client.get("/state.json").status, 200, "the server answers while the load spins")
        try write(Self.slowPlugin(distance: "distance / 4"), to: "slide.lua")
        let next = try events.next()
        XCTAssertEqual(next["version"] as? Int, 2, "the spinning load was never counted")
        XCTAssertEqual(next["ok"] as? Bool, true, "\(next)")
        XCTAssertEqual(lastBoxX(try timeline()), 15, "the saved plugin ran")
    }

    /// A save of the plugin while its first run spins (before the server listens) cancels that run:
    /// the session starts with the saved plugin's run.
    func testASaveCancelsTheFirstRun() throws {
        try write("for i = 1, 1e12 do end\n" + Self.slowPlugin(), to: "slide.lua")
        let runner = PreviewRunner(folder: dir.appendingPathComponent("out"), catalog: PluginCatalog(environment: [:]), limits: Self.noTimeLimit)
        let session = PreviewSession(settings: PreviewSettings(plugin: pluginURL.path), runner: runner)
        self.session = session
        let started = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            session.start()
            started.signal()
        }
        XCTAssertTrue(waitUntil(timeout: 30) { session.runUnderWay }, "the first run under way")
        try write(Self.slowPlugin(distance: "distance / 4"), to: "slide.lua")
        XCTAssertEqual(started.wait(timeout: .now() + 20), .success, "the save ended the spinning first run")
        XCTAssertEqual(session.status, RunStatus(version: 1, ok: true))
        let timeline = try JSONSerialization.jsonObject(with: Data(contentsOf: runner.folder.appendingPathComponent("timeline.json"))) as! [String: Any]
        XCTAssertEqual(lastBoxX(timeline), 15, "the saved plugin ran")
    }

    /// A save that lands while a run goes on counts once, even when the run ends before the poll sees
    /// it (docs/authoring.md): that run, which may have read the file before the save, is not published
    /// nor counted; the run after it is. Here no poll comes at all, and the module is saved once the run
    /// has read it (its output is being staged) and 20 s of frames are still to come.
    func testASaveDuringARunCountsOnce() throws {
        try write(Self.plugin(duration: "20"), to: "slide.lua")
        let out = dir.appendingPathComponent("out")
        let runner = PreviewRunner(folder: out, catalog: PluginCatalog(environment: [:]), limits: SandboxLimits())
        let session = PreviewSession(settings: PreviewSettings(plugin: pluginURL.path), runner: runner)
        self.session = session
        session.start(pollInterval: 3600)
        XCTAssertEqual(session.status, RunStatus(version: 1, ok: true))
        func stages() -> Set<String> { Set(((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix(".out.animhost-") }) }
        let before = stages()
        final class Box: @unchecked Sendable { var status: RunStatus? }
        let box = Box(), ended = DispatchSemaphore(value: 0)
        Task {
            box.status = try? await session.update([("param.extra", "5")])
            ended.signal()
        }
        XCTAssertTrue(waitUntil(timeout: 60, interval: 0.001) { !stages().subtracting(before).isEmpty }, "the run stages its output")
        let module = dir.appendingPathComponent("dist.lua")
        try write("return 30\n", to: "dist.lua")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: module.path)  // to the nanosecond
        XCTAssertEqual(ended.wait(timeout: .now() + 300), .success)
        XCTAssertEqual(box.status, RunStatus(version: 2, ok: true), "the run the save landed in was not counted")
        let timeline = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("timeline.json"))) as! [String: Any]
        XCTAssertEqual(lastBoxX(timeline), 35, "the run published read the saved module")
    }
}

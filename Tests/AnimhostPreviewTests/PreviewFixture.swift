import XCTest
import AnimhostLua
@testable import AnimhostPreview
import AnimhostTestSupport

/// A plugin folder (a plugin that slides a red box by a distance its module returns, two small
/// scenes) and a preview server on a free loopback port, stopped at the end of each test.
class PreviewFixture: XCTestCase {
    var dir: URL!
    var session: PreviewSession!
    var client: LoopbackClient!
    /// Where the server saves a gesture recorded in the page (nil: its default, beside the frames).
    var record: URL?
    private var serverTask: Task<Void, Never>?
    private let ended = DispatchSemaphore(value: 0)

    /// The plugin: `duration` on line 4, the box moved to `distance` (the module's number) on line 10.
    static func plugin(duration: String = "0.1") -> String {
        """
        local distance = require("dist")
        local slide = { name = "slide", params = { extra = 0 }, scenes = { from = "a", to = "b" } }

        function slide.duration(ctx) return \(duration) end

        function slide.animate(ctx)
          local box = node{ id = "box", frame = rect(0, 20, 20, 20), backgroundColor = color("#FF0000") }
          ctx.container:add(box)
          animate{ duration = ctx:duration(),
            function() box.frame = rect(ctx.reducedMotion and 0 or distance + ctx.params.extra, 20, 20, 20) end,
            completion = function() ctx:complete(true) end }
        end

        return slide
        """
    }

    static func scene(_ name: String, _ colour: String) -> String {
        #"{ "name": "\#(name)", "size": [100, 80], "background": "\#(colour)", "nodes": [] }"#
    }

    var pluginURL: URL { dir.appendingPathComponent("slide.lua") }

    /// Saves `text` as `name` in the fixture's folder by a rename, as most editors save, so that a
    /// poll never reads it half-written (an in-place save can be caught empty, and counts twice).
    func write(_ text: String, to name: String) throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    override func setUpWithError() throws {
        dir = try temporaryFolder("preview")
        try write(Self.plugin(), to: "slide.lua")
        try write("return 60\n", to: "dist.lua")
        try write(Self.scene("a", "#FFFFFF"), to: "a.json")
        try write(Self.scene("b", "#0000FF"), to: "b.json")
    }

    /// Starts the session and the server, the plugin under `limits`; returns once the server listens.
    func startServer(limits: SandboxLimits = SandboxLimits(), _ configure: (inout PreviewSettings) -> Void = { _ in }) throws {
        var settings = PreviewSettings(plugin: pluginURL.path)
        configure(&settings)
        let runner = PreviewRunner(folder: dir.appendingPathComponent("out"), catalog: PluginCatalog(environment: [:]), limits: limits)
        session = PreviewSession(settings: settings, runner: runner)
        session.start()
        let server = PreviewServer(session: session, port: 0, record: record)
        final class Box: @unchecked Sendable { var url = "" }
        let box = Box(), listening = DispatchSemaphore(value: 0), ended = self.ended
        serverTask = Task {
            try? await server.run { url in
                box.url = url; listening.signal()
            }
            ended.signal()
        }
        XCTAssertEqual(listening.wait(timeout: .now() + 30), .success, "the server listens")
        let port = Int(box.url.split(separator: ":").last!.dropLast()) ?? 0
        XCTAssertTrue(box.url.hasPrefix("http://127.0.0.1:"), box.url)
        client = LoopbackClient(port: port)
    }

    override func tearDownWithError() throws {
        if let serverTask {
            serverTask.cancel()
            XCTAssertEqual(ended.wait(timeout: .now() + 20), .success, "the server stops when its task is cancelled")
        }
        session?.stop()
    }

    /// The timeline served now.
    func timeline() throws -> [String: Any] {
        let reply = try client.get("/timeline.json")
        XCTAssertEqual(reply.status, 200)
        return try JSONSerialization.jsonObject(with: reply.body) as! [String: Any]
    }

    /// The box's x in the timeline's last frame.
    func lastBoxX(_ timeline: [String: Any]) -> Double? {
        let frames = timeline["frames"] as! [[String: Any]]
        let nodes = frames.last!["nodes"] as! [[String: Any]]
        return (nodes.first { $0["id"] as? String == "box" }?["frame"] as? [Double])?.first
    }
}

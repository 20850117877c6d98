import XCTest
import AnimhostTestSupport

/// `animhost run --format` with the rendered formats, end to end.
final class RenderCommandTests: XCTestCase {
    func testEveryFormatFromOneRun() throws {
        try skipWithoutFFmpeg()
        let dir = try temporaryFolder("render")
        let r = try CLI.run(["run", "zoom", "--format", "json,png,gif,webp,mp4,html", "--scale", "1", "--out", dir.path])
        XCTAssertEqual(r.code, 0, r.err)
        for name in ["timeline.json", "frames", "animation.gif", "animation.webp", "animation.mp4", "preview.html"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), name)
            XCTAssertTrue(r.out.contains(name), "the summary names \(name)")
        }
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path)
        XCTAssertEqual(frames.count, 31)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }, [".animhost-outputs"], "no temporary files")
        XCTAssertEqual(
            try String(contentsOf: dir.appendingPathComponent(".animhost-outputs"), encoding: .utf8),
            "animation.gif\nanimation.mp4\nanimation.webp\nframes\npreview.html\ntimeline.json\n", "what the run wrote, for the next one")
    }

    func testEveryBuiltInAndTheExampleRender() throws {
        for plugin in ["card-lift", "crossfade", packageRoot.appendingPathComponent("Examples/popup/popup.lua").path] {
            for operation in ["push", "pop"] {
                let dir = try temporaryFolder("render-all")
                let r = try CLI.run(["run", plugin, "--operation", operation, "--format", "webp", "--scale", "1", "--out", dir.path])
                XCTAssertEqual(r.code, 0, "\(plugin) \(operation): \(r.err)")
                let size = (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("animation.webp").path)[.size] as? Int) ?? 0
                XCTAssertGreaterThan(size, 1000, "\(plugin) \(operation)")
            }
        }
    }

    func testTwoRunsWriteIdenticalPNGFrames() throws {
        let a = try temporaryFolder("png-a"), b = try temporaryFolder("png-b")
        for dir in [a, b] {
            XCTAssertEqual(try CLI.run(["run", "card-lift", "--format", "png", "--scale", "1", "--out", dir.path]).code, 0)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: a.appendingPathComponent("frames").path).sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            XCTAssertEqual(
                try Data(contentsOf: a.appendingPathComponent("frames/\(name)")),
                try Data(contentsOf: b.appendingPathComponent("frames/\(name)")), name)
        }
    }

    func testABrokenImageInASceneEndsTheRunWithItsNameAndNoOutput() throws {
        let dir = try temporaryFolder("broken-image")
        let scene = """
            {"name": "broken", "size": [100, 100], "reference": "photo",
             "nodes": [{"id": "photo", "frame": [0, 0, 50, 50], "image": "photo.png"}]}
            """
        try scene.write(to: dir.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        try Data("PNG? no".utf8).write(to: dir.appendingPathComponent("photo.png"))
        let out = dir.appendingPathComponent("out")
        let r = try CLI.run([
            "run", "zoom", "--from", dir.appendingPathComponent("broken.json").path,
            "--format", "json,png,gif,html", "--out", out.path
        ])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("photo.png"), r.err)
        XCTAssertFalse(r.crashed)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [], [])
    }

    /// A plugin stuck in a native call after frames were rendered: the process is ended by the
    /// watchdog, and every partial output with it.
    func testAStuckPluginLeavesNoPartialOutput() throws {
        try skipWithoutFFmpeg()
        let dir = try temporaryFolder("stuck")
        let plugin = dir.appendingPathComponent("stuck.lua")
        try """
        return { name = "stuck", scenes = { from = "grid", to = "detail" },
          duration = function() return 0.3 end,
          animate = function(ctx)
            ctx.container:add(ctx.to.view)
            ctx.to.view.alpha = 0
            animate{ duration = 0.3, function() ctx.to.view.alpha = 1 end, completion = function()
              local s = string.rep('a', 5000)
              string.find(s, '.-.-.-.-.-.-.-.-b')
              ctx:complete(true)
            end }
          end }
        """.write(to: plugin, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try CLI.run(["run", plugin.path, "--format", "json,png,gif,webp,mp4,html", "--scale", "1", "--timeout", "1", "--out", out.path])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("stuck.lua") && r.err.contains("cannot be interrupted"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "\((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [])")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["stuck.lua"], "nothing staged is left beside it")
    }

    func testUnknownFormatsListTheKnownOnes() throws {
        let r = try CLI.run(["run", "zoom", "--format", "png,avi"])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("unknown format 'avi'") && r.err.contains("webp") && r.err.contains("mp4"), r.err)
    }
}

/// A screen turned edge-on (`transform.scale(0, 1)`) and back: each PNG frame shows the frame its timeline
/// entry describes, not the first one repeated.
final class EdgeOnRenderTests: XCTestCase {
    func testFramesAfterAnEdgeOnScreenFollowTheTimeline() throws {
        let dir = try temporaryFolder("edge-on")
        let plugin = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/render/edge-on.lua")
        let out = dir.appendingPathComponent("out")
        let r = try CLI.run(["run", plugin.path, "--format", "json,png", "--scale", "1", "--fps", "30", "--out", out.path])
        XCTAssertEqual(r.code, 0, r.err)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("frames").path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 9)
        // The screen is wider in every frame than in the one before: no two frames are alike (a renderer
        // that drew the edge-on frame used to repeat it for every frame it drew after).
        let frames = try names.map { try Data(contentsOf: out.appendingPathComponent("frames/\($0)")) }
        XCTAssertEqual(Set(frames).count, frames.count, "every frame differs")
    }
}

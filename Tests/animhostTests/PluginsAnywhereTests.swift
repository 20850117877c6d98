import XCTest
import Foundation
import AnimhostHarness
import AnimhostLua
import AnimhostTestSupport

/// Plugins wherever they live and whatever they declare: specs find them as `run` does, a plugin
/// without scenes runs on grid → detail, and reduced motion reaches every kind of run.
final class PluginsAnywhereTests: XCTestCase {
    /// A folder with `elsewhere/fade-away.lua` and `specs/fade_spec.lua` naming it at line 3.
    func layout() throws -> URL {
        let dir = try temporaryFolder("anywhere")
        for sub in ["elsewhere", "specs"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true) }
        try """
        return { name = "fade-away", duration = function() return 0.1 end,
          animate = function(ctx)
            ctx.container:add(ctx.to.view)
            ctx.to.view.alpha = 0
            animate{ duration = 0.1, function() ctx.to.view.alpha = 1 end, completion = function() ctx:complete(true) end }
          end }
        """.write(to: dir.appendingPathComponent("elsewhere/fade-away.lua"), atomically: true, encoding: .utf8)
        try """
        describe("fade-away", function()
          it("completes", function()
            local run = animhost.run{ plugin = "fade-away" }
            assert.is_true(run.completed)
            assert.are.equal("grid", run.frames[1].nodes[2].id)  -- after the container
          end)
        end)
        """.write(to: dir.appendingPathComponent("specs/fade_spec.lua"), atomically: true, encoding: .utf8)
        return dir
    }

    func testSpecsFindPluginsThroughThePluginsOption() throws {
        let dir = try layout()
        let found = try CLI.run(["test", "specs", "--plugins", "elsewhere"], in: dir)
        XCTAssertEqual(found.code, 0, found.out)
        XCTAssertTrue(found.out.hasSuffix("1 passed, 0 failed\n"), found.out)
        XCTAssertEqual(
            found.err, "fade-away declares no scenes: running on the built-in grid → detail (reversed for pop and dismiss)\n",
            "said once, through the spec's print")
    }

    func testAnUnknownPluginIsReportedAtTheSpecsLine() throws {
        let dir = try layout()
        let lost = try CLI.run(["test", "specs"], in: dir)
        XCTAssertEqual(lost.code, 1)
        XCTAssertTrue(lost.out.contains("specs/fade_spec.lua:3: fade-away: unknown plugin."), lost.out)
        XCTAssertFalse(lost.out.contains("animhost.spec"), lost.out)
    }

    func testSpecsFindPluginsThroughAnimhostPath() throws {
        let dir = try layout()
        let catalog = PluginCatalog(environment: ["ANIMHOST_PATH": dir.appendingPathComponent("elsewhere").path], workingDirectory: dir)
        let result = SpecRunner(searchPath: catalog).run(dir.appendingPathComponent("specs/fade_spec.lua"))
        XCTAssertNil(result.error)
        XCTAssertEqual(result.cases.map(\.status), [.passed], "\(result.cases)")
    }

    func testRunOnAPluginWithoutScenesSaysSoOnceAndReversesForPop() throws {
        let dir = try layout()
        let push = try CLI.run(["run", "elsewhere/fade-away.lua", "--format", "none"], in: dir)
        XCTAssertEqual(push.code, 0, push.err)
        XCTAssertEqual(
            push.out,
            "fade-away declares no scenes: running on the built-in grid → detail (reversed for pop and dismiss)\n"
                + "fade-away push grid → detail: 7 frames at 60 fps, 0.100 s (duration 0.1 s), completed\n")
        let pop = try CLI.run(["run", "elsewhere/fade-away.lua", "--format", "none", "--operation", "pop"], in: dir)
        XCTAssertTrue(pop.out.hasSuffix("fade-away pop detail → grid: 7 frames at 60 fps, 0.100 s (duration 0.1 s), completed\n"), pop.out)
    }

    /// zoom flies a snapshot of the photo; with reduced motion it crossfades, so no frame holds a snapshot.
    func testReducedMotionReachesThePluginFromRunAndSpecs() throws {
        let dir = try temporaryFolder("reduced")
        for (flag, snapshots) in [([String](), true), (["--reduced-motion"], false)] {
            let r = try CLI.run(["run", "zoom", "--format", "json", "--out", "out"] + flag, in: dir)
            XCTAssertEqual(r.code, 0, r.err)
            let timeline = try String(contentsOf: dir.appendingPathComponent("out/timeline.json"), encoding: .utf8)
            XCTAssertEqual(timeline.contains("\"snapshot\": true") || timeline.contains("\"snapshot\":true"), snapshots, "\(flag)")
        }
        try """
        local function snapshots(run)
          local n = 0
          for _, f in ipairs(run.frames) do for _, node in ipairs(f.nodes) do if node.snapshot then n = n + 1 end end end
          return n
        end
        describe("zoom", function()
          it("flies a snapshot", function() assert.is_true(snapshots(animhost.run{ plugin = "zoom" }) > 0) end)
          it("crossfades with reduced motion", function()
            assert.are.equal(0, snapshots(animhost.run{ plugin = "zoom", reducedMotion = true }))
          end)
          it("wants a boolean", function()
            assert.has_error(function() animhost.run{ plugin = "zoom", reducedMotion = "yes" } end, "reducedMotion")
          end)
        end)
        """.write(to: dir.appendingPathComponent("reduced_spec.lua"), atomically: true, encoding: .utf8)
        let spec = try CLI.run(["test", "reduced_spec.lua"], in: dir)
        XCTAssertEqual(spec.code, 0, spec.out)
        XCTAssertTrue(spec.out.hasSuffix("3 passed, 0 failed\n"), spec.out)
    }
}

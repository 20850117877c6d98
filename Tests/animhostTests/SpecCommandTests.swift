import XCTest
import Foundation
import AnimhostTestSupport

/// `animhost test`: the built-in and example plugins' Lua specs pass, and a wrong spec fails at its line.
final class SpecCommandTests: XCTestCase {
    var repository: URL { packageRoot }

    func animhost(_ args: [String], in dir: URL) throws -> CLI.Result { try CLI.run(args, in: dir) }

    /// The built-ins' specs by name: a spec a user saved in the checkout's Plugins/ is not part of the suite.
    func testThePluginsSpecsPass() throws {
        let builtins = ["zoom", "crossfade", "card-lift", "match"].map { "Plugins/\($0)_spec.lua" }
        let r = try animhost(["test"] + builtins + ["Plugins/scenes", "Examples"], in: repository)
        XCTAssertEqual(r.code, 0, r.out)
        let last = r.out.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(last.hasSuffix(" passed, 0 failed"), last)
        XCTAssertGreaterThanOrEqual(Int(last.split(separator: " ")[0]) ?? 0, 17)
    }

    func testNewScaffoldsAPluginWhoseSpecPassesAndConforms() throws {
        let dir = try temporaryFolder("new")
        XCTAssertEqual(try animhost(["new", "slide-fade"], in: dir).code, 0)
        let tested = try animhost(["test"], in: dir)
        XCTAssertEqual(tested.code, 0, tested.out)
        XCTAssertTrue(tested.out.hasSuffix("2 passed, 0 failed\n"), tested.out)
        XCTAssertTrue(try animhost(["check", "slide-fade"], in: dir).out.hasPrefix("✓ slide-fade: conforms (19 runs)\n"))
        let before = try Data(contentsOf: dir.appendingPathComponent("Plugins/slide-fade.lua"))
        XCTAssertEqual(try animhost(["new", "slide-fade"], in: dir).code, 1, "never overwrites")
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("Plugins/slide-fade.lua")), before)
        XCTAssertEqual(try animhost(["new", "Slide Fade"], in: dir).code, 1)
    }

    func testSnapshotsRecordCompareReRecordAndReportOrphans() throws {
        let dir = try temporaryFolder("snap")
        try """
        describe("crossfade", function()
          it("keeps its look", function() assert.matches_snapshot(animhost.run{ plugin = "crossfade" }) end)
        end)
        """.write(to: dir.appendingPathComponent("look_spec.lua"), atomically: true, encoding: .utf8)
        let snapshot = dir.appendingPathComponent("__snapshots__/look_spec/crossfade_keeps_its_look.snap")
        let first = try animhost(["test", "look_spec.lua"], in: dir)
        XCTAssertEqual(first.code, 0, first.out)
        XCTAssertTrue(first.out.contains("recorded 1 snapshot"), first.out)
        let recorded = try String(contentsOf: snapshot, encoding: .utf8)
        XCTAssertTrue(recorded.hasPrefix("crossfade push: 18 frames, duration 0.28, completed true, cancelled false\nt = 0 (0 of the duration)\n"), recorded)
        // The trace shows the last frame at or before each fraction (docs/testing.md): at 60 fps, a quarter of
        // 0.28 s is 0.07 s, whose frame is the fifth (4/60 = 0.067 s); half is 0.14 s, the ninth (8/60 = 0.133 s).
        XCTAssertTrue(recorded.contains("\nt = 0.07 (0.25 of the duration)\n"), recorded)
        XCTAssertTrue(recorded.contains("\nt = 0.13 (0.5 of the duration)\n"), recorded)
        XCTAssertTrue(try animhost(["test", "look_spec.lua"], in: dir).out.hasSuffix("1 passed, 0 failed\n"))

        try recorded.replacingOccurrences(of: "duration 0.28", with: "duration 0.3").write(to: snapshot, atomically: true, encoding: .utf8)
        let changed = try animhost(["test", "look_spec.lua"], in: dir)
        XCTAssertEqual(changed.code, 1)
        XCTAssertTrue(changed.out.contains("look_spec.lua:2: snapshot \"crossfade keeps its look\" differs at line 1:"), changed.out)

        try "old".write(to: snapshot.deletingLastPathComponent().appendingPathComponent("gone.snap"), atomically: true, encoding: .utf8)
        let again = try animhost(["test", "look_spec.lua", "--update-snapshots"], in: dir)
        XCTAssertEqual(again.code, 0)
        XCTAssertTrue(again.out.contains("__snapshots__/look_spec/gone.snap: no test uses this snapshot"), again.out)
        XCTAssertEqual(try String(contentsOf: snapshot, encoding: .utf8), recorded, "re-recorded")
    }

    func testImageSnapshotsRecordCompareWithAToleranceAndDrawADiff() throws {
        let dir = try temporaryFolder("image-snap")
        func spec(_ lift: Double) throws {
            try """
            describe("card-lift", function()
              it("lifts", function()
                local run = animhost.run{ plugin = "card-lift", params = { lift = \(lift) } }
                assert.matches_image_snapshot(run, { at = 0.15, scale = 0.5 })
              end)
            end)
            """.write(to: dir.appendingPathComponent("look_spec.lua"), atomically: true, encoding: .utf8)
        }
        try spec(1.02)
        let image = dir.appendingPathComponent("__snapshots__/look_spec/card-lift_lifts.png")
        let diff = dir.appendingPathComponent("__snapshots__/look_spec/card-lift_lifts.diff.png")
        let first = try animhost(["test", "look_spec.lua"], in: dir)
        XCTAssertEqual(first.code, 0, first.out)
        XCTAssertTrue(first.out.contains("recorded 1 snapshot"), first.out)
        let recorded = try Data(contentsOf: image)
        XCTAssertEqual(Array(recorded.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
        XCTAssertTrue(try animhost(["test", "look_spec.lua"], in: dir).out.hasSuffix("1 passed, 0 failed\n"))

        try spec(1.3)
        let changed = try animhost(["test", "look_spec.lua"], in: dir)
        XCTAssertEqual(changed.code, 1)
        XCTAssertTrue(changed.out.contains("look_spec.lua:4: image snapshot \"card-lift lifts\" differs at frame 9:"), changed.out)
        XCTAssertTrue(changed.out.contains("card-lift_lifts.diff.png"), changed.out)
        XCTAssertTrue(FileManager.default.fileExists(atPath: diff.path))
        XCTAssertEqual(try Data(contentsOf: image), recorded, "a failed comparison keeps the recording")

        XCTAssertEqual(try animhost(["test", "look_spec.lua", "--update-snapshots"], in: dir).code, 0)
        XCTAssertNotEqual(try Data(contentsOf: image), recorded, "re-recorded")
        XCTAssertFalse(FileManager.default.fileExists(atPath: diff.path), "the diff goes once the snapshot matches")
    }

    func testImageSnapshotMisuseIsNamed() throws {
        let dir = try temporaryFolder("image-snap-misuse")
        try """
        describe("misuse", function()
          local run = animhost.run{ plugin = "card-lift" }
          it("not a run", function() assert.matches_image_snapshot(42) end)
          it("a copy of a run", function() assert.matches_image_snapshot({ frames = run.frames }) end)
          it("a scale too large", function() assert.matches_image_snapshot(run, { frame = 0, scale = 8 }) end)
        end)
        """.write(to: dir.appendingPathComponent("misuse_spec.lua"), atomically: true, encoding: .utf8)
        let r = try animhost(["test", "misuse_spec.lua"], in: dir)
        XCTAssertEqual(r.code, 1)
        for expected in [
            "misuse_spec.lua:3: assert.matches_image_snapshot(run[, { frame =, at =, scale =, tolerance =, name = }]): expected a run",
            "misuse_spec.lua:4: image snapshots take a run from animhost.run{}",
            "misuse_spec.lua:5: scale: from 0.5 to 4, got 8", "0 passed, 3 failed"
        ] {
            XCTAssertTrue(r.out.contains(expected), "\(expected)\n\(r.out)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("__snapshots__").path), "nothing recorded")
    }

    func testTraceSnapshotMisuseIsNamedAtTheSpecsLine() throws {
        let dir = try temporaryFolder("trace-snap-misuse")
        try """
        describe("misuse", function()
          local run = animhost.run{ plugin = "card-lift" }
          it("not a run", function() assert.matches_snapshot("t0") end)
          it("a copy of a run", function() assert.matches_snapshot({ frames = run.frames }) end)
          it("a name not a string", function() assert.matches_snapshot(run, { 1 }) end)
        end)
        """.write(to: dir.appendingPathComponent("misuse_spec.lua"), atomically: true, encoding: .utf8)
        let r = try animhost(["test", "misuse_spec.lua"], in: dir)
        XCTAssertEqual(r.code, 1)
        for expected in [
            "misuse_spec.lua:3: assert.matches_snapshot(run[, name]): expected a run from animhost.run{}, got \"t0\"",
            "misuse_spec.lua:4: assert.matches_snapshot(run[, name]): expected a run",
            "misuse_spec.lua:5: assert.matches_snapshot(run[, name]): name is a string", "0 passed, 3 failed"
        ] {
            XCTAssertTrue(r.out.contains(expected), "\(expected)\n\(r.out)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("__snapshots__").path), "nothing recorded")
    }

    func testSpiesAndMachineReadableOutput() throws {
        let dir = try temporaryFolder("spy")
        try """
        describe("spies", function()
          it("count", function()
            local s = spy.new(function(x) return x * 2 end)
            assert.are.equal(4, s(2))
            assert.spy(s).was.called(1)
            assert.spy(s).was.called_with(2)
          end)
          it("notice silence", function() assert.spy(spy.new()).was.called() end)
        end)
        """.write(to: dir.appendingPathComponent("spy_spec.lua"), atomically: true, encoding: .utf8)
        let text = try animhost(["test", "spy_spec.lua"], in: dir)
        XCTAssertTrue(text.out.contains("spy_spec.lua:8: expected the spy to be called, it was not"), text.out)
        let json = try animhost(["test", "spy_spec.lua", "--output", "json"], in: dir)
        XCTAssertEqual(json.code, 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as! [String: Any]
        XCTAssertEqual(object["passed"] as? Int, 1)
        XCTAssertEqual(object["failed"] as? Int, 1)
        let junit = try animhost(["test", "spy_spec.lua", "--output", "junit"], in: dir)
        XCTAssertTrue(junit.out.hasPrefix("<?xml"), junit.out)
        XCTAssertTrue(junit.out.contains("<testcase name=\"spies notice silence\" classname=\"spy_spec.lua\"><failure message="), junit.out)
    }

    func testAWrongExpectationFailsWithItsLine() throws {
        let dir = try temporaryFolder("spec")
        try """
        describe("crossfade", function()
          it("is right", function() assert.is_true(animhost.run{ plugin = "crossfade" }.completed) end)
          it("is wrong", function()
            assert.are.equal(0.3, animhost.run{ plugin = "crossfade" }.duration)
          end)
          it("diffs tables", function() assert.are.same({ 1, { 2 } }, { 1, { 3 } }) end)
          pending("one day")
        end)
        """.write(to: dir.appendingPathComponent("wrong_spec.lua"), atomically: true, encoding: .utf8)
        let r = try animhost(["test", "wrong_spec.lua"], in: dir)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.contains("wrong_spec.lua:4: expected 0.3, got 0.28"), r.out)
        XCTAssertTrue(r.out.contains("wrong_spec.lua:6: tables differ at [2][1]: expected 2, got 3"), r.out)
        XCTAssertTrue(r.out.hasSuffix("1 passed, 2 failed, 1 skipped\n"), r.out)
        let filtered = try animhost(["test", "wrong_spec.lua", "--filter", "is right"], in: dir)
        XCTAssertEqual(filtered.code, 0)
        XCTAssertTrue(filtered.out.hasSuffix("1 passed, 0 failed\n"), filtered.out)
    }

    func testAssertionMessagesAreShownAndAssertStaysCallable() throws {
        let dir = try temporaryFolder("spec-msg")
        try """
        describe("messages", function()
          it("lead/in", function() assert.is_true(false, "the card is lifted") end)
          it("near", function() assert.are.near(1, 2, 0.1, "scale") end)
          it("plain", function() assert(1 == 2, "one is not two") end)
          it("passes", function() assert(true) end)
        end)
        """.write(to: dir.appendingPathComponent("msg_spec.lua"), atomically: true, encoding: .utf8)
        let r = try animhost(["test", "msg_spec.lua"], in: dir)
        XCTAssertTrue(r.out.contains("msg_spec.lua:2: the card is lifted: expected true, got false"), r.out)
        XCTAssertTrue(r.out.contains("msg_spec.lua:3: scale: expected 1 within 0.1, got 2"), r.out)
        XCTAssertTrue(r.out.contains("msg_spec.lua:4: one is not two"), r.out)
        XCTAssertTrue(r.out.hasSuffix("1 passed, 3 failed\n"), r.out)
        let json = try animhost(["test", "msg_spec.lua", "--output", "json"], in: dir)
        XCTAssertTrue(json.out.contains("\"messages lead/in\""), "slashes are not escaped: \(json.out)")
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as! [String: Any]
        let tests = ((object["files"] as! [[String: Any]])[0]["tests"] as! [[String: Any]])
        XCTAssertEqual(tests.map { $0.keys.sorted() }, Array(repeating: ["message", "name", "status"], count: 4), "every test has a message, null when it passed")
        XCTAssertTrue(tests[3]["message"] is NSNull)
    }
}

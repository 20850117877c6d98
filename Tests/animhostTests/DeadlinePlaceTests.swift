import XCTest
import Foundation
import AnimhostTestSupport

/// A run past its deadline is blamed on the file whose code was running: a module's loop names the
/// module's file and line, not the plugin's file at the module's line.
final class DeadlinePlaceTests: XCTestCase {
    func testALoopInAModuleNamesTheModule() throws {
        let work = try temporaryFolder("deadline-place")
        try "local M = {}\nfunction M.spin()\n  local x = 0\n  while true do x = x + 1 end\nend\nreturn M\n"
            .write(to: work.appendingPathComponent("spinner.lua"), atomically: true, encoding: .utf8)
        try """
        local spinner = require("spinner")
        local p = { name = "hostile", scenes = { from = "grid", to = "detail" } }
        function p.duration() return 0.3 end
        function p.animate(ctx)
          spinner.spin()
        end
        return p
        """.write(to: work.appendingPathComponent("hostile.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "hostile.lua", "--timeout", "0.5", "--format", "json", "--out", "out"], in: work)
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.err.hasPrefix("animhost: spinner.lua:4: the plugin ran past its time limit of 0.5 s"), r.err)
    }

    /// A spec that runs past its deadline between its runs is blamed on the spec file, never on a line
    /// of the host's spec framework (given the spec's name, as line 311 of a five-line spec), wherever
    /// the deadline finds it.
    func testASpecsDeadlineNeverNamesTheFramework() throws {
        let work = try temporaryFolder("deadline-spec")
        try """
        describe("loop", function()
          it("runs again and again", function()
            for i = 1, 1e9 do animhost.run{ plugin = "crossfade", fps = 1 } end
          end)
        end)
        """.write(to: work.appendingPathComponent("loop_spec.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "loop_spec.lua", "--timeout", "1"], in: work)
        XCTAssertEqual(r.code, 1, r.out + r.err)
        XCTAssertTrue((r.out + r.err).contains("loop_spec.lua"), r.out + r.err)
        XCTAssertTrue((r.out + r.err).contains("the plugin ran past its time limit of 1.0 s"), r.out + r.err)
        XCTAssertFalse((r.out + r.err).contains("animhost.spec"), r.out + r.err)
        let named = (r.out + r.err).firstMatch(of: /loop_spec\.lua:(\d+):/).map { Int($0.1)! }
        XCTAssertLessThanOrEqual(named ?? 0, 5, "a line of the spec's five, if any: \(r.out + r.err)")
    }
}

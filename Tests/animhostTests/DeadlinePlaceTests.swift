import XCTest
import Foundation

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
}

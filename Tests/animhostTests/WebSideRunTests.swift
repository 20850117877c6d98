import XCTest
import Foundation
import AnimhostTestSupport

/// The runs a web page carries beside the run itself (with reduced motion, interactive) are made
/// first, by the same plugin: one that fails, even by running past its time limit, leaves its part off
/// the page with a warning and never the run itself, whose frames and other formats stay as they are
/// without a page. No browser needed.
final class WebSideRunTests: XCTestCase {
    /// A plugin whose `animate` loops forever when `condition` holds (line 5), else crossfades.
    private static func looping(when condition: String) -> String {
        """
        local p = { name = "looper", scenes = { from = "news", to = "article" } }
        function p.duration() return 0.3 end
        function p.animate(ctx)
          if \(condition) then
            while true do end
          end
          shared.crossfade(ctx, {})
        end
        return p
        """
    }

    /// A loop only in the interactive run: the page is written without drags, the run says why (the time
    /// limit, the plugin's file and line) and ends well, its timeline that of a run without a page.
    func testLoopInTheInteractiveRunLeavesDragsOff() throws {
        try check(condition: "ctx.interactive", operation: "pop", part: "animhost-drag", cause: "the interactive run failed")
    }

    /// A loop only with reduced motion: the page is written without the run with reduced motion, and
    /// still takes drags (the interactive run comes after the one that ran out of time).
    func testLoopWithReducedMotionLeavesThatRunOff() throws {
        let page = try check(condition: "ctx.reducedMotion", operation: "pop", part: "id=\"reduced\"", cause: "the run with reduced motion failed")
        XCTAssertTrue(page.contains("animhost-drag"), "the interactive run, made after the one that ran out of time, is on the page")
    }

    /// The side runs load the plugin afresh, each on a state of its own: what its file prints as it
    /// loads is shown once, as without a page, while what its runs print is shown for each run.
    func testWhatThePluginPrintsAsItLoadsIsShownOnce() throws {
        let work = try temporaryFolder("web-side-print")
        try ("print(\"loading\")\n" + WebSideRunTests.looping(when: "false").replacingOccurrences(of: "function p.animate(ctx)", with: "function p.animate(ctx)\n  print(\"running\")"))
            .write(to: work.appendingPathComponent("looper.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "looper.lua", "--operation", "pop", "--fps", "15", "--format", "web", "--out", "out"], in: work)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.err.components(separatedBy: "[looper] loading").count - 1, 1, r.err)
        XCTAssertEqual(r.err.components(separatedBy: "[looper] running").count - 1, 4, "the run, with reduced motion, interactive, both: \(r.err)")
    }

    /// Runs the looping plugin to json and web, and to json alone, and compares; the page's text.
    @discardableResult
    private func check(condition: String, operation: String, part: String, cause: String) throws -> String {
        let work = try temporaryFolder("web-side-loop")
        try WebSideRunTests.looping(when: condition).write(to: work.appendingPathComponent("looper.lua"), atomically: true, encoding: .utf8)
        let both = try CLI.run(["run", "looper.lua", "--operation", operation, "--timeout", "0.5", "--fps", "15", "--format", "json,web", "--out", "both"], in: work)
        XCTAssertEqual(both.code, 0, both.err)
        XCTAssertTrue(both.err.contains("animhost: warning: \(cause)"), both.err)
        XCTAssertTrue(both.err.contains("looper.lua:5: the plugin ran past its time limit of 0.5 s"), both.err)
        let alone = try CLI.run(["run", "looper.lua", "--operation", operation, "--timeout", "0.5", "--fps", "15", "--format", "json", "--out", "alone"], in: work)
        XCTAssertEqual(alone.code, 0, alone.err)
        XCTAssertEqual(
            try Data(contentsOf: work.appendingPathComponent("both/timeline.json")), try Data(contentsOf: work.appendingPathComponent("alone/timeline.json")),
            "the run's timeline beside the page")
        let page = try String(contentsOf: work.appendingPathComponent("both/web/index.html"), encoding: .utf8)
        XCTAssertFalse(page.contains(part), "the failed run's part is left off the page")
        return page
    }
}

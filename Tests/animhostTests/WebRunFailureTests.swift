import XCTest
import Foundation
import AnimhostTestSupport

/// A run whose page cannot be made because the run itself fails says why once: the runs the page
/// carries beside it (made first, by the same plugin) fail for the same cause, and their warnings
/// would repeat the error three times over before it.
final class WebRunFailureTests: XCTestCase {
    func testAFailingRunReportsItsErrorOnceWithoutSideRunWarnings() throws {
        let folder = try temporaryFolder("web-run-failure")
        let plugin = folder.appendingPathComponent("broken.lua")
        try """
        local p = { name = "broken", scenes = { from = "news", to = "article" } }
        function p.duration() return 0.3 end
        function p.animate(ctx)
          error("the plugin is broken")
        end
        return p
        """.write(to: plugin, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let r = try CLI.run(["run", plugin.path, "--operation", "pop", "--format", "web", "--out", out.path])
        XCTAssertNotEqual(r.code, 0)
        XCTAssertEqual(r.err.components(separatedBy: "the plugin is broken").count - 1, 1, r.err)
        XCTAssertFalse(r.err.contains("warning"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("web/index.html").path))
    }
}

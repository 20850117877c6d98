import XCTest
import Foundation
import AnimhostTestSupport

/// `ctx:complete(true)` after a cancel: UIKit's `completeTransition(true)` keeps the destination on
/// screen even when the interaction was cancelled, a classic bug; `run` warns at the line, `check` fails.
final class CompleteAfterCancelTests: XCTestCase {
    /// A plugin on detail → grid that completes with `true` whatever happened, at line 6.
    func write(in dir: URL) throws {
        try """
        return { name = "stubborn", scenes = { from = "grid", to = "detail" },
          duration = function() return 0.3 end,
          animate = function(ctx)
            ctx.container:insert(ctx.to.view, { below = ctx.from.view })
            animate{ duration = 0.3, function() ctx.from.view.alpha = 0 end,
                     completion = function() ctx:complete(true) end }
          end }
        """.write(to: dir.appendingPathComponent("stubborn.lua"), atomically: true, encoding: .utf8)
    }

    func testRunWarnsNamingTheLineAndKeepsUIKitsOutcome() throws {
        let dir = try makeTemporaryFolder("stubborn")
        try write(in: dir)
        let r = try CLI.run(["run", "stubborn.lua", "--operation", "pop", "--gesture", "edge-swipe to=0.2 release=slow", "--out", "o"], in: dir)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("animhost: warning: stubborn.lua:6: ctx:complete(true) after the transition was cancelled"), r.err)
        // as in UIKit, the destination (the grid) stays and the detail leaves
        let timeline = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("o/timeline.json"))) as! [String: Any]
        let last = (timeline["frames"] as! [[String: Any]]).last!["nodes"] as! [[String: Any]]
        let ids = Set(last.map { $0["id"] as! String })
        XCTAssertTrue(ids.contains("grid"))
        XCTAssertFalse(ids.contains("detail"))
        // without a cancel there is nothing to warn about
        let plain = try CLI.run(["run", "stubborn.lua", "--operation", "pop", "--out", "p"], in: dir)
        XCTAssertFalse(plain.err.contains("warning"), plain.err)
    }

    func testCheckReportsItAsAFailure() throws {
        let dir = try makeTemporaryFolder("stubborn-check")
        try write(in: dir)
        let r = try CLI.run(["check", "stubborn.lua"], in: dir)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.contains("stubborn.lua:6: ctx:complete(true) after the transition was cancelled"), r.out)
    }
}

import XCTest
import Foundation
@testable import AnimhostLua
import AnimhostTestSupport

/// Plugins that try to run code where the deadline cannot reach it (finalizers, the state's close,
/// to-be-closed variables), and runs that must give the same bytes every time. Each run is bounded
/// by the time limit, the watchdog's grace and a wide margin, so a hang fails the test instead of
/// hanging the suite.
final class SandboxEscapeTests: XCTestCase {
    var work: URL!
    let timeout = 1.0
    /// The time limit, the watchdog's grace for native calls, and a margin for a busy machine.
    var bound: Double { timeout + Watchdog.grace + 8 }

    override func setUpWithError() throws {
        work = try temporaryFolder("escape")
    }

    struct Outcome {
        let code: Int32
        let err: String
        let killed: Bool
    }

    /// Runs `animhost run hostile.lua` on `body` as `animate`, killing the process if it outlives ``bound``.
    func run(_ body: String, extra: [String] = ["--format", "none"]) throws -> Outcome {
        try CLI.writeHostilePlugin(body, in: work)
        let r = try CLI.run(["run", "hostile.lua", "--timeout", String(timeout)] + extra, in: work, timeout: bound)
        return Outcome(code: r.code, err: r.err, killed: r.timedOut)
    }

    func testAFinalizerCannotBeInstalledByRedefiningGlobals() throws {
        for redefinition in ["rawget = function() return nil end", "type = function() return 'nil' end"] {
            let r = try run(
                """
                \(redefinition)
                keep = setmetatable({}, { __gc = function() while true do end end })
                setmetatable({}, { __gc = function() while true do end end })
                ctx:complete(true)
                """)
            XCTAssertFalse(r.killed, "ended by itself: \(redefinition)")
            XCTAssertEqual(r.code, 1, r.err)
            XCTAssertTrue(r.err.contains("hostile.lua:5: setmetatable: __gc finalizers are not available"), r.err)
        }
    }

    func testAFinalizerAddedLaterRunsNeitherInCollectionsNorAtClose() throws {
        let r = try run(
            """
            local mt = {}
            keep = setmetatable({}, mt)
            local dropped = setmetatable({}, mt)
            mt.__gc = function() while true do end end
            dropped = nil
            for i = 1, 200000 do local garbage = { i } end
            for i = 1, 2000 do node{} end
            ctx:complete(true)
            """)
        XCTAssertFalse(r.killed)
        XCTAssertEqual(r.code, 0, r.err)
    }

    func testToBeClosedVariablesStopAtTheDeadline() throws {
        let looping = "setmetatable({}, { __close = function() while true do end end })"
        for body in [
            "local guard <close> = \(looping)\nwhile true do end",
            "do local guard <close> = \(looping) end",
            "coroutine.wrap(function() local guard <close> = \(looping) while true do end end)()"
        ] {
            let r = try run(body)
            XCTAssertFalse(r.killed, body)
            XCTAssertEqual(r.code, 1, r.err)
            XCTAssertTrue(r.err.contains("ran past its time limit"), r.err)
        }
    }

    func testMetamethodsReachedThroughLibraryCallsStopAtTheDeadline() throws {
        let looping = "setmetatable({}, { __tostring = function() while true do end end, __lt = function() while true do end end })"
        for body in [
            "print(\(looping))", "local s = string.format('%s', \(looping))", "local s = tostring(\(looping))",
            "table.sort({ \(looping), \(looping), \(looping) })"
        ] {
            let r = try run(body)
            XCTAssertFalse(r.killed, body)
            XCTAssertEqual(r.code, 1, r.err)
            XCTAssertTrue(r.err.contains("ran past its time limit"), r.err)
        }
    }

    /// The same plugin run twice writes the same timeline, byte for byte, though it builds nodes
    /// from tables (whose traversal order Lua seeds differently in each process), names nodes after
    /// `tostring` of tables, and reads the clock.
    func testTwoRunsWriteTheSameTimeline() throws {
        let body = """
            local view = ctx.from.view
            for i = 1, 12 do
              local n = node{ id = tostring({}) .. "/" .. tostring(print), center = point(10 * i, 20), frame = rect(0, 0, i, 2 * i),
                              bounds = rect(0, 0, i + 1, i), alpha = 0.5, tag = string.format("%p", {}) }
              view:add(n)
            end
            animate{ duration = 0.2 + os.clock(), function() view.alpha = 0 end, completion = function() ctx:complete(true) end }
            """
        var timelines: [Data] = []
        for i in 0..<2 {
            let out = "out\(i)"
            let r = try run(body, extra: ["--format", "json", "--out", out])
            XCTAssertEqual(r.code, 0, r.err)
            timelines.append(try Data(contentsOf: work.appendingPathComponent(out).appendingPathComponent("timeline.json")))
        }
        XCTAssertEqual(timelines[0], timelines[1])
        let text = String(decoding: timelines[0], as: UTF8.self)
        XCTAssertFalse(text.contains("0x"), "no address in the timeline")
        XCTAssertTrue(text.contains("table: #1/function: #2"), "stable ids in the timeline")
    }
}

import Foundation
import XCTest
import AnimhostTestSupport

/// `run` warns, and still succeeds, on the mistakes a first plugin makes; a clean run says nothing.
final class RunAdviceTests: XCTestCase {
    /// Runs a grid → detail plugin whose `animate` is `body`; its exit code and standard error.
    private func run(_ body: String) throws -> CLI.Result {
        let dir = try temporaryFolder("advice")
        try CLI.writeHostilePlugin(body, in: dir)
        return try CLI.run(["run", "hostile.lua", "--format", "json", "--out", "out"], in: dir)
    }

    private let finish = "completion = function() ctx:complete(true) end"

    func testTheDestinationNeverAddedIsNamed() throws {
        let r = try run("animate{ duration = 0.2, function() ctx.from.view.alpha = 0 end, \(finish) }")
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssert(r.err.contains("warning: the destination 'detail' (ctx.to.view) was never added to the container"), r.err)
    }

    func testADestinationLeftInvisibleIsNamed() throws {
        let r = try run("ctx.container:add(ctx.to.view); ctx.to.view.alpha = 0\nanimate{ duration = 0.2, function() ctx.from.view.alpha = 0 end, \(finish) }")
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssert(r.err.contains("warning: the destination 'detail' (ctx.to.view) ends with alpha 0"), r.err)
    }

    func testANodeLeftBehindIsNamed() throws {
        let r = try run(
            "ctx.container:add(ctx.to.view); ctx.container:add(node{ id = \"veil\", frame = rect(0, 0, 10, 10) })\n"
                + "animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end, \(finish) }")
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssert(r.err.contains("warning: 'veil' stayed in the container after the transition"), r.err)
    }

    /// A destination drawn inside a holder node is drawn: the note says where it ends, not that it is never drawn.
    func testADestinationLeftInsideAHolderIsNamedAsSuch() throws {
        let r = try run(
            "local holder = node{ id = \"holder\", frame = ctx.container.bounds }\nctx.container:add(holder); holder:add(ctx.to.view)\n"
                + "animate{ duration = 0.2, function() ctx.from.view.alpha = 0 end, \(finish) }")
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertFalse(r.err.contains("never added"), r.err)
        XCTAssertFalse(r.err.contains("stayed in the container"), r.err)
        XCTAssert(r.err.contains("warning: the destination 'detail' (ctx.to.view) ends inside 'holder', not directly in the container"), r.err)
    }

    func testCompletingBeforeTheFirstFrameIsNamed() throws {
        let r = try run("ctx.container:add(ctx.to.view)\nanimate{ duration = 0.3, function() ctx.from.view.alpha = 0 end }\nctx:complete(true)")
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssert(r.err.contains("warning: ctx:complete was called at t = 0, before the first frame"), r.err)
    }

    func testTheBuiltinsRunWithoutAWarning() throws {
        for plugin in ["zoom", "crossfade", "card-lift", "match"] {
            let dir = try temporaryFolder("advice")
            let r = try CLI.run(["run", plugin, "--format", "json", "--out", "out"], in: dir)
            XCTAssertEqual(r.code, 0, r.err)
            XCTAssertEqual(r.err, "", plugin)
        }
    }
}

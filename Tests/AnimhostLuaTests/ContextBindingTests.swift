import XCTest
import AnimhostCore
@testable import AnimhostLua

final class ContextBindingTests: XCTestCase {
    func testContextFields() throws {
        let out = try evalLua(
            """
            print(ctx.operation, ctx.presenting, ctx.interactive, ctx.cancelled, ctx.size, ctx:duration())
            print(ctx.from.name, ctx.to.name, ctx.from.view.id, ctx.to.view.parent, ctx.container.children[1] == ctx.from.view)
            print(ctx.from.delegate:referenceNode(ctx).id, ctx.to.delegate:referenceFrame(ctx), ctx.to.delegate:backgroundColor(ctx).hex)
            print(ctx.from.size, ctx.to.overlay)
            """, duration: "0.42")
        XCTAssertEqual(
            out,
            [
                "push\ttrue\tfalse\tfalse\tsize(390, 844)\t0.42", "grid\tdetail\tgrid\tnil\ttrue",
                "photo-4\trect(0, 96, 390, 260)\t#FFFFFF", "size(390, 844)\tfalse"
            ])
    }

    func testHooksAndCompletionAreLogged() throws {
        let plugin = try makePlugin(
            animatorSource(
                """
                ctx.from.delegate:willBegin(ctx)
                animate{ duration = 0.2, function() ctx.from.view.alpha = 0.5 end, completion = function()
                  ctx.to.delegate:didEnd(ctx, ctx.to.view)
                  ctx:complete(true)
                end }
                """))
        let outcome = try plugin.run(TransitionRequest())
        XCTAssertEqual(outcome.calls.map(\.call), ["from.willBegin", "to.didEnd", "complete(true)"])
        XCTAssertEqual(outcome.calls.last?.time ?? 0, 0.2, accuracy: 1e-12)
    }

    func testContextMisuse() {
        XCTAssertEqual(luaError("ctx.foo = 1"), "p.lua:4: ctx is read-only (set values on nodes, or keep your own state in a local table)")
        XCTAssertEqual(luaError("print(ctx.containr)"), "p.lua:4: ctx has no field 'containr' (did you mean 'container'?)")
        XCTAssertEqual(luaError("ctx.container.add = 1"), "p.lua:4: node.add is read-only")
        XCTAssertEqual(luaError("node{ find = 1 }"), "p.lua:4: node.find is read-only")
        XCTAssertEqual(
            luaError("ctx.container.frame = ctx.container"),
            "p.lua:4: node.frame: expected a rect (make one with rect(x, y, width, height)), got node")
        XCTAssertEqual(luaError("ctx.complete(true)"), "p.lua:4: expected ctx (call methods with a colon: ctx:complete(true)), got boolean")
        XCTAssertEqual(luaError("ctx:complete()", complete: false), "p.lua:4: ctx:complete(ok): expected true or false, got no value (usually ctx:complete(not ctx.cancelled))")
        XCTAssertEqual(luaError("ctx:complete(true)"), "p.lua:5: ctx:complete was called twice (call it exactly once, when the transition ends)")
        XCTAssertTrue(luaError("ctx:update(0.5)").contains("not interactive"))
    }

    /// `ctx:onComplete` functions run when the plugin completes, in the order given, with the outcome,
    /// while the screen that goes is still in the container.
    func testOnCompleteRunsInOrderBeforeTheScreenGoes() throws {
        let out = try evalLua(
            """
            ctx:onComplete(function(ok) print("first", ok, ctx.from.view.parent == ctx.container) end)
            ctx:onComplete(function(ok) print("second", ok) end)
            print("completing")
            """)
        XCTAssertEqual(out, ["completing", "first\ttrue\ttrue", "second\ttrue"])
    }

    func testOnCompleteMisuse() {
        XCTAssertEqual(luaError("ctx:onComplete(1)"), "p.lua:4: ctx:onComplete(fn): expected a function, got number")
        XCTAssertEqual(
            luaError("ctx:complete(true)\nctx:onComplete(function() end)", complete: false),
            "p.lua:5: ctx:onComplete: the transition has completed already")
        XCTAssertEqual(
            luaError("ctx:onComplete(function() ctx:complete(true) end)"),
            "p.lua:4: ctx:complete: called again from an onComplete function")
        XCTAssertEqual(luaError("ctx:onComplete(function() error('boom') end)"), "p.lua:4: boom")
        XCTAssertEqual(
            luaError("ctx:onComplete(function() ctx:onComplete(print) end)"),
            "p.lua:4: ctx:onComplete: the transition has completed already")
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostLua

final class NodeBindingTests: XCTestCase {
    func testPropertiesReadTheModelValues() throws {
        let out = try evalLua(
            """
            local cell = ctx.from.view:find("photo-4")
            print(cell.id, cell.scene, cell.frame, cell.cornerRadius, cell.contentMode, cell.clips, cell.image)
            print(cell.bounds, cell.center, cell.alpha, cell.hidden, cell.parent == ctx.from.view, #ctx.from.view.children)
            """)
        XCTAssertEqual(
            out,
            [
                "photo-4\tgrid\trect(199, 289, 183, 177)\t6.0\taspectFill\ttrue\tplaceholder:4",
                "rect(0, 0, 183, 177)\tpoint(290.5, 377.5)\t1.0\tfalse\ttrue\t9"
            ])
    }

    func testSettersKeepTheRestOfTheGeometry() throws {
        let out = try evalLua(
            """
            local n = node{ id = "n", frame = rect(10, 10, 100, 50) }
            n.center = point(0, 0); print(n.frame)
            n.bounds = rect(0, 0, 20, 20); print(n.frame)
            n.shadow = { opacity = 0.5 }; print(n.shadow.opacity, n.shadow.radius)
            n.border = { width = 2, color = "#FF0000" }; print(n.border.width, n.border.color.hex)
            n.alpha = 7; print(n.alpha)
            n.backgroundColor = nil; print(n.backgroundColor.hex)
            """)
        XCTAssertEqual(out, ["rect(-50, -25, 100, 50)", "rect(-10, -10, 20, 20)", "0.5\t3.0", "2.0\t#FF0000", "1.0", "#00000000"])
    }

    func testNodeConstructorAndTreeMethods() throws {
        let out = try evalLua(
            """
            local badge = node{ id = "badge", frame = rect(1, 2, 3, 4), backgroundColor = color("#00FF00"),
                                children = { node{ id = "dot", frame = rect(0, 0, 1, 1) } } }
            print(badge.id, badge.backgroundColor.hex, badge:find("dot").id, node{}.id, node{}.id)
            local c = ctx.container
            print(c:add(badge) == badge, badge.parent == c)
            local other = c:insert(node{ id = "under" }, { below = badge })
            print(c.children[#c.children - 1].id, c.children[#c.children].id)
            local copy = badge:snapshot()
            print(copy.isSnapshot, copy.id, copy == badge, copy:find("dot") ~= badge:find("dot"))
            print(badge:convert(rect(0, 0, 3, 4), ctx.from.view), badge:convert(point(1, 1), nil))
            badge:remove(); print(badge.parent)
            """)
        XCTAssertEqual(
            out,
            [
                "badge\t#00FF00\tdot\tnode-3\tnode-4", "true\ttrue", "under\tbadge",
                "true\tbadge\tfalse\ttrue", "rect(1, 2, 3, 4)\tpoint(2, 3)", "nil"
            ])
    }

    func testMistakesAreNamedWithTheClosestProperty() {
        XCTAssertEqual(luaError("ctx.from.view.alpah = 1"), "p.lua:4: a node has no property 'alpah' (did you mean 'alpha'?)")
        XCTAssertEqual(luaError("print(ctx.from.view.framee)"), "p.lua:4: a node has no property 'framee' (did you mean 'frame'?)")
        XCTAssertEqual(luaError("ctx.from.view.alpha = 0/0"), "p.lua:4: node.alpha: expected a finite number, got nan")
        XCTAssertEqual(luaError("ctx.from.view.frame = rect(0, 0, 1/0, 1)"), "p.lua:4: rect: width: expected a finite number, got inf")
        XCTAssertEqual(luaError("ctx.from.view.frame = rect(0, 0, -1, 1)"), "p.lua:4: node.frame: width and height must not be negative")
        XCTAssertEqual(luaError("ctx.from.view.frame = {0, 0, 1, 1}"), "p.lua:4: node.frame: expected a rect (make one with rect(x, y, width, height)), got table")
        XCTAssertEqual(luaError("ctx.from.view.id = 'x'"), "p.lua:4: node.id is read-only")
        XCTAssertEqual(luaError("ctx.from.view.contentMode = 'cover'"), "p.lua:4: node.contentMode: expected \"fill\", \"aspectFit\" or \"aspectFill\", got 'cover'")
        XCTAssertEqual(luaError("ctx.from.view:add(ctx.container)"), "p.lua:4: cannot add 'container' to 'grid': a node cannot contain itself")
        XCTAssertEqual(luaError("ctx.from.view.shadow = { blur = 3 }"), "p.lua:4: node.shadow: unknown field 'blur'")
        XCTAssertEqual(luaError("print(ctx.from.view[1])"), "p.lua:4: a node's keys are property names, got number")
        XCTAssertEqual(luaError("print(ctx.from.view[string.rep('alpha', 10)])"), "p.lua:4: a node has no property '\(String(repeating: "alpha", count: 10))'")
    }

    func testNodesWithoutAnIdAreNumberedInOrder() throws {
        let out = try evalLua(
            """
            local ids = {}
            for i = 1, 1000 do ids[i] = node{}.id end
            print(ids[1], ids[9], ids[10], ids[99], ids[100], ids[1000], node{ id = "x" }.id, node{}.id)
            """)
        XCTAssertEqual(out, ["node-1\tnode-9\tnode-10\tnode-99\tnode-100\tnode-1000\tx\tnode-1002"])
    }

    func testKeysMadeAtRunTimeAreTheSameKeys() throws {
        let out = try evalLua(
            """
            local v = ctx.from.view
            local name = table.concat({ "al", "pha" })
            v[name] = 0.25
            print(v.alpha, v[string.lower("ALPHA")], v[("frame"):sub(1)] == v.frame, type(v[name:gsub("alpha", "add")]))
            """)
        XCTAssertEqual(out, ["0.25\t0.25\ttrue\tfunction"])
    }
}

final class AnimateBindingTests: XCTestCase {
    func testNodesKeptByAPluginOutliveTheirRun() throws {
        // Lua holds nodes by address: one kept from a finished run (its scenes gone) must stay usable.
        var lines: [String] = []
        let plugin = try makePlugin(
            animatorSource(
                """
                  if kept then print(kept.id, kept.frame, kept.parent ~= nil, kept == keptAgain) end
                  kept = ctx.from.view:find("cell-1") or ctx.from.view.children[1]
                  keptAgain = kept
                  made = made or node{ id = "made", frame = rect(1, 2, 3, 4) }
                  print(made.id, made.frame)
                  ctx:complete(true)
                """)
        ) { lines.append($0) }
        _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil)
        let first = lines
        _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[1].split(separator: "\t").last, "true", "identity holds across runs")
        XCTAssertEqual(lines[2], first[0])
    }

    func testTheCtxAndDelegatesOfAnEndedTransitionRefuseTheirMethodsAndLiveFields() throws {
        var lines: [String] = []
        let plugin = try makePlugin(
            animatorSource(
                """
                  if old then
                    print(pcall(function() old:complete(true) end))
                    print(pcall(function() return old.cancelled end))
                    print(old.operation, old == ctx)
                    print(pcall(function() return oldDelegate:referenceFrame(ctx) end))
                  end
                  old, oldDelegate = ctx, ctx.from.delegate
                  ctx:complete(true)
                """)
        ) { lines.append($0) }
        for _ in 0..<2 { _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil) }
        XCTAssertEqual(lines.count, 4, "\(lines)")
        XCTAssertTrue(lines[3].contains("this delegate belongs to a transition that has ended"), lines[3])
        XCTAssertTrue(lines[0].contains("false\t") && lines[0].contains("this ctx belongs to a transition that has ended"), lines[0])
        XCTAssertTrue(lines[1].contains("this ctx belongs to a transition that has ended"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix("push\tfalse"), "fixed fields still read; each run has its own ctx: \(lines[2])")
    }

    func run(_ body: String, fps: Int = 10) throws -> [FrameSample] {
        let plugin = try makePlugin(animatorSource(body))
        let rec = FrameRecorder()
        _ = try plugin.run(TransitionRequest(fps: fps), sink: rec)
        return rec.frames
    }

    func testAnimateInterpolatesWithTheCurveAndCompletesOnce() throws {
        let frames = try run(
            """
            local v = ctx.from.view
            local calls = 0
            animate{ duration = 0.4, curve = "linear", function() v.alpha = 0 end,
                     completion = function(finished) calls = calls + 1; assert(finished); v.alpha = 1; ctx:complete(calls == 1) end }
            """)
        XCTAssertEqual(frames.map { (($0.node("grid")?.opacity ?? -1) * 1e9).rounded() / 1e9 }, [1, 0.75, 0.5, 0.25, -1], "the from-screen leaves once completed")
    }

    func testUIKitSpringOverTheBlockDuration() throws {
        let frames = try run(
            """
            local v = ctx.from.view:find("photo-1")
            animate{ duration = 0.5, spring = { damping = 0.5 }, function() v.frame = rect(100, 104, 183, 177) end,
                     completion = function() ctx:complete(true) end }
            """, fps: 20)
        let xs = frames.dropLast().map { $0.node("photo-1")!.frame.x }
        XCTAssertEqual(xs.first, 8)
        XCTAssertEqual(xs.last!, 100, accuracy: 1)
        XCTAssertGreaterThan(xs.max()!, 100, "damping 0.5 overshoots")
        XCTAssertEqual(frames.count, 11)
    }

    func testKeyframesAndDelays() throws {
        let frames = try run(
            """
            local v = ctx.from.view
            keyframes{ duration = 0.4, delay = 0.1, function()
              keyframe(0, 0.5, function() v.alpha = 0 end)
              keyframe(0.5, 0.5, function() v.alpha = 1 end)
            end, completion = function() ctx:complete(true) end }
            """, fps: 20)
        let alphas = frames.map { (($0.node("grid")?.opacity ?? -1) * 1000).rounded() / 1000 }
        XCTAssertEqual(alphas, [1, 1, 1, 0.75, 0.5, 0.25, 0, 0.25, 0.5, 0.75, -1])
    }

    func testOptionsAreChecked() {
        XCTAssertEqual(luaError("animate{ duraton = 1, function() end }"), "p.lua:4: animate{}: unknown field 'duraton' (did you mean 'duration'?)")
        XCTAssertEqual(luaError("animate{ duration = 1 }"), "p.lua:4: animate{}: expected the animations function as the table's first item, got nil")
        XCTAssertEqual(luaError("animate{ duration = -1, function() end }"), "p.lua:4: animate{}: duration and delay must not be negative")
        XCTAssertEqual(
            luaError("animate{ curve = function(x) return x end, function() end }"),
            "p.lua:4: animate{}.curve: expected an easing spec such as \"easeOut\" or easing(…), got function (curves run in the host, not in Lua)")
        XCTAssertEqual(luaError("animate{ curve = 'linear', spring = {damping = 1}, function() end }"), "p.lua:4: animate{}: give either curve or spring, not both")
        XCTAssertEqual(luaError("keyframe(0, 1, function() end)"), "p.lua:4: keyframe() may only be called inside a keyframes{} block")
    }

    func testErrorsInsideTheBlockKeepTheirOwnLine() {
        XCTAssertEqual(luaError("animate{ duration = 1, function()\n local x = nil\n x.y = 1\n end }"), "p.lua:6: attempt to index a nil value (local 'x')")
    }
}

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
}

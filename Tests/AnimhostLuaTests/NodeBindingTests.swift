import XCTest
import Foundation
import CLua
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

    /// A node handed to two states has one userdata in each: each state finds its own again, also
    /// after the other state handed the node over since.
    func testANodeHandedToTwoStatesKeepsOneUserdataInEach() throws {
        let a = try LuaHost(chunkName: "a.lua", printPrefix: "a"), b = try LuaHost(chunkName: "b.lua", printPrefix: "b")
        let node = Node(id: "shared")
        NodeBinding.push(a.L, node)
        NodeBinding.push(b.L, node)
        NodeBinding.push(a.L, node)
        NodeBinding.push(b.L, node)
        XCTAssertEqual(lua_rawequal(a.L, -1, -2), 1, "the first state's userdata, found again")
        XCTAssertEqual(lua_rawequal(b.L, -1, -2), 1, "the second state's userdata, found again")
        XCTAssertEqual(a.nodes.count, 1)
        XCTAssertEqual(b.nodes.count, 1)
    }

    /// `node{}` applies its fields in one order whatever the table's: the frame, then `bounds` (kept
    /// about the frame's centre), then `center`; every other field, an unknown one among them, as given.
    func testNodeFieldsApplyFrameThenBoundsThenCenter() throws {
        let out = try evalLua(
            """
            for _, n in ipairs({
              node{ center = point(5, 5), bounds = rect(0, 0, 20, 20), frame = rect(10, 10, 100, 50), alpha = 0.5, id = "a",
                    border = { width = 2 }, cornerRadius = 3, hidden = true, tag = "t", children = { node{ id = "c" } } },
              node{ frame = rect(10, 10, 100, 50), bounds = rect(0, 0, 20, 20) },
            }) do
              print(n.id, n.frame, n.alpha, n.border.width, n.cornerRadius, n.hidden, n.tag, #n.children)
            end
            print(pcall(function() return node{ frame = rect(0, 0, 1, 1), alpah = 1, center = point(0, 0) } end))
            """)
        XCTAssertEqual(
            out,
            [
                "a\trect(-5, -5, 20, 20)\t0.5\t2.0\t3.0\ttrue\tt\t1", "node-3\trect(50, 25, 20, 20)\t1.0\t0.0\t0.0\tfalse\tnil\t0",
                "false\tp.lua:11: a node has no property 'alpah' (did you mean 'alpha'?)"
            ])
    }

    /// Lua is linked into the program rather than loaded from a shared library: calls into it are
    /// direct, and the loader has one library fewer to map and search at start.
    func testLuaIsLinkedIntoTheProgram() throws {
        XCTAssertEqual(lua_gettop(try LuaHost(chunkName: "p.lua", printPrefix: "p").L), 0)
        let maps = try XCTUnwrap(fopen("/proc/self/maps", "r"))
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?, size = 0, mapped: [String] = []
        defer { free(line) }
        while getline(&line, &size, maps) > 0, let line { if strstr(line, "liblua") != nil { mapped.append(String(cString: line)) } }
        XCTAssertEqual(mapped, [])
    }
}

/// `maskedCorners` and `cornerCurve` in Lua: arrays of corner names read back in `CACornerMask`'s order.
final class CornerBindingTests: XCTestCase {
    func testCornersAreSetAndReadBack() throws {
        let out = try evalLua(
            """
            local n = node{ id = "n", maskedCorners = { "maxXMinY", "minXMinY" }, cornerCurve = "continuous" }
            print(table.concat(n.maskedCorners, ","), n.cornerCurve, #node{ id = "m" }.maskedCorners)
            n.maskedCorners = {}; print(#n.maskedCorners)
            """)
        XCTAssertEqual(out, ["minXMinY,maxXMinY\tcontinuous\t4", "0"])
    }

    func testBadCornersAreRefusedNamingTheProperty() {
        XCTAssertTrue(luaError(#"node{ id = "n", maskedCorners = { "top" } }"#).contains("node.maskedCorners[1]: expected one of"))
        XCTAssertTrue(luaError(#"node{ id = "n", maskedCorners = { "minXMinY", "minXMinY" } }"#).contains("'minXMinY' is named twice"))
        XCTAssertTrue(luaError(#"node{ id = "n", maskedCorners = "minXMinY" }"#).contains("node.maskedCorners: expected an array of names"))
    }

    /// A choice given nil or no string names the choices, as a wrong name does.
    func testAChoiceThatIsNoStringNamesTheChoices() {
        XCTAssertEqual(luaError("ctx.from.view.cornerCurve = nil"), #"p.lua:4: node.cornerCurve: expected "circular" or "continuous", got nil"#)
        XCTAssertEqual(
            luaError("ctx.from.view.gradient = { type = 3 }"), #"p.lua:4: node.gradient.type: expected "axial", "radial" or "conic", got number"#)
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostLua

/// `node.gradient` in Lua: read and written as a table, its lists checked, and its colours animated
/// premultiplied in the frames (the blend worked out by hand).
final class GradientBindingTests: XCTestCase {
    func testTheGradientReadsBackAsATableOfItsFields() throws {
        XCTAssertEqual(
            try evalLua(
                """
                local n = node{ gradient = { type = "conic", colors = { "#FF0000", color("#0000FF") }, locations = { -1, 2 } } }
                local g = n.gradient
                print(g.type, #g.colors, g.colors[2] == color("#0000FF"), g.locations[1], g.locations[2], g.startPoint.x, g.endPoint.y)
                n.gradient = { startPoint = point(0, 0) }
                print(n.gradient.type, n.gradient.startPoint.y, #n.gradient.colors)
                """),
            ["conic\t2\ttrue\t0.0\t1.0\t0.5\t1.0", "conic\t0.0\t2"])
    }

    func testBadListsAreRefusedAtThePluginsLine() {
        XCTAssertEqual(
            luaError("ctx.from.view.gradient = { colors = \"#FF0000\" }"),
            "p.lua:4: node.gradient.colors: expected an array such as { color(\"#FF0000\"), color(\"#0000FF\") }, got string")
        XCTAssertEqual(
            luaError("ctx.from.view.gradient = { colors = { \"#FF0000\", \"red\" } }"),
            "p.lua:4: node.gradient.colors[2]: 'red' is not a colour (expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA)")
        XCTAssertEqual(
            luaError("local c = {} for i = 1, 65 do c[i] = \"#000\" end ctx.from.view.gradient = { colors = c }"),
            "p.lua:4: node.gradient.colors: 65 items, past the 64 a gradient may have")
        XCTAssertEqual(
            luaError("ctx.from.view.gradient = { type = \"linear\" }"),
            "p.lua:4: node.gradient.type: expected \"axial\", \"radial\" or \"conic\", got 'linear'")
        XCTAssertEqual(
            luaError("ctx.from.view.gradient = { locations = { 0, 0/0 } }"),
            "p.lua:4: node.gradient.locations[2]: expected a finite number, got nan")
    }

    func testColoursAnimatePremultipliedInTheFrames() throws {
        let frames = FrameRecorder()
        let plugin = try makePlugin(
            animatorSource(
                """
                local n = node{ id = "probe", frame = rect(0, 0, 10, 10), gradient = { colors = { "#FF0000", "#0000FF00" } } }
                ctx.container:add(n)
                animate{ duration = 0.4, curve = "linear",
                         function() n.gradient = { colors = { "#0000FF", "#FF0000" }, endPoint = point(1, 0) } end,
                         completion = function() ctx:complete(true) end }
                """))
        _ = try plugin.run(TransitionRequest(fps: 10), catalog: PluginCatalog(), sink: frames)
        let mid = try XCTUnwrap(frames.frames[2].node("probe")).properties.gradient
        // Halfway: (1, 0, 0, 1) to (0, 0, 1, 1) is (0.5, 0, 0.5, 1); clear blue to red is red at half alpha.
        XCTAssertEqual(mid.colors[0], Color(r: 0.5, g: 0, b: 0.5, a: 1))
        XCTAssertEqual(mid.colors[1], Color(r: 1, g: 0, b: 0, a: 0.5))
        XCTAssertEqual(mid.endPoint.x, 0.75, accuracy: 1e-12)
        XCTAssertEqual(mid.endPoint.y, 0.5, accuracy: 1e-12)
    }
}

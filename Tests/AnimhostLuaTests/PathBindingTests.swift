import XCTest
import AnimhostCore
@testable import AnimhostLua

/// Paths in Lua: the `path` helpers, the path properties read and set, their mistakes named, and
/// their animation point by point through the engine.
final class PathBindingTests: XCTestCase {
    func testTheHelpersWriteSVGPathData() throws {
        XCTAssertEqual(
            try evalLua(#"print(path.new("m1 1 h2 v2 z")); print(path.rect(rect(0, 0, 10, 4)))"#),
            [
                "M1 1 L3 1 L3 3 Z",
                "M0 0 L10 0 C10 0 10 0 10 0 L10 4 C10 4 10 4 10 4 L0 4 C0 4 0 4 0 4 L0 0 C0 0 0 0 0 0 Z"
            ])
        // A circle of radius 1 about (1, 1) from its right end, quarter by quarter (κ = 4/3 (√2 − 1)).
        let circle = try evalLua("print(path.ellipse(rect(0, 0, 2, 2)))")[0]
        XCTAssertTrue(circle.hasPrefix("M2 1 C2 1.55228474983079"), circle)
        XCTAssertTrue(circle.contains(" 1 0 C1.55228474983079"), circle)
        XCTAssertTrue(circle.hasSuffix(" 2 1 Z"), circle)
    }

    func testTheHelpersReadNoGlobalAPluginReplaced() throws {
        XCTAssertEqual(
            try evalLua(#"local r = rect(0, 0, 4, 2); string, table, math, rect = nil, nil, nil, nil; print(path.rect(r, 1) ~= nil, path.new("M0 0") )"#),
            ["true\tM0 0"])
    }

    func testPropertiesTakePathsAndNone() throws {
        XCTAssertEqual(
            try evalLua(
                """
                local n = node{ mask = "M0 0 L4 0 L0 4 Z", shape = { path = path.ellipse(rect(0, 0, 2, 2)), strokeColor = "#FF0000" } }
                print(n.mask, n.shape.lineWidth, n.shape.strokeEnd, n.shadowPath)
                n.mask = nil
                print(n.mask)
                """),
            ["M0 0 L4 0 L0 4 Z\t1.0\t1.0\tnil", "nil"])
    }

    /// A field left out of a group's table keeps its value, so `{ path = nil }` cannot remove a
    /// path; the group set to nil goes back to its defaults, as `CAShapeLayer.path = nil` does (the
    /// stroke colour to clear, as an animation to no colour ends).
    func testAGroupSetToNilGoesBackToItsDefaults() throws {
        XCTAssertEqual(
            try evalLua(
                """
                local n = node{ shape = { path = "M0 0 L4 0 L0 4 Z", strokeColor = "#FF0000", lineWidth = 3 },
                  gradient = { type = "radial", colors = { "#FF0000", "#0000FF" } }, shadow = { opacity = 0.5 } }
                n.shape, n.gradient, n.shadow = nil, nil, nil
                print(n.shape.path, n.shape.strokeColor, n.shape.lineWidth, n.shape.fillColor)
                print(n.gradient.type, #n.gradient.colors, n.shadow.opacity)
                """),
            ["nil\tcolor(\"#00000000\")\t1.0\tcolor(\"#000000\")", "axial\t0\t0.0"])
    }

    func testMistakesNameTheProperty() {
        XCTAssertEqual(luaError(#"ctx.from.view.mask = "M0 0 Q""#), "p.lua:4: node.mask: path data at character 7: expected a number, got the end")
        XCTAssertEqual(luaError("ctx.from.view.shadowPath = 3"), "p.lua:4: node.shadowPath: expected SVG path data as a string, got number")
        XCTAssertEqual(luaError(#"ctx.from.view.shape = { path = "L1 1" }"#), "p.lua:4: node.shape.path: path data at character 1: expected M (a path starts with a move), got 'L'")
        XCTAssertEqual(luaError(#"print(path.new("M0 0 Z 1"))"#), "p.lua:4: path.new(data): path data at character 8: expected a command letter or a number, got '1'")
    }

    func testAMaskAnimatesPointByPointAndAMismatchedOneChangesAtOnce() throws {
        let frames = FrameRecorder()
        let plugin = try makePlugin(
            animatorSource(
                """
                local n = node{ id = "probe", frame = rect(0, 0, 100, 100), mask = path.ellipse(rect(0, 0, 10, 10)),
                                shadowPath = path.ellipse(rect(0, 0, 10, 10)) }
                ctx.container:add(n)
                animate{ duration = 0.3, curve = "linear", function()
                           n.mask = path.ellipse(rect(30, 60, 70, 40))
                           n.shadowPath = path.rect(rect(0, 0, 5, 5))
                           n.shape = { strokeEnd = 0.4 }
                         end, completion = function() ctx:complete(true) end }
                """))
        _ = try plugin.run(TransitionRequest(fps: 10), catalog: PluginCatalog(), sink: frames)
        let probes = frames.frames.map { $0.node("probe")!.properties.paths }
        XCTAssertEqual(probes.count, 4)
        for (i, paths) in probes.enumerated() {
            let f = Double(i) / 3
            let expected = ShapePath.ellipse(in: Rect(x: 30 * f, y: 60 * f, width: 10 + 60 * f, height: 10 + 30 * f))
            let mask = try XCTUnwrap(paths.mask)
            XCTAssertTrue(mask.matches(expected))
            for (a, b) in zip(mask.points, expected.points) {
                XCTAssertEqual(a.x, b.x, accuracy: 1e-9, "frame \(i)")
                XCTAssertEqual(a.y, b.y, accuracy: 1e-9, "frame \(i)")
            }
            XCTAssertEqual(paths.shape.strokeEnd, 1 - 0.6 * f, accuracy: 1e-9, "frame \(i)")
            let jumped = i == 0 ? ShapePath.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10)) : .rect(Rect(x: 0, y: 0, width: 5, height: 5))
            XCTAssertEqual(paths.shadowPath, jumped, "an ellipse and a rectangle do not match: frame \(i)")
        }
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostLua

/// `transform3D` in Lua: the constructors mean what CATransform3D's do, `*` applies the left first,
/// and a node's `frame` and `convert` under a perspective are the boxes of the projected bounds
/// (expected values worked out by hand).
final class Transform3DBindingTests: XCTestCase {
    func testConstructorsFollowCATransform3D() throws {
        XCTAssertEqual(
            try evalLua(
                """
                local r = transform3D.rotate(math.pi / 2, 0, 1, 0)
                print(string.format("%.6f %.6f %.6f", r.m11, r.m13, r.m31))
                print((transform3D.translate(10, 0, 0) * transform3D.scale(2)).m41)
                print(transform3D.perspective(500).m34 .. " " .. tostring(transform3D.identity.isAffine) .. " " .. tostring(r.isAffine))
                print(transform3D.new{ 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1 } == transform3D.translate(5, 6, 7))
                """),
            ["0.000000 -1.000000 1.000000", "20.0", "-0.002 true false", "true"])
    }

    func testBadConstructorsNameWhatIsWrong() {
        XCTAssertEqual(
            luaError("transform3D.new{ 1, 2, 3 }"),
            "p.lua:4: transform3D.new: expected a table of 16 numbers {m11, m12, …, m44}, got table")
        XCTAssertEqual(luaError("transform3D.perspective(0)"), "p.lua:4: transform3D.perspective: the distance must be above 0, got 0")
        XCTAssertEqual(luaError("transform3D.rotate(1, 0, 0, 0)"), "p.lua:4: transform3D.rotate: the axis (x, y, z) must not be (0, 0, 0)")
        XCTAssertEqual(
            luaError("ctx.from.view.transform3D = transform.identity"),
            "p.lua:4: node.transform3D: expected a transform3D (transform3D.rotate, .translate, .scale, .perspective, .new or .identity), got transform")
    }

    func testFrameAndConvertUnderAPerspectiveAreTheProjectedBoxes() throws {
        // A 100-point square turned −60° about y with the eye 100 away: its right edge comes
        // 50·sin 60° = 43.30 nearer (w = 0.5670) and shows 100/0.5670 = 176.37 tall at
        // x = 50 + 25/0.5670 = 94.09; its left edge goes as far back (w = 1.4330), at x = 50 − 25/1.4330 = 32.55.
        let lines = try evalLua(
            """
            local n = node{ frame = rect(0, 0, 100, 100), transform3D = transform3D.rotate(-math.pi / 3, 0, 1, 0) * transform3D.perspective(100) }
            ctx.container:add(n)
            local f = n.frame
            print(string.format("%.2f %.2f %.2f", f.minX, f.maxX, f.height))
            local p = n:convert(point(100, 50), ctx.container)
            print(string.format("%.2f %.2f", p.x, p.y))
            local r = n:convert(rect(0, 0, 100, 100), ctx.container)
            print(string.format("%.2f %.2f", r.minX, r.height))
            """)
        XCTAssertEqual(lines, ["32.55 94.09 176.37", "94.09 50.00", "32.55 176.37"])
    }

    func testAnimatingTransform3DTurnsByTheQuaternionHalfWay() throws {
        // Half-way from no turn to a quarter turn about y is an eighth turn (the quaternions' slerp).
        let frames = FrameRecorder()
        let plugin = try makePlugin(
            animatorSource(
                """
                local n = node{ id = "probe", frame = rect(0, 0, 10, 10) }
                ctx.container:add(n)
                animate{ duration = 0.2, curve = "linear", function() n.transform3D = transform3D.rotate(math.pi / 2, 0, 1, 0) end,
                         completion = function() ctx:complete(true) end }
                """))
        _ = try plugin.run(TransitionRequest(fps: 10), catalog: PluginCatalog(), sink: frames)
        let turns = frames.frames.map { $0.node("probe")!.properties.transform3D }
        XCTAssertEqual(turns.count, 3)
        let eighth = Transform3D.rotation(.pi / 4, 0, 1, 0)
        for (a, b) in zip(turns[1].numbers, eighth.numbers) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        XCTAssertEqual(turns[2], .rotation(.pi / 2, 0, 1, 0))
    }
}

import XCTest
@testable import AnimhostLua

final class ValueBindingTests: XCTestCase {
    func testRectPointSizeFields() throws {
        let out = try evalLua(
            """
            local r = rect(10, 20, 30, 40)
            print(r.x, r.y, r.width, r.height, r.midX, r.midY, r.maxX, r.maxY)
            print(r.origin, r.size, r.center)
            print(point(1, 2).y, size(3, 4).width)
            """)
        XCTAssertEqual(out, ["10.0\t20.0\t30.0\t40.0\t25.0\t40.0\t40.0\t60.0", "point(10, 20)\tsize(30, 40)\tpoint(25, 40)", "2.0\t3.0"])
    }

    func testValuesCompareByContentAndAreImmutable() throws {
        let out = try evalLua(
            """
            print(rect(1, 2, 3, 4) == rect(1, 2, 3, 4), rect(1, 2, 3, 4) == rect(1, 2, 3, 5))
            print(pcall(function() local r = rect(1, 2, 3, 4); r.x = 5 end))
            """)
        XCTAssertEqual(out[0], "true\tfalse")
        XCTAssertTrue(out[1].hasPrefix("false"), out[1])
    }

    func testColoursAndTheirFields() throws {
        let out = try evalLua(
            """
            local c = color("#FF000080")
            print(c.r, c.g, c.hex, color(0, 0, 1).hex, c:withAlpha(1).hex)
            """)
        XCTAssertEqual(out, ["1.0\t0.0\t#FF000080\t#0000FF\t#FF0000"])
        XCTAssertTrue(luaError("color(\"red\")").contains("'red' is not a colour (expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA)"))
    }

    func testTransformsComposeLeftFirst() throws {
        let out = try evalLua(
            """
            local t = transform.scale(2) * transform.translate(10, 0)
            print(t.a, t.d, t.tx, t == transform.new(2, 0, 0, 2, 10, 0))
            local r = transform.rotate(math.pi / 2)
            print(string.format("%.3f %.3f", r.b, r.c), transform.identity.a)
            print(t:inverted() * t == transform.identity)
            """)
        XCTAssertEqual(out, ["2.0\t2.0\t10.0\ttrue", "1.000 -1.000\t1.0", "true"])
    }

    func testWrongArgumentsNameTheCallAndTheLine() {
        XCTAssertEqual(luaError("local r = rect(1, 2, 'x', 4)"), "p.lua:4: rect: width: expected a number, got string")
        XCTAssertEqual(luaError("local r = rect(1, 2, 3, 4)\nprint(r.widht)"), "p.lua:5: a rect has no field 'widht' (did you mean 'width'?)")
        XCTAssertEqual(luaError("local t = transform.scale(1) * 2"), "p.lua:4: transform * transform: expected a transform (transform.scale, .translate, .rotate or .identity), got number")
    }

    func testValuesOfTheSameSizeAreToldApart() {
        // A rect and a colour are both four numbers: their type, not their size, decides.
        XCTAssertEqual(luaError("ctx.from.view.frame = color(1, 0, 0)"), "p.lua:4: node.frame: expected a rect (make one with rect(x, y, width, height)), got color")
        XCTAssertEqual(luaError("ctx.from.view.backgroundColor = rect(1, 0, 0, 1)"), "p.lua:4: node.backgroundColor: expected a color (make one with color(\"#RRGGBB\")), got rect")
        XCTAssertEqual(luaError("ctx.from.view.center = size(1, 2)"), "p.lua:4: node.center: expected a point (make one with point(x, y)), got size")
    }
}

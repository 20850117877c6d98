import XCTest
@testable import AnimhostCore

final class GeometryTests: XCTestCase {
    func assertEqual(_ a: Transform2D, _ b: Transform2D, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip([a.a, a.b, a.c, a.d, a.tx, a.ty], [b.a, b.b, b.c, b.d, b.tx, b.ty]) {
            XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line)
        }
    }

    func testColoursParseEveryHexForm() {
        XCTAssertEqual(Color(hex: "#F00"), Color(r: 1, g: 0, b: 0))
        XCTAssertEqual(Color(hex: "#00FF0080")?.a ?? 0, 128.0 / 255, accuracy: 1e-12)
        XCTAssertEqual(Color(hex: "#336699")?.hexString, "#336699")
        XCTAssertEqual(Color(hex: "#0000"), Color(r: 0, g: 0, b: 0, a: 0))
        XCTAssertNil(Color(hex: "336699"))
        XCTAssertNil(Color(hex: "#12345"))
        XCTAssertNil(Color(hex: "#GG0000"))
    }

    func testRectsMoveInsetAndBound() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(r.offsetBy(dx: 5, dy: -5), Rect(x: 15, y: 15, width: 100, height: 50))
        XCTAssertEqual(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)), Rect(x: 12, y: 21, width: 94, height: 46))
        XCTAssertEqual(Rect.bounding([Point(x: 3, y: 9), Point(x: -1, y: 4)]), Rect(x: -1, y: 4, width: 4, height: 5))
        XCTAssertEqual(r.center, Point(x: 60, y: 45))
    }

    func testConcatenationAppliesTheLeftTransformFirst() {
        let t = Transform2D.scale(2, 2).concatenating(.translation(10, 0))
        let p = t.apply(to: Point(x: 1, y: 1))
        XCTAssertEqual(p, Point(x: 12, y: 2))
        assertEqual(t.concatenating(t.inverted()!), .identity)
    }

    func testDecompositionRecomposesTheSameMatrix() {
        let samples: [Transform2D] = [
            .identity, .scale(2, 0.5), .rotation(0.7), .rotation(-2.5).concatenating(.scale(1.5, 3)),
            .scale(-1, 1), .scale(1, -2).concatenating(.rotation(1)).concatenating(.translation(5, -7)),
            Transform2D(a: 1, b: 0.3, c: 0.5, d: 1.2, tx: 3, ty: 4)
        ]
        for t in samples { assertEqual(DecomposedTransform(t).transform, t) }
    }

    func testRotationInterpolatesByAngleNotByMatrix() {
        let a = DecomposedTransform(.identity), b = DecomposedTransform(.rotation(.pi / 2))
        let half = DecomposedTransform.interpolate(a, b, 0.5).transform
        assertEqual(half, .rotation(.pi / 4))  // a matrix blend would shrink it to scale 0.707
        let across = DecomposedTransform.interpolate(DecomposedTransform(.rotation(3)), DecomposedTransform(.rotation(-3)), 0.5)
        assertEqual(across.transform, .rotation(.pi), accuracy: 1e-9)  // through π, not through 0
    }

    func testScaleAboutCentreKeepsTheCentre() {
        var p = NodeProperties()
        p.frame = Rect(x: 100, y: 200, width: 50, height: 40)
        p.transform = .scale(2, 2)
        let t = Node.toParentTransform(p)
        XCTAssertEqual(t.apply(to: Point(x: 25, y: 20)), Point(x: 125, y: 220))
        XCTAssertEqual(t.apply(to: Point(x: 0, y: 0)), Point(x: 75, y: 180))
    }
}

import XCTest
@testable import AnimhostCore

/// SVG path data read as SVG 1.1 defines it, checked against geometry: points on curves, arcs on
/// their circles, lengths against 2πr, and the mistakes a file may hold named by character.
final class ShapePathTests: XCTestCase {
    private func parse(_ s: String) throws -> ShapePath { try ShapePath(svg: s) }

    private func error(_ s: String) -> ShapePathError? {
        do { _ = try ShapePath(svg: s); return nil } catch { return error }
    }

    /// The cubic's point at `t`.
    private func point(_ p0: Point, _ e: ShapePath.Element, _ t: Double) -> Point {
        guard case .cubic(let a, let b, let c) = e else { return p0 }
        let u = 1 - t
        let w = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return Point(x: w.0 * p0.x + w.1 * a.x + w.2 * b.x + w.3 * c.x, y: w.0 * p0.y + w.1 * a.y + w.2 * b.y + w.3 * c.y)
    }

    func testLinesAbsoluteRelativeAndImplicitRepeatsNormalise() throws {
        let p = try parse("M10,10 20 10 h5 v-5 l-5-5 H10 V10 m 5 5 1 1 z")
        XCTAssertEqual(
            p.elements,
            [
                .move(Point(x: 10, y: 10)), .line(Point(x: 20, y: 10)), .line(Point(x: 25, y: 10)), .line(Point(x: 25, y: 5)),
                .line(Point(x: 20, y: 0)), .line(Point(x: 10, y: 0)), .line(Point(x: 10, y: 10)),
                .move(Point(x: 15, y: 15)), .line(Point(x: 16, y: 16)), .close
            ])
    }

    func testNumbersRunTogetherAsSVGAllows() throws {
        // "-.5.5" is two numbers; an exponent is part of its number; flags need no separator.
        XCTAssertEqual(try parse("M-.5.5L1e1-2E0").elements, [.move(Point(x: -0.5, y: 0.5)), .line(Point(x: 10, y: -2))])
        XCTAssertEqual(try parse("M0 0a5 5 0 1110 0").elements.count, 1 + 2, "an arc of half a turn, flags written 1 1")
    }

    func testAQuadraticBecomesTheCubicThatDrawsIt() throws {
        // A quadratic from (0,0) via (10,20) to (20,0): its midpoint is (10, 10).
        let p = try parse("M0 0 Q10 20 20 0 T40 0")
        let mid = point(.zero, p.elements[1], 0.5)
        XCTAssertEqual(mid.x, 10, accuracy: 1e-9)
        XCTAssertEqual(mid.y, 10, accuracy: 1e-9)
        // T reflects the control point: (30, -20), so its midpoint is (30, -10).
        let next = point(Point(x: 20, y: 0), p.elements[2], 0.5)
        XCTAssertEqual(next.y, -10, accuracy: 1e-9)
    }

    func testSmoothCubicReflectsTheLastControlPoint() throws {
        let p = try parse("M0 0 C0 10 10 10 10 0 S20 -10 20 0")
        guard case .cubic(let a, _, _) = p.elements[2] else { return XCTFail("\(p.elements)") }
        XCTAssertEqual(a, Point(x: 10, y: -10))
    }

    func testAnArcLiesOnItsCircleAndSweepsTheWaySVGSays() throws {
        // Half a circle of radius 10 about (10, 0), sweep 1: through the positive-angle side, y < 0 on screen.
        for data in ["M0 0 A10 10 0 0 1 20 0", "M0 0 A1 1 0 0 1 20 0"] {  // radii too small are scaled up (F.6.6)
            let p = try parse(data)
            var start = Point.zero
            for e in p.elements.dropFirst() {
                for t in stride(from: 0.0, through: 1, by: 0.125) {
                    let q = point(start, e, t)
                    XCTAssertEqual(((q.x - 10) * (q.x - 10) + q.y * q.y).squareRoot(), 10, accuracy: 0.003, data)
                }
                if case .cubic(_, _, let end) = e { start = end }
            }
            XCTAssertEqual(point(Point(x: 0, y: 0), p.elements[1], 1).y, -10, accuracy: 1e-9, "the top of the circle")
        }
        let other = try parse("M0 0 A10 10 0 0 0 20 0")
        guard case .cubic(_, _, let end) = other.elements[1] else { return XCTFail() }
        XCTAssertEqual(end.y, 10, accuracy: 1e-9, "sweep 0 goes the other way")
        XCTAssertEqual(try parse("M0 0 A0 5 0 0 1 20 0").elements.last, .line(Point(x: 20, y: 0)), "a zero radius draws a line")
    }

    func testARotatedLargeArcReachesItsEnd() throws {
        let p = try parse("M10 10 a20 10 30 1 0 15 5")
        guard case .cubic(_, _, let end) = p.elements.last else { return XCTFail() }
        XCTAssertEqual(end, Point(x: 25, y: 15))
        XCTAssertGreaterThan(p.elements.count - 1, 2, "a large arc takes more than a half turn")
    }

    func testMistakesNameTheirCharacter() {
        XCTAssertEqual(error("L0 0")?.description, "path data at character 1: expected M (a path starts with a move), got 'L'")
        XCTAssertEqual(error("M0 0 X1")?.description, "path data at character 6: expected a command letter or a number, got 'X'")
        XCTAssertEqual(error("M0 0 L5")?.description, "path data at character 8: expected a number, got the end")
        XCTAssertEqual(error("M0 0 A5 5 0 2 0 1 1")?.offset, 13)
        XCTAssertEqual(error("M1e999 0")?.offset, 2)
        XCTAssertEqual(error("M2e9 0")?.description, "path data at character 2: 2e9 is out of range (coordinates lie within ±1000000000)")
        XCTAssertEqual(error("   ")?.description, "path data: empty: expected commands starting with M")
        XCTAssertEqual(error("M0 0 Z 5")?.offset, 8, "no number follows Z")
    }

    func testHostilePathsAreRefusedByTheirSize() {
        let many = "M0 0" + String(repeating: " L1 1", count: Bounds.pathElements)
        XCTAssertEqual(error(many)?.message, "more than \(Bounds.pathElements) path elements (an arc counts as up to four)")
        let huge = "M0 0 L" + String(repeating: "1", count: 4 << 20)
        XCTAssertEqual(error(huge)?.offset, 0, "refused by its length before it is read")
        XCTAssertNil(error("M0 0" + String(repeating: " L1 1", count: Bounds.pathElements - 1)))
    }

    func testArcsWithRadiiTooSmallForADoubleAreStillHalfEllipses() throws {
        // F.6.6: radii too small are scaled up until the ends fit, so any tiny equal radii draw the
        // half circle on the chord; radii squared to zero once overflowed the scale to NaN.
        for r in ["1e-300", "1e-200", "5e-324"] {
            let p = try parse("M0 0 A\(r) \(r) 0 0 1 20 0")
            var start = Point.zero
            for e in p.elements.dropFirst() {
                for t in stride(from: 0.0, through: 1, by: 0.25) {
                    let q = point(start, e, t)
                    XCTAssertEqual(((q.x - 10) * (q.x - 10) + q.y * q.y).squareRoot(), 10, accuracy: 0.003, r)
                }
                if case .cubic(_, _, let end) = e { start = end }
            }
        }
        // Radii a double cannot bring to the ends' scale (one tiny, one huge) draw the line SVG draws for zero.
        XCTAssertEqual(try parse("M10 10 A1e-300 1e9 0 0 1 100 0").elements.last, .line(Point(x: 100, y: 0)))
        for data in ["M10 10 A1e-300 1e-300 0 0 1 100 0 Z", "M0 0 A1e-300 5 45 1 1 300 200", "m1 1 a5e-324 1e-320 7 1 0 1e8 -1e8"] {
            XCTAssertTrue(try parse(data).points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, data)
        }
    }

    func testPointsBeyondTheBoundsAreRefusedAtTheCommandThatReachesThem() {
        // Each number is in range; relative commands add up to 1e13, and a huge arc bulges past its ends.
        let far = "M0 0" + String(repeating: " l1e9 0", count: 5)
        XCTAssertEqual(error(far)?.description, "path data at character 13: the path reaches 2000000000, beyond ±1000000000")
        XCTAssertEqual(error("M0 0 h1e9 1e9")?.offset, 11, "an implicit repeat is named at its number")
        XCTAssertEqual(error("M-1e9 0 A1e9 1e9 0 1 0 -1e9 1")?.offset, 9)
        XCTAssertNil(error("M0 0 l1e9 0 l-1e9 1e9 l-1e9 -1e9"), "within the bounds, relative moves are fine")
    }

    func testTheLongestNormalFormReadsBack() throws {
        // The longest numbers the normal form writes, in the most cubics a path may hold: what
        // `path.new` returns, a node's path read back and the timeline must all read back.
        let long = [-0.000012345678901234567, -123456789.12345679, -1.2345678901234567e-300]
        var elements: [ShapePath.Element] = [.move(Point(x: long[0], y: long[1]))]
        for i in 1..<Bounds.pathElements {
            let p = Point(x: long[i % 3], y: long[(i + 1) % 3])
            elements.append(.cubic(p, p, p))
        }
        let path = ShapePath(elements: elements)
        XCTAssertGreaterThan(path.svg.utf8.count, 1 << 20, "a normal form of more than 1 MiB")
        XCTAssertEqual(try parse(path.svg), path)
    }

    func testTheNormalFormReadsBackAsTheSamePath() throws {
        for p in [ShapePath.ellipse(in: Rect(x: 1.5, y: -2, width: 30, height: 7)), .rect(Rect(x: 0, y: 0, width: 10, height: 4), radius: 0)] {
            XCTAssertEqual(try parse(p.svg), p, p.svg)
        }
    }

    func testLengthsAndTrimsMatchTheCircle() {
        let r = 50.0
        let circle = ShapePath.ellipse(in: Rect(x: 0, y: 0, width: 2 * r, height: 2 * r))
        // Four cubic quarters stray from the circle by 0.027 % of r; their length by less.
        XCTAssertEqual(circle.length, 2 * .pi * r, accuracy: 2 * .pi * r * 1e-4)
        XCTAssertEqual(circle.trimmed(start: 0, end: 0.25).length, .pi * r / 2, accuracy: 0.02)
        XCTAssertEqual(circle.trimmed(start: 0.1, end: 0.6).length, .pi * r, accuracy: 0.05)
        XCTAssertEqual(circle.trimmed(start: 0, end: 1), circle, "untrimmed stays closed")
        XCTAssertEqual(circle.trimmed(start: 0.5, end: 0.5).elements, [])
        let square = ShapePath.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let half = square.trimmed(start: 0, end: 0.5)
        XCTAssertEqual(half.length, 20, accuracy: 1e-9)
        guard case .line(let end)? = half.elements.last else { return XCTFail("\(half.elements)") }
        XCTAssertEqual(end, Point(x: 10, y: 10), "half the perimeter from the top left, clockwise")
    }

    func testMatchingPathsInterpolatePointByPoint() {
        let a = ShapePath.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = ShapePath.ellipse(in: Rect(x: 10, y: 20, width: 30, height: 50))
        XCTAssertTrue(a.matches(b))
        let mid = ShapePath.ellipse(in: Rect(x: 5, y: 10, width: 20, height: 30))
        XCTAssertTrue(close(a.interpolated(to: b, at: 0.5), mid))
        XCTAssertFalse(a.matches(.rect(Rect(x: 0, y: 0, width: 1, height: 1))))
        // Through the engine: a mismatched pair shows the new path as soon as the flight begins.
        let jump = Interpolant(from: .path(a), to: .path(.rect(Rect(x: 0, y: 0, width: 1, height: 1))))
        XCTAssertEqual(jump.value(at: 0), .path(a))
        XCTAssertEqual(jump.value(at: 0.01), .path(.rect(Rect(x: 0, y: 0, width: 1, height: 1))))
        guard case .path(let engine?) = Interpolant(from: .path(a), to: .path(b)).value(at: 0.5) else { return XCTFail() }
        XCTAssertTrue(close(engine, mid))
    }

    /// Whether the paths' elements match and their points agree within rounding.
    private func close(_ a: ShapePath, _ b: ShapePath) -> Bool {
        a.matches(b) && zip(a.points, b.points).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }
    }
}

/// A scene file's path names the file, the property and the character at fault.
final class ScenePathTests: XCTestCase {
    func testABadPathInASceneNamesFileJSONPathAndCharacter() {
        let json = #"{"name": "s", "size": [100, 100], "nodes": [{"id": "n", "shape": {"path": "M0 0 L1"}}]}"#
        XCTAssertThrowsError(try SceneLoader.parse(Data(json.utf8), file: "s.json")) { error in
            XCTAssertEqual("\(error)", "s.json: nodes[0].shape.path: path data at character 8: expected a number, got the end")
        }
    }

    func testAPathPastTheBoundsInASceneNamesFileJSONPathAndCharacter() throws {
        let json = #"{"name": "s", "size": [100, 100], "nodes": [{"id": "n", "mask": "M0 0 l1e9 1 l1e9 1"}]}"#
        XCTAssertThrowsError(try SceneLoader.parse(Data(json.utf8), file: "s.json")) { error in
            XCTAssertEqual("\(error)", "s.json: nodes[0].mask: path data at character 13: the path reaches 2000000000, beyond ±1000000000")
        }
        let tiny = #"{"name": "s", "size": [100, 100], "nodes": [{"id": "n", "shadowPath": "M10 10 A1e-300 1e-300 0 0 1 100 0 Z"}]}"#
        let path = try SceneLoader.parse(Data(tiny.utf8), file: "s.json").root.children[0].model.paths.shadowPath
        XCTAssertEqual(path?.elements.count, 4, "a move, the half circle's two quarters and the close")
    }

    func testAPathInASceneReachesTheNode() throws {
        let json = #"{"name": "s", "size": [100, 100], "nodes": [{"id": "n", "mask": "M0 0 H10 V10 Z", "shadowPath": null}]}"#
        let scene = try SceneLoader.parse(Data(json.utf8), file: "s.json")
        XCTAssertEqual(scene.root.children[0].model.paths.mask?.svg, "M0 0 L10 0 L10 10 Z")
    }
}

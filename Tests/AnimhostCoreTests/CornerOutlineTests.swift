import XCTest
import Foundation
@testable import AnimhostCore

/// The outlines drawing and the Lottie export take from ``CornerShape``: circular corners are quarter
/// circles, continuous ones reach 1.528665 r along each edge (published measurements of UIKit's) and
/// rise in curvature from the edge into the same circle without a jump in direction or curvature.
final class CornerOutlineTests: XCTestCase {
    /// A point of the cubic from `a` to `b` at `t`.
    func point(_ a: BezierVertex, _ b: BezierVertex, _ t: Double) -> Point {
        let p = [
            a.point, Point(x: a.point.x + a.outTangent.x, y: a.point.y + a.outTangent.y),
            Point(x: b.point.x + b.inTangent.x, y: b.point.y + b.inTangent.y), b.point
        ]
        let u = 1 - t
        let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
        return Point(x: zip(w, p).map { $0 * $1.x }.reduce(0, +), y: zip(w, p).map { $0 * $1.y }.reduce(0, +))
    }

    /// The curvature of the cubic from `a` to `b` at an end (`t` 0 or 1): (2/3)·|handle × next handle| / |handle|³.
    func curvature(_ a: BezierVertex, _ b: BezierVertex, atStart: Bool) -> Double {
        let p0 = a.point, p1 = Point(x: a.point.x + a.outTangent.x, y: a.point.y + a.outTangent.y)
        let p2 = Point(x: b.point.x + b.inTangent.x, y: b.point.y + b.inTangent.y), p3 = b.point
        let (e, n, f) = atStart ? (p0, p1, p2) : (p3, p2, p1)
        let h = Point(x: n.x - e.x, y: n.y - e.y), g = Point(x: f.x - n.x, y: f.y - n.y)
        let cross = abs(h.x * g.y - h.y * g.x), len = (h.x * h.x + h.y * h.y).squareRoot()
        return 2.0 / 3 * cross / (len * len * len)
    }

    func distance(_ p: Point, _ q: Point) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }

    let r = 40.0
    /// A box large enough for full continuous corners; the top-left corner's four vertices come last
    /// but one to three and first (the outline starts where it meets the top edge).
    var box: Rect { Rect(x: 0, y: 0, width: 400, height: 300) }

    func testACircularCornerIsAQuarterCircleOfTheRadius() {
        let v = CornerShape(radius: r).outline(of: box)
        XCTAssertEqual(v.count, 16)
        // Top-right corner: vertices 1…4; its arc from vertex 2 to 3 about (360, 40).
        let centre = Point(x: box.maxX - r, y: r)
        XCTAssertEqual(v[1].point, Point(x: box.maxX - r, y: 0))
        XCTAssertEqual(v[4].point, Point(x: box.maxX, y: r))
        for t in stride(from: 0.0, through: 1, by: 0.125) {
            XCTAssertEqual(distance(point(v[2], v[3], t), centre), r, accuracy: r * 3e-4, "a cubic quarter circle strays 0.027 % at most")
        }
    }

    func testAContinuousCornerReachesFurtherAlongTheEdgesAndMeetsTheCircleInItsMiddle() {
        let v = CornerShape(radius: r, curve: .continuous).outline(of: box)
        XCTAssertEqual(v[1].point.x, box.maxX - 1.528665 * r, accuracy: 1e-9, "leaves the top edge 1.528665 r from the corner")
        XCTAssertEqual(v[1].point.y, 0)
        XCTAssertEqual(v[4].point.y, 1.528665 * r, accuracy: 1e-9, "and the right edge")
        XCTAssertEqual(v[4].point.x, box.maxX)
        // Its middle is the circular corner's arc: halfway it is on the diagonal at r from (maxX − r, r).
        let centre = Point(x: box.maxX - r, y: r), middle = point(v[2], v[3], 0.5)
        XCTAssertEqual(distance(middle, centre), r, accuracy: r * 1e-4)
        XCTAssertEqual(middle.x - centre.x, centre.y - middle.y, accuracy: 1e-9, "on the diagonal")
        // It stays inside the circular corner: no point is further from the centre than r where that
        // corner is round (but for a cubic arc's 1e-5 r), nor outside the box.
        for (a, b) in [(1, 2), (2, 3), (3, 4)] {
            for t in stride(from: 0.0, through: 1, by: 0.05) {
                let p = point(v[a], v[b], t)
                XCTAssertLessThanOrEqual(p.y, box.maxY); XCTAssertGreaterThanOrEqual(p.y, -1e-9)
                XCTAssertLessThanOrEqual(p.x, box.maxX + 1e-9)
                if p.x > centre.x && p.y < centre.y { XCTAssertLessThanOrEqual(distance(p, centre), r * (1 + 1e-5)) }
            }
        }
    }

    func testAContinuousCornersDirectionAndCurvatureHaveNoJump() {
        let v = CornerShape(radius: r, curve: .continuous).outline(of: box)
        // Direction: at each vertex the arriving and leaving handles point opposite ways (or one is a
        // straight edge along the other).
        for i in 1...4 {
            let (a, b) = (v[i].inTangent, v[i].outTangent)
            let cross = a.x * b.y - a.y * b.x, dot = a.x * b.x + a.y * b.y
            if a == .zero || b == .zero {
                let h = a == .zero ? b : a, edge = i == 1 ? Point(x: 1, y: 0) : Point(x: 0, y: 1)
                XCTAssertEqual(h.x * edge.y - h.y * edge.x, 0, accuracy: 1e-9, "vertex \(i): the handle runs along the edge")
            } else {
                XCTAssertEqual(cross, 0, accuracy: 1e-9 * r * r, "vertex \(i): tangent continuous")
                XCTAssertLessThan(dot, 0, "vertex \(i)")
            }
        }
        // Curvature: 0 where it leaves the straight edge, 1/r where the transition meets the arc, from both sides.
        XCTAssertEqual(curvature(v[1], v[2], atStart: true), 0, accuracy: 1e-12)
        XCTAssertEqual(curvature(v[1], v[2], atStart: false), 1 / r, accuracy: 1e-9 / r)
        XCTAssertEqual(curvature(v[2], v[3], atStart: true), 1 / r, accuracy: 0.02 / r, "a cubic arc's end curvature is within 2 % of the circle's")
        XCTAssertEqual(curvature(v[3], v[4], atStart: true), 1 / r, accuracy: 1e-9 / r)
        XCTAssertEqual(curvature(v[3], v[4], atStart: false), 0, accuracy: 1e-12)
    }

    func testAContinuousCornerWithNoRoomBeyondItsRadiusIsCircular() {
        let pill = Rect(x: 0, y: 0, width: 200, height: 2 * r)
        XCTAssertEqual(CornerShape(radius: r, curve: .continuous).outline(of: pill), CornerShape(radius: r).outline(of: pill))
        let some = CornerShape(radius: r, curve: .continuous).outline(of: Rect(x: 0, y: 0, width: 200, height: 2.5 * r))
        XCTAssertGreaterThan(pill.maxX - some[1].point.x, r, "between, it reaches part of the way")
        XCTAssertEqual(200 - some[1].point.x, 1.25 * r, accuracy: 1e-9, "as far as half the side")
    }

    func testMaskedCornersLeaveTheOthersSquare() {
        let sheet = CornerShape(radius: r, corners: [.minXMinY, .maxXMinY], curve: .continuous).outline(of: box)
        for i in 9...12 { XCTAssertEqual(sheet[i].point, Point(x: 0, y: box.maxY), "bottom left square") }  // 5…8 bottom right
        for i in 5...8 { XCTAssertEqual(sheet[i].point, Point(x: box.maxX, y: box.maxY), "bottom right square") }
        XCTAssertEqual(sheet[0].point, Point(x: 1.528665 * r, y: 0), accuracy: 1e-9)
        XCTAssertEqual(CornerMask(names: ["maxXMaxY", "minXMinY"]).names, ["minXMinY", "maxXMaxY"], "names in CACornerMask's order")
        XCTAssertTrue(CornerShape(radius: r, corners: []).isSquare)
    }
}

private func XCTAssertEqual(_ a: Point, _ b: Point, accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, file: file, line: line)
}

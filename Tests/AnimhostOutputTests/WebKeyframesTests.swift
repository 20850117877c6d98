import Foundation
import XCTest
@testable import AnimhostOutput

/// The web export's keyframe pruning (``WebKeyframes``) against motion whose shape is known: a
/// straight line needs its two ends, a damped spring needs few stops yet every frame stays within the
/// tolerance of the lines between the kept ones (checked here by interpolating afresh), a jump is kept.
final class WebKeyframesTests: XCTestCase {
    private let times = (0...60).map { Double($0) / 60 }

    func testStraightLineKeepsItsEnds() {
        let values = times.map { "\(css(100 * $0))px" }
        XCTAssertEqual(WebKeyframes.kept(values, times: times, property: "width", extent: 100), [0, 60])
    }

    func testSpringStaysWithinHalfAPoint() {
        // An underdamped spring from 0 to 100 points: x(t) = 100 (1 − e^(−6t) cos 8t).
        let x = times.map { 100 * (1 - exp(-6 * $0) * cos(8 * $0)) }
        let values = x.map { "translate(\(css($0))px, 0px)" }
        let kept = WebKeyframes.kept(values, times: times, property: "--at", extent: 100)
        XCTAssertLessThan(kept.count, 30, "a spring needs fewer stops than half its frames")
        XCTAssertGreaterThan(kept.count, 4, "a spring is not a straight line")
        var worst = 0.0
        for (a, b) in zip(kept, kept.dropFirst()) {
            for i in a...b {
                let f = (times[i] - times[a]) / (times[b] - times[a])
                worst = max(worst, abs(x[a] + f * (x[b] - x[a]) - x[i]))
            }
        }
        XCTAssertLessThanOrEqual(worst, 0.5)
    }

    func testOpacityStaysWithinOneLevel() {
        let alpha = times.map { 0.5 - 0.5 * cos(.pi * $0) }
        let kept = WebKeyframes.kept(alpha.map { css($0) }, times: times, property: "opacity", extent: 100)
        for (a, b) in zip(kept, kept.dropFirst()) {
            for i in a...b {
                let f = (times[i] - times[a]) / (times[b] - times[a])
                XCTAssertLessThanOrEqual(abs(alpha[a] + f * (alpha[b] - alpha[a]) - alpha[i]), 1.0 / 255 + 1e-6)
            }
        }
        XCTAssertLessThan(kept.count, 20)
    }

    func testAJumpIsKept() {
        let values = times.map { $0 < 0.5 ? "hidden" : "inherit" }
        let kept = WebKeyframes.kept(values, times: times, property: "visibility", extent: 1)
        XCTAssertEqual(kept, [0, 29, 30, 60])
    }

    func testTurningMatricesAreKeptWhereTheyChange() {
        let values = times.map { t in "matrix(\(css(cos(t))), \(css(sin(t))), \(css(-sin(t))), \(css(cos(t))), 0, 0)" }
        XCTAssertEqual(WebKeyframes.kept(values, times: times, property: "--t2d", extent: 100).count, 61)
    }

    func testNumbersAreReadFromValues() {
        XCTAssertEqual(WebKeyframes.parse("matrix3d(1, -0.5, 1e-06, 2)").numbers, [1, -0.5, 1e-06, 2])
        XCTAssertEqual(WebKeyframes.parse("translateZ(-3px)").template, "translateZ(#px)")
        XCTAssertEqual(WebKeyframes.parse("#FF0000FF").numbers, [])
    }
}

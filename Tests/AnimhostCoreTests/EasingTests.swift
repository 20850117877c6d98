import XCTest
@testable import AnimhostCore

final class EasingTests: XCTestCase {
    /// An independent reference: find the curve parameter by dense bisection on x(s), then y(s).
    private func reference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func bez(_ a: Double, _ b: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bez(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bez(y1, y2, (lo + hi) / 2)
    }

    func testNamedCurvesUseCoreAnimationControlPoints() throws {
        let cases: [(String, [Double])] = [
            ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]),
            ("easeInOut", [0.42, 0, 0.58, 1]), ("default", [0.25, 0.1, 0.25, 1])
        ]
        for (name, p) in cases {
            let e = try Easing(spec: name)
            for x in stride(from: 0.0, through: 1.0, by: 0.05) {
                XCTAssertEqual(e.value(at: x), reference(p[0], p[1], p[2], p[3], at: x), accuracy: 1e-6, "\(name) at \(x)")
            }
        }
    }

    func testCubicBezierSolvesSteepAndFlatCurves() throws {
        for spec in [(0.0, 1.0, 0.0, 1.0), (0.8, 0.0, 0.2, 1.0), (0.68, -0.55, 0.265, 1.55), (0.9, 0.0, 0.1, 1.0)] {
            let e = try Easing(spec: "cubic-bezier(\(spec.0), \(spec.1), \(spec.2), \(spec.3))")
            for x in stride(from: 0.0, through: 1.0, by: 0.01) {
                XCTAssertEqual(e.value(at: x), reference(spec.0, spec.1, spec.2, spec.3, at: x), accuracy: 2e-6)
            }
        }
    }

    func testCubicBezierExtrapolatesAlongEndTangents() {
        let c = CubicBezier(0.25, 0.1, 0.25, 1)
        XCTAssertEqual(c.value(at: -0.5), 0.1 / 0.25 * -0.5, accuracy: 1e-12)
        XCTAssertEqual(c.value(at: 1.5), 1, accuracy: 1e-12)  // x2 < 1 with y2 = 1: flat
        let back = CubicBezier(0.3, -0.4, 0.7, 1.4)
        XCTAssertEqual(back.value(at: 1.2), 1 + (1.4 - 1) / (0.7 - 1) * 0.2, accuracy: 1e-12)
        XCTAssertEqual(CubicBezier(.leastNonzeroMagnitude, 219, 0.5, 809).value(at: -0.759), 0, "a tangent too steep to represent is flat")
        let startAtX0 = CubicBezier(0, 0.5, 0.5, 1)
        XCTAssertEqual(startAtX0.value(at: -1), 0, accuracy: 1e-12)  // x1 = 0, y1 ≠ 0: no tangent
    }

    func testStepsFollowCSSForEveryPosition() throws {
        // (spec, [values at x = 0, 0.1, 0.25, 0.5, 0.99, 1])
        let table: [(String, [Double])] = [
            ("steps(4)", [0, 0, 0.25, 0.5, 0.75, 1]),
            ("steps(4, jump-end)", [0, 0, 0.25, 0.5, 0.75, 1]),
            ("steps(4, end)", [0, 0, 0.25, 0.5, 0.75, 1]),
            ("steps(4, jump-start)", [0.25, 0.25, 0.5, 0.75, 1, 1]),
            ("steps(4, start)", [0.25, 0.25, 0.5, 0.75, 1, 1]),
            ("steps(4, jump-both)", [0.2, 0.2, 0.4, 0.6, 0.8, 1]),
            ("steps(4, jump-none)", [0, 0, 1.0 / 3, 2.0 / 3, 1, 1])
        ]
        let xs = [0, 0.1, 0.25, 0.5, 0.99, 1]
        for (spec, values) in table {
            let e = try Easing(spec: spec)
            for (x, v) in zip(xs, values) { XCTAssertEqual(e.value(at: x), v, accuracy: 1e-12, "\(spec) at \(x)") }
        }
    }

    func testPennerValuesMatchPublishedFormulas() throws {
        let c1 = 1.70158, c3 = c1 + 1
        let checks: [(String, Double, Double)] = [
            ("easeInQuad", 0.5, 0.25), ("easeOutQuad", 0.5, 0.75), ("easeInOutQuad", 0.25, 0.125),
            ("easeInCubic", 0.5, 0.125), ("easeOutCubic", 0.5, 0.875), ("easeInOutCubic", 0.75, 1 - pow(0.5, 3) / 2),
            ("easeInQuart", 0.5, 0.0625), ("easeInQuint", 0.5, 0.03125), ("easeOutQuint", 0.5, 1 - 0.03125),
            ("easeInSine", 0.5, 1 - cos(.pi / 4)), ("easeOutSine", 0.5, sin(.pi / 4)), ("easeInOutSine", 0.5, 0.5),
            ("easeInExpo", 0.5, pow(2, -5)), ("easeOutExpo", 0.5, 1 - pow(2, -5)), ("easeInOutExpo", 0.25, pow(2, -5) / 2),
            ("easeInCirc", 0.5, 1 - (0.75).squareRoot()), ("easeOutCirc", 0.5, (0.75).squareRoot()),
            ("easeInBack", 0.5, c3 * 0.125 - c1 * 0.25), ("easeOutBack", 0.5, 1 + c3 * -0.125 + c1 * 0.25),
            ("easeInOutBack", 0.25, pow(0.5, 2) * ((c1 * 1.525 + 1) * 0.5 - c1 * 1.525) / 2),
            ("easeOutBounce", 0.5, 7.5625 * pow(0.5 - 1.5 / 2.75, 2) + 0.75),
            ("easeInBounce", 0.5, 1 - (7.5625 * pow(0.5 - 1.5 / 2.75, 2) + 0.75)),
            ("easeOutElastic", 0.1, pow(2, -1) * sin((1 - 0.75) * 2 * .pi / 3) + 1),
            ("easeInElastic", 0.9, -pow(2, -1) * sin((9 - 10.75) * 2 * .pi / 3))
        ]
        for (name, x, expected) in checks {
            XCTAssertEqual(try Easing(spec: name).value(at: x), expected, accuracy: 1e-12, name)
        }
    }

    func testEveryPennerCurveStartsAtZeroAndEndsAtOne() {
        for p in Penner.allCases {
            XCTAssertEqual(p.value(at: 0), 0, accuracy: 1e-9, p.rawValue)
            XCTAssertEqual(p.value(at: 1), 1, accuracy: 1e-9, p.rawValue)
        }
        XCTAssertEqual(Penner.allCases.count, 30)
    }

    func testPennerCurvesHoldTheirEndsOutsideTheUnitInterval() {
        for p in Penner.allCases {
            XCTAssertEqual(p.value(at: -0.9), 0, accuracy: 1e-9, p.rawValue)  // easeInOutCirc had no value there
            XCTAssertEqual(p.value(at: 1.5), 1, accuracy: 1e-9, p.rawValue)
        }
    }

    func testBadSpecsSayWhatWasExpected() {
        XCTAssertThrowsError(try Easing(spec: "easeInOutQaud")) { XCTAssertTrue("\($0)".contains("did you mean 'easeInOutQuad'")) }
        XCTAssertThrowsError(try Easing(spec: "cubic-bezier(1.2, 0, 1, 1)")) { XCTAssertTrue("\($0)".contains("0…1")) }
        XCTAssertThrowsError(try Easing(spec: "cubic-bezier(0.2, 0, 1)"))
        XCTAssertThrowsError(try Easing(spec: "steps(0)"))
        XCTAssertThrowsError(try Easing(spec: "steps(1, jump-none)"))
        XCTAssertThrowsError(try Easing(spec: "steps(3, sideways)")) { XCTAssertTrue("\($0)".contains("jump-both")) }
    }
}

import XCTest
@testable import AnimhostCore

/// `linear(…)` against the examples and rules of CSS Easing Level 2, and Material's named curves.
final class LinearEasingTests: XCTestCase {
    func value(_ spec: String, _ x: Double) throws -> Double { try Easing(spec: spec).value(at: x) }

    func points(_ spec: String) throws -> [[Double]] {
        guard case .piecewiseLinear(let l) = try Easing(spec: spec) else { XCTFail("not linear()"); return [] }
        return l.points.map { [$0.input, $0.output] }
    }

    func testMissingInputsAreSpreadEvenlyAsTheSpecsExampleSays() throws {
        // linear(0, 0.25, 1) is linear(0 0%, 0.25 50%, 1 100%)
        XCTAssertEqual(try points("linear(0, 0.25, 1)"), [[0, 0], [0.5, 0.25], [1, 1]])
        XCTAssertEqual(try value("linear(0, 0.25, 1)", 0.25), 0.125, accuracy: 1e-12)
        XCTAssertEqual(try value("linear(0, 0.25, 1)", 0.75), 0.625, accuracy: 1e-12)
        // a run of two between 0% and 60%: at 20% and 40%
        let spread = try points("linear(0, 0.1, 0.2, 0.9 60%, 1)")
        XCTAssertEqual(spread.map { $0[0] }, [0, 0.2, 0.4, 0.6, 1].map { $0 }, accuracy: 1e-12)
    }

    func testAnInputPlacesItsStop() throws {
        XCTAssertEqual(try points("linear(0, 0.25 75%, 1)"), [[0, 0], [0.75, 0.25], [1, 1]])
        XCTAssertEqual(try value("linear(0, 0.25 75%, 1)", 0.5), 0.25 * 0.5 / 0.75, accuracy: 1e-12)
    }

    func testTwoInputsMakeTwoStopsWithTheSameOutput() throws {
        XCTAssertEqual(try points("linear(0, 0.5 25% 75%, 1)"), [[0, 0], [0.25, 0.5], [0.75, 0.5], [1, 1]])
        XCTAssertEqual(try value("linear(0, 0.5 25% 75%, 1)", 0.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try value("linear(0, 0.5 25% 75%, 1)", 0.875), 0.75, accuracy: 1e-12)
    }

    func testAnInputBelowAnEarlierOneIsRaisedToItAndTheLaterStopWins() throws {
        XCTAssertEqual(try points("linear(0, 0.5 60%, 0.7 40%, 1)"), [[0, 0], [0.6, 0.5], [0.6, 0.7], [1, 1]])
        XCTAssertEqual(try value("linear(0, 0.5 60%, 0.7 40%, 1)", 0.6), 0.7, accuracy: 1e-12)
        XCTAssertEqual(try value("linear(0, 0.5 60%, 0.7 40%, 1)", 0.8), 0.85, accuracy: 1e-12)
    }

    func testTheEndsExtrapolateAlongTheFirstAndLastSegments() throws {
        XCTAssertEqual(try value("linear(0, 1)", 1.5), 1.5, accuracy: 1e-12)
        XCTAssertEqual(try value("linear(0, 1)", -0.5), -0.5, accuracy: 1e-12)
        XCTAssertEqual(try value("linear(0, 0.5 50%, 0.5)", 2), 0.5, accuracy: 1e-12)
    }

    func testASingleStopIsConstantAndAMissingLastInputIsAtLeastTheLargestBefore() throws {
        XCTAssertEqual(try value("linear(0.5)", 0.3), 0.5)
        XCTAssertEqual(try points("linear(0, 1 120%, 0.5)"), [[0, 0], [1.2, 1], [1.2, 0.5]])
    }

    func testMalformedStopsAreRejected() {
        for bad in ["linear()", "linear(a)", "linear(0 10% 20% 30%, 1)", "linear(0 1, 1)", "linear(0, nan)"] {
            XCTAssertThrowsError(try Easing(spec: bad), bad)
        }
    }

    func testMaterialCurvesByName() throws {
        let cases: [(String, CubicBezier)] = [
            ("standard", CubicBezier(0.4, 0, 0.2, 1)),
            ("deceleration", CubicBezier(0, 0, 0.2, 1)),
            ("acceleration", CubicBezier(0.4, 0, 1, 1))
        ]
        for (name, curve) in cases { XCTAssertEqual(try Easing(spec: name), .cubicBezier(curve), name) }
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}

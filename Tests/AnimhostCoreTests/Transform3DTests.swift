import Foundation
import XCTest

@testable import AnimhostCore

/// 3-D transforms against hand-computed oracles: CATransform3D's conventions, projections with the
/// divide by w, and the CSS Transforms 2 decomposition and interpolation.
final class Transform3DTests: XCTestCase {
    func assertEqual(_ a: Transform3D, _ b: Transform3D, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.numbers, b.numbers) {
            XCTAssertEqual(x, y, accuracy: accuracy, "\(a.numbers) vs \(b.numbers)", file: file, line: line)
        }
    }

    func testQuarterTurnAboutYSendsTheRightEdgeIntoTheScreen() {
        let w = 200.0
        let h = Transform3D.rotation(.pi / 2, 0, 1, 0).homogeneous(w / 2, 0, 0)
        XCTAssertEqual(h.x, 0, accuracy: 1e-12)
        XCTAssertEqual(h.y, 0, accuracy: 1e-12)
        XCTAssertEqual(h.z, -w / 2, accuracy: 1e-12)
        XCTAssertEqual(h.w, 1)
    }

    func testRotationAboutZIsTheTwoDimensionalOne() {
        assertEqual(Transform3D.rotation(0.3, 0, 0, 1), Transform3D(Transform2D.rotation(0.3)))
        XCTAssertTrue(Transform3D.rotation(0.3, 0, 0, 1).isAffine)
        XCTAssertFalse(Transform3D.rotation(0.3, 0, 1, 0).isAffine)
        XCTAssertFalse(Transform3D.perspective(500).isAffine)
    }

    func testConcatenationAppliesTheLeftFirst() {
        // Translate by (10, 0, 0) then scale by 2: (1, 0, 0) → (11, 0, 0) → (22, 0, 0).
        let t = Transform3D.translation(10, 0, 0) * Transform3D.scale(2, 2, 2)
        let h = t.homogeneous(1, 0, 0)
        XCTAssertEqual(h.x, 22)
        let u = Transform3D.scale(2, 2, 2) * Transform3D.translation(10, 0, 0)
        XCTAssertEqual(u.homogeneous(1, 0, 0).x, 12)
    }

    func testPerspectiveDividesByOneMinusZOverDistance() {
        // A point lifted 100 towards an eye 500 away: w = 1 − 100/500 = 0.8, so (40, 20) shows at (50, 25).
        let t = Transform3D.translation(0, 0, 100) * Transform3D.perspective(500)
        let p = t.project(Point(x: 40, y: 20))!
        XCTAssertEqual(p.x, 50, accuracy: 1e-12)
        XCTAssertEqual(p.y, 25, accuracy: 1e-12)
        // At the eye or behind it nothing shows.
        XCTAssertNil((Transform3D.translation(0, 0, 500) * Transform3D.perspective(500)).project(Point(x: 1, y: 1)))
        XCTAssertNil((Transform3D.translation(0, 0, 900) * Transform3D.perspective(500)).project(Point(x: 1, y: 1)))
    }

    func testHalfTurnedDoorUnderPerspectiveHasItsNearEdgeTaller() {
        // A 100-wide card hinged at its left edge, turned 60° about y with the eye 400 away:
        // the right edge comes towards the viewer by 100·sin 60° and shows taller by 1/(1 − z/400).
        let turn = Transform3D.rotation(-.pi / 3, 0, 1, 0) * Transform3D.perspective(400)
        let z = 100 * sin(Double.pi / 3)
        let top = turn.project(Point(x: 100, y: -50))!, bottom = turn.project(Point(x: 100, y: 50))!
        XCTAssertEqual(bottom.y - top.y, 100 / (1 - z / 400), accuracy: 1e-9)
        XCTAssertEqual(top.x, 50 / (1 - z / 400), accuracy: 1e-9)
    }

    func testInverseUndoesAPerspectiveTurn() {
        let t = Transform3D.rotation(0.7, 1, 2, 0.5) * Transform3D.translation(3, -4, 5) * Transform3D.perspective(300)
        assertEqual(t * t.inverted()!, .identity, accuracy: 1e-12)
        XCTAssertNil(Transform3D.scale(0, 1, 1).inverted())
    }

    func testDecompositionGivesTheComposedPartsBack() {
        let scale = Transform3D.scale(2, 0.5, 3)
        let rotation = Transform3D.rotation(0.6, 1, 1, 0)
        let translation = Transform3D.translation(10, -20, 30)
        let composed = scale * rotation * translation
        let parts = DecomposedTransform3D(composed)!
        XCTAssertEqual(parts.scale.x, 2, accuracy: 1e-12)
        XCTAssertEqual(parts.scale.y, 0.5, accuracy: 1e-12)
        XCTAssertEqual(parts.scale.z, 3, accuracy: 1e-12)
        XCTAssertEqual(parts.translation, SIMD3(10, -20, 30))
        XCTAssertEqual(abs(parts.skew.x) + abs(parts.skew.y) + abs(parts.skew.z), 0, accuracy: 1e-12)
        // The quaternion of a turn by θ about the unit axis n is (n·sin θ/2, cos θ/2).
        let n = 1 / 2.0.squareRoot(), s = sin(0.3)
        XCTAssertEqual(parts.quaternion.x, n * s, accuracy: 1e-12)
        XCTAssertEqual(parts.quaternion.y, n * s, accuracy: 1e-12)
        XCTAssertEqual(parts.quaternion.z, 0, accuracy: 1e-12)
        XCTAssertEqual(parts.quaternion.w, cos(0.3), accuracy: 1e-12)
        assertEqual(parts.transform, composed)
    }

    func testDecompositionRecoversPerspectiveAndSkew() {
        var skew = Transform3D.identity
        skew.m21 = 0.4
        let composed = skew * Transform3D.rotation(1.1, 0, 1, 0) * Transform3D.translation(5, 6, 7) * Transform3D.perspective(800)
        let parts = DecomposedTransform3D(composed)!
        XCTAssertEqual(parts.skew.x, 0.4, accuracy: 1e-12)
        XCTAssertEqual(parts.perspective.z, -1.0 / 800, accuracy: 1e-15)
        // The same projective map, normalised to m44 = 1 as the algorithm's first step does (the
        // quaternion's square roots of near-zero terms cost some digits: 1e-8 here).
        assertEqual(parts.transform, Transform3D(composed.numbers.map { $0 / composed.m44 }), accuracy: 1e-7)
    }

    func testHalfWayBetweenNoTurnAndAQuarterTurnIsAnEighthTurn() {
        let a = DecomposedTransform3D(.identity)!, b = DecomposedTransform3D(.rotation(.pi / 2, 0, 1, 0))!
        assertEqual(DecomposedTransform3D.interpolate(a, b, 0.5).transform, .rotation(.pi / 4, 0, 1, 0), accuracy: 1e-12)
        // With the same perspective at both ends, it stays.
        let pa = DecomposedTransform3D(Transform3D.perspective(500))!
        let pb = DecomposedTransform3D(Transform3D.rotation(.pi / 2, 0, 1, 0) * .perspective(500))!
        assertEqual(
            DecomposedTransform3D.interpolate(pa, pb, 0.5).transform, Transform3D.rotation(.pi / 4, 0, 1, 0) * .perspective(500),
            accuracy: 1e-12)
    }

    func testAnEdgeOnTransformCannotBeSplit() {
        XCTAssertNil(DecomposedTransform3D(.scale(0, 1, 1)))
    }
}

import XCTest
@testable import AnimhostCore

final class SpringTests: XCTestCase {
    /// Integrates m·x'' = −k·x − c·x' with RK4 from x = 0 (progress), independently of the closed form.
    private func integrate(_ s: Spring, to t: Double, dt: Double = 1e-5) -> Double {
        var x = 0.0, v = s.initialVelocity
        func accel(_ x: Double, _ v: Double) -> Double { (-s.stiffness * (x - 1) - s.damping * v) / s.mass }
        var time = 0.0
        while time < t - 1e-12 {
            let h = min(dt, t - time)
            let k1x = v, k1v = accel(x, v)
            let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            time += h
        }
        return x
    }

    func testClosedFormMatchesIntegrationInEveryRegime() {
        let springs = [
            Spring(mass: 1, stiffness: 100, damping: 10),  // under-damped
            Spring(mass: 1, stiffness: 100, damping: 20),  // critically damped
            Spring(mass: 2, stiffness: 50, damping: 40, initialVelocity: 3),  // over-damped, with velocity
            Spring(mass: 1, stiffness: 300, damping: 5, initialVelocity: -2)
        ]
        for s in springs {
            for t in [0.05, 0.2, 0.5, 1.0] {
                XCTAssertEqual(s.value(at: t), integrate(s, to: t), accuracy: 1e-6, "ζ=\(s.dampingRatio) t=\(t)")
            }
        }
    }

    func testSwiftUIParametersMapToStiffnessAndDamping() {
        let s = Spring(response: 0.5, dampingRatio: 0.8)
        XCTAssertEqual(s.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(s.damping, 4 * .pi * 0.8 / 0.5, accuracy: 1e-9)
        XCTAssertEqual(s.dampingRatio, 0.8, accuracy: 1e-12)
    }

    func testSettlingDurationIsWhenTheMotionStaysNearTheTarget() {
        for s in [
            Spring(mass: 1, stiffness: 100, damping: 10), Spring(mass: 1, stiffness: 100, damping: 20),
            Spring(mass: 1, stiffness: 100, damping: 40)
        ] {
            let d = s.settlingDuration
            for i in 0..<200 {
                let t = d + Double(i) * 0.01
                XCTAssertLessThanOrEqual(abs(1 - s.value(at: t)), Spring.settleThreshold + 1e-12)
            }
            // and not much earlier: somewhere in the last tenth before it, the motion was still further out
            let before = stride(from: d * 0.5, to: d, by: d / 500).map { abs(1 - s.value(at: $0)) }.max()!
            XCTAssertGreaterThan(before, Spring.settleThreshold * 0.5)
        }
    }

    func testUIKitSpringIsAtRestWhenItsDurationEnds() {
        for ratio in [0.3, 0.8, 1.0, 1.5] {
            let s = Spring(duration: 0.5, dampingRatio: ratio)
            XCTAssertEqual(s.value(at: 0), 0)
            XCTAssertEqual(s.value(at: 0.5), 1)
            XCTAssertEqual(s.value(at: 0.7), 1)
            XCTAssertEqual(s.settlingDuration, 0.5)
            // continuous at the end: the last frames are already within 1% of rest
            XCTAssertEqual(s.value(at: 0.49), 1, accuracy: 0.01, "ratio \(ratio)")
        }
        // a low damping ratio overshoots, 1.0 does not
        let bouncy = (1...100).map { Spring(duration: 0.5, dampingRatio: 0.3).value(at: Double($0) * 0.005) }.max()!
        XCTAssertGreaterThan(bouncy, 1.1)
        let critical = (1...100).map { Spring(duration: 0.5, dampingRatio: 1).value(at: Double($0) * 0.005) }.max()!
        XCTAssertLessThanOrEqual(critical, 1 + 1e-9)
    }

    func testInitialVelocityIsTheSlopeAtTheStart() {
        let s = Spring(mass: 1, stiffness: 200, damping: 15, initialVelocity: 4)
        let h = 1e-6
        XCTAssertEqual(s.value(at: h) / h, 4, accuracy: 1e-3)
    }
}

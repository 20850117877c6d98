import XCTest
import Foundation
@testable import AnimhostHarness

/// The search for the lag between two sampled curves, against curves made with a known lag and
/// offset: a smoothstep move (3u² − 2u³) delayed, moved or reshaped, sampled as frames are.
final class CurveAlignmentTests: XCTestCase {
    /// `from + (to − from)·smoothstep((t − delay) / duration)` at `fps` until `end`, held outside the move.
    private func move(
        from: Double = 0, to: Double = 400, delay: Double = 0, duration: Double = 0.3, fps: Double = 60, end: Double = 0.4, linear: Bool = false
    )
        -> ValueCurve
    {
        let times = stride(from: 0.0, through: end + 1e-9, by: 1 / fps).map { $0 }
        let values = times.map { t -> [Double] in
            let u = min(max((t - delay) / duration, 0), 1)
            return [from + (to - from) * (linear ? u : u * u * (3 - 2 * u))]
        }
        return ValueCurve(times: times, values: values)
    }

    func testADelayIsFoundToAFractionOfAMillisecond() {
        for delay in [0.0137, 0.02, -0.025, 0.05] {
            for fps in [60.0, 240.0] {
                // A negative delay: A is the later one (a curve starts at rest, never part-way).
                let a = move(delay: max(-delay, 0), fps: fps), b = move(delay: max(delay, 0), fps: fps)
                let found = CurveAlignment.align(a, b, step: 1 / 60, window: 0.4, distance: false)
                XCTAssertEqual(found.shift, delay, accuracy: fps >= 240 ? 0.0002 : 0.001, "delay \(delay) at \(fps) fps")
                XCTAssertLessThan(found.residual, fps >= 240 ? 0.1 : 1.5, "delay \(delay) at \(fps) fps: once aligned the curves agree")
            }
        }
    }

    /// A long run is searched on a bounded grid (first coarse, then by frames around the best) that still
    /// covers the whole window, and a delay in it is found as in a short one.
    func testALongRunIsSearchedOnABoundedGridAndItsDelayStillFound() {
        let plan = CurveAlignment.scanPlan(step: 1 / 60, window: 600)
        XCTAssertLessThanOrEqual(plan.count, 600, "at most 600 shifts each way, not 36 000")
        XCTAssertGreaterThanOrEqual(Double(plan.count) * plan.delta, 600 - 1e-9, "the whole window is covered")
        XCTAssertEqual(CurveAlignment.scanPlan(step: 1 / 60, window: 0.4).delta, 1 / 60, "a short run is searched frame by frame as before")
        let a = move(duration: 100, fps: 10, end: 120), b = move(delay: 7.5, duration: 100, fps: 10, end: 120)
        let found = CurveAlignment.align(a, b, step: 1 / 60, window: 120, distance: false)
        XCTAssertEqual(found.shift, 7.5, accuracy: 0.001)
    }

    func testAConstantOffsetIsNoDelay() {
        let a = move(), b = move(from: 3, to: 403)
        let found = CurveAlignment.align(a, b, step: 1 / 60, window: 0.4, distance: false)
        XCTAssertEqual(found.shift, 0, accuracy: 1e-6, "an offset does not pull the shift")
        XCTAssertEqual(found.residual, 3, accuracy: 1e-9)
    }

    func testIdenticalCurvesAndStillOnesHaveNoLag() {
        XCTAssertEqual(CurveAlignment.align(move(), move(), step: 1 / 60, window: 0.4, distance: false), CurveAlignment(shift: 0, residual: 0))
        let still = ValueCurve(times: [0, 0.1, 0.2], values: [[5], [5], [5]])
        let found = CurveAlignment.align(move(), still, step: 1 / 60, window: 0.4, distance: false)
        XCTAssertEqual(found.shift, 0, "a node left where it was has no lag")
        XCTAssertEqual(found.residual, 395, accuracy: 1e-9, "at 5 where the other ends at 400")
    }

    func testAnotherCurveLeavesAResidualNoShiftRemoves() {
        // Linear against smoothstep over 400 pt: 3u² − 2u³ − u peaks at u = 0.21, about 38 pt apart.
        let found = CurveAlignment.align(move(), move(fps: 60, linear: true), step: 1 / 60, window: 0.4, distance: false)
        XCTAssertGreaterThan(found.residual, 20)
    }

    func testTheCubicReadsASmoothCurveBetweenFrames() {
        let c = move(fps: 60)
        func value(at t: Double) -> Double {
            var out = [0.0]
            c.value(at: t, into: &out)
            return out[0]
        }
        for t in stride(from: 0.01, to: 0.29, by: 0.013) {
            let u = t / 0.3
            XCTAssertEqual(value(at: t), 400 * u * u * (3 - 2 * u), accuracy: 0.5, "t = \(t)")
        }
        XCTAssertEqual(value(at: -1), 0)
        XCTAssertEqual(value(at: 9), 400)
    }

    func testACurveWithoutItsNodeIsNotHeld() {
        var gone = move(end: 0.2)
        gone.heldAfter = false
        XCTAssertFalse(gone.defined(at: 0.25))
        XCTAssertTrue(gone.defined(at: 0.2))
        XCTAssertTrue(gone.defined(at: -1), "there from the start: held before")
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostOutput

/// The web export's curves (``WebCurves``) against the definition of CSS's `cubic-bezier()` (CSS
/// Easing 1: the curve through (0,0), (x1,y1), (x2,y2), (1,1), its y read where its x is the time's
/// fraction), evaluated here by bisection: the keyframes, played as Web Animations plays them, stay
/// within half a point of the motion at every instant, not only at frames.
final class WebCurvesTests: XCTestCase {
    private let times = (0...36).map { Double($0) / 60 }
    private let ease = (0.42, 0.0, 0.58, 1.0)

    /// CSS `cubic-bezier(x1, y1, x2, y2)` at `x`, by its definition.
    private func bezier(_ c: (Double, Double, Double, Double), _ x: Double) -> Double {
        func point(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if point(c.0, c.2, mid) < x { lo = mid } else { hi = mid }
        }
        return point(c.1, c.3, (lo + hi) / 2)
    }

    /// A move of 200 points along `ease` from `begin` to `end`, held after.
    private func motion(_ t: Double, begin: Double, end: Double) -> Double {
        200 * bezier(ease, min(max((t - begin) / (end - begin), 0), 1))
    }

    /// The value the keyframes give at `t`, as a browser plays them (each number between two keyframes
    /// along the first one's easing).
    private func played(_ keys: [WebKey], at t: Double) -> Double {
        let number = { (key: WebKey) in Double(key.value.dropFirst("translate(".count).prefix { $0 != "p" })! }
        guard let next = keys.firstIndex(where: { $0.time > t }) else { return number(keys.last!) }
        guard next > 0 else { return number(keys[0]) }
        let a = keys[next - 1], b = keys[next]
        var f = (t - a.time) / (b.time - a.time)
        if let easing = a.easing {
            let c = easing.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            f = bezier((c[0], c[1], c[2], c[3]), f)
        }
        return number(a) + f * (number(b) - number(a))
    }

    private func keys(begin: Double, end: Double, offBy: Double = 0) -> [WebKey] {
        let spans = [CurveSpan(begin: begin, end: end, easing: .cubicBezier(CubicBezier(ease.0, ease.1, ease.2, ease.3)))]
        let values = times.enumerated().map { i, t in "translate(\(css(motion(t, begin: begin, end: end) + (i == 12 ? offBy : 0)))px, 0px)" }
        return WebCurves(times: times, spans: spans).keys(values, property: "--at", extent: 200)
    }

    func testACurveEndingOnAFrameIsOneEasedKeyframe() {
        let keys = keys(begin: 0.1, end: 0.45)
        XCTAssertEqual(keys.filter { $0.easing != nil }.map(\.easing), ["cubic-bezier(0.42, 0, 0.58, 1)"])
        XCTAssertLessThanOrEqual(keys.count, 4, "the hold before, the curve, its end and the last frame")
        for i in 0...600 {
            let t = Double(i) / 1000
            XCTAssertEqual(played(keys, at: t), motion(t, begin: 0.1, end: 0.45), accuracy: 0.5, "at \(t) s")
        }
    }

    func testACurveEndingBetweenFramesEndsWhereItsBlockDoes() {
        let keys = keys(begin: 0.1, end: 0.4437)
        XCTAssertTrue(keys.contains { abs($0.time - 0.4437) < 1e-9 }, "\(keys)")
        for i in 0...600 {
            let t = Double(i) / 1000
            XCTAssertEqual(played(keys, at: t), motion(t, begin: 0.1, end: 0.4437), accuracy: 0.5, "at \(t) s")
        }
    }

    func testMotionOffTheCurveIsNotGivenIt() {
        let keys = keys(begin: 0.1, end: 0.45, offBy: 3)
        XCTAssertFalse(keys.contains { $0.easing != nil }, "a frame 3 points off the curve")
        for (i, t) in times.enumerated() {
            XCTAssertEqual(played(keys, at: t), motion(t, begin: 0.1, end: 0.45) + (i == 12 ? 3 : 0), accuracy: 0.5, "frame \(i)")
        }
    }
}

/// A CSS / Core Animation cubic Bézier timing curve from (0,0) to (1,1) with two control points.
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// `x1` and `x2` must lie in 0…1 so the curve is a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    // Polynomial coefficients: B(s) = ((a·s + b)·s + c)·s.
    private var cx: Double { 3 * x1 }
    private var bx: Double { 3 * (x2 - x1) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * y1 }
    private var by: Double { 3 * (y2 - y1) - cy }
    private var ay: Double { 1 - cy - by }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter whose x is `x`, to 1e-7: Newton's method, then bisection if it stalls.
    func solve(x: Double) -> Double {
        let epsilon = 1e-7
        var s = x
        for _ in 0..<8 {
            let err = sampleX(s) - x
            if abs(err) < epsilon { return s }
            let d = slopeX(s)
            if abs(d) < 1e-6 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        while hi - lo > epsilon / 4 {
            let v = sampleX(s)
            if abs(v - x) < epsilon { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// Progress at normalised time `x`; outside 0…1 the curve continues along its end tangents, as CSS
    /// does (a tangent too steep for a double is taken as flat).
    public func value(at x: Double) -> Double {
        func along(_ slope: Double, _ dx: Double) -> Double {
            let v = slope * dx
            return v.isFinite ? v : 0
        }
        if x < 0 {
            if x1 > 0 { return along(y1 / x1, x) }
            if y1 == 0 && x2 > 0 { return along(y2 / x2, x) }
            return 0
        }
        if x > 1 {
            if x2 < 1 { return 1 + along((y2 - 1) / (x2 - 1), x - 1) }
            if y2 == 1 && x1 < 1 { return 1 + along((y1 - 1) / (x1 - 1), x - 1) }
            return 1
        }
        return sampleY(solve(x: x))
    }
}

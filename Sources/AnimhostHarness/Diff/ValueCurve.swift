import Foundation

/// A property's values through a run, one vector a frame at the frame's time, read between frames by a
/// cubic through the neighbouring samples (Catmull–Rom with tangents from the uneven spacing). Outside
/// them it is held at its first or last value where the node is at rest (in the run's first or last
/// frame), and has no value where the node is not in the container (added later, removed earlier).
struct ValueCurve {
    /// Seconds from the run's start, increasing.
    let times: [Double]
    /// One vector a time, all of one length.
    let values: [[Double]]
    /// Whether the first value holds before the first time (the node was there from the start).
    var heldBefore = true
    /// Whether the last value holds after the last time (the node is still there at the end).
    var heldAfter = true

    /// Whether the curve has a value at `t`.
    func defined(at t: Double) -> Bool {
        guard let first = times.first, let last = times.last else { return false }
        return (heldBefore || t >= first - 1e-9) && (heldAfter || t <= last + 1e-9)
    }

    /// How many numbers each value has.
    var width: Int { values.first?.count ?? 0 }

    /// Writes the curve's value at `t` into `out` (of ``width`` numbers), allocating nothing.
    func value(at t: Double, into out: inout [Double]) {
        let n = times.count
        guard n > 1, t > times[0] else { return copy(0, into: &out) }
        guard t < times[n - 1] else { return copy(n - 1, into: &out) }
        let i = segment(t)
        let t0 = times[i], t1 = times[i + 1], h = t1 - t0
        guard h > 0 else { return copy(i, into: &out) }
        let u = (t - t0) / h
        let h00 = (1 + 2 * u) * (1 - u) * (1 - u), h10 = u * (1 - u) * (1 - u), h01 = u * u * (3 - 2 * u), h11 = u * u * (u - 1)
        // Slopes across each sample's neighbours; at the ends, where the curve is held, flat.
        let before = i > 0 ? times[i + 1] - times[i - 1] : 0, after = i + 2 < n ? times[i + 2] - times[i] : 0
        for k in 0..<width {
            let p0 = values[i][k], p1 = values[i + 1][k]
            let m0 = before > 0 ? (p1 - values[i - 1][k]) / before : 0
            let m1 = after > 0 ? (values[i + 2][k] - p0) / after : 0
            out[k] = h00 * p0 + h10 * h * m0 + h01 * p1 + h11 * h * m1
        }
    }

    private func copy(_ i: Int, into out: inout [Double]) {
        for k in 0..<width { out[k] = values[i][k] }
    }

    /// The largest `i` with `times[i] <= t`, below the last index.
    private func segment(_ t: Double) -> Int {
        var low = 0, high = times.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if times[mid] <= t { low = mid } else { high = mid }
        }
        return low
    }

    /// The largest minus the smallest value of any one number.
    var range: Double {
        (0..<width).map { k in
            let column = values.map { $0[k] }
            return (column.max() ?? 0) - (column.min() ?? 0)
        }.max() ?? 0
    }
}

/// How far in time one curve lags another, and what differs once that lag is taken out.
struct CurveAlignment: Equatable {
    /// Seconds `b` lags `a`: `b(t + shift)` matches `a(t)` best. Positive: B is later.
    let shift: Double
    /// The largest difference left between `a(t)` and `b(t + shift)`: a distance for a point or size,
    /// else the largest difference of one number.
    let residual: Double

    /// Aligns `b` to `a`. The shift minimises the variance of the difference over `a`'s times (so a
    /// constant offset does not pull it: a curve moved by 3 pt aligns at 0 and leaves 3 pt), found on a
    /// grid of one frame's `step` up to `window` seconds either way (coarser first for a long window:
    /// ``scanPlan(step:window:)``), then a sample of `a` at a time
    /// within a step of the best (a step of a flag lies between two samples), then refined by golden
    /// section within a sample. A tie keeps the shift nearest the one before: a curve that never
    /// changes has no lag.
    static func align(_ a: ValueCurve, _ b: ValueCurve, step: Double, window: Double, distance: Bool) -> CurveAlignment {
        let grid = CurveAlignment.grid(a, b, step: step)
        func cost(_ s: Double) -> Double { variance(a, b, grid: grid, shift: s) }
        var best = 0.0, bestCost = cost(0)
        func scan(around centre: Double, by delta: Double, count: Int) {
            guard delta > 0, count > 0 else { return }
            for i in 1...count {
                for s in [centre + Double(i) * delta, centre - Double(i) * delta] {
                    let c = cost(s)
                    if c < bestCost * (1 - 1e-9) - 1e-18 { (best, bestCost) = (s, c) }
                }
            }
        }
        if step > 0 && bestCost > 1e-18 {
            let plan = scanPlan(step: step, window: window)
            scan(around: 0, by: plan.delta, count: plan.count)
            if plan.delta > step { scan(around: best, by: step, count: Int((plan.delta / step).rounded(.up))) }
            let sample = a.times.count > 1 ? max(a.times[1] - a.times[0], step / 64) : step
            if sample < step { scan(around: best, by: sample, count: Int((step / sample).rounded(.up))) }
            best = refine(cost, around: best, step: min(sample, step))
        }
        return CurveAlignment(shift: best, residual: largest(a, b, grid: grid, shift: best, distance: distance))
    }

    /// The most shifts tried each way on the first grid: a long run is scanned coarser first, then by
    /// `step` around the best, so that its cost stays bounded (it is the grid's size times the samples').
    static let maxShifts = 600

    /// The first grid's spacing and its count of shifts each way: `step` up to `window`, coarser when
    /// that would be more than ``maxShifts``.
    static func scanPlan(step: Double, window: Double) -> (delta: Double, count: Int) {
        let count = Int((window / step).rounded(.up))
        guard count > maxShifts else { return (step, count) }
        return (window / Double(maxShifts), maxShifts)
    }

    /// The times compared: `a`'s own, then on by `step` while `b`'s samples run on (a later end).
    private static func grid(_ a: ValueCurve, _ b: ValueCurve, step: Double) -> [Double] {
        var times = a.times
        guard step > 0, let last = times.last, let end = b.times.last else { return times }
        var t = last + step
        while t <= end + step / 2 && times.count < a.times.count * 4 + 16 {
            times.append(t)
            t += step
        }
        return times
    }

    /// The minimum of `cost` within a step of `s`, by golden section (the cost is smooth there).
    private static func refine(_ cost: (Double) -> Double, around s: Double, step: Double) -> Double {
        let ratio = (5.0.squareRoot() - 1) / 2
        var low = s - step, high = s + step
        var x1 = high - ratio * (high - low), x2 = low + ratio * (high - low)
        var f1 = cost(x1), f2 = cost(x2)
        for _ in 0..<40 {
            if f1 <= f2 {
                high = x2; x2 = x1; f2 = f1
                x1 = high - ratio * (high - low); f1 = cost(x1)
            } else {
                low = x1; x1 = x2; f1 = f2
                x2 = low + ratio * (high - low); f2 = cost(x2)
            }
        }
        let found = (low + high) / 2
        return cost(found) < cost(s) * (1 - 1e-9) - 1e-18 ? found : s
    }

    /// The variance of `b(t + shift) − a(t)` over `grid`, summed over the numbers.
    private static func variance(_ a: ValueCurve, _ b: ValueCurve, grid: [Double], shift: Double) -> Double {
        let width = a.width
        var sum = Array(repeating: 0.0, count: width), squares = Array(repeating: 0.0, count: width)
        var n = 0.0
        var x = Array(repeating: 0.0, count: width), y = x
        for t in grid where a.defined(at: t) && b.defined(at: t + shift) {
            n += 1
            a.value(at: t, into: &x)
            b.value(at: t + shift, into: &y)
            for k in 0..<width {
                let d = y[k] - x[k]
                sum[k] += d
                squares[k] += d * d
            }
        }
        // Too little overlap says nothing of the lag: a shift that leaves one sample in common matches trivially.
        guard n >= Double(min(a.times.count, b.times.count)) / 2, n > 0 else { return .infinity }
        return (0..<width).reduce(0) { $0 + squares[$1] / n - (sum[$1] / n) * (sum[$1] / n) }
    }

    /// The largest difference of `b(t + shift)` from `a(t)` over `grid`.
    private static func largest(_ a: ValueCurve, _ b: ValueCurve, grid: [Double], shift: Double, distance: Bool) -> Double {
        var most = 0.0
        var x = Array(repeating: 0.0, count: a.width), y = x
        for t in grid where a.defined(at: t) && b.defined(at: t + shift) {
            a.value(at: t, into: &x)
            b.value(at: t + shift, into: &y)
            let d = zip(x, y).map { $1 - $0 }
            most = max(most, distance ? d.reduce(0) { $0 + $1 * $1 }.squareRoot() : d.map(abs).max() ?? 0)
        }
        return most
    }
}

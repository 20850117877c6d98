import AnimhostCore

/// Turns a property's value at every frame into Lottie keyframes that keep the motion's shape: a
/// stretch that followed one of the run's curve-timed blocks becomes two keyframes with that curve's
/// bezier handles; the rest (springs, keyframe blocks, gestures) keeps one keyframe per frame with
/// linear interpolation, less those a straight line through their neighbours already gives. Every
/// keyframe is checked against the sampled values, so the file plays what the run showed.
final class LottieKeyframes {
    /// Each frame's time in seconds.
    let times: [Double]
    /// The run's distinct curve-timed blocks by the frame they begin on: at most ``candidates`` a
    /// frame, in the order they began (a property at a frame is checked against each of them).
    private let starting: [Int: [CurveSpan]]
    /// Keyframes written so far.
    private(set) var count = 0
    /// The layer whose properties are being written, for messages.
    var layer = ""
    private let budget: LottieBudget
    /// Blocks beginning on one frame that a property is checked against; more of them (a plugin
    /// starting dozens of different curves at once) leave the rest sampled per frame.
    static let candidates = 32
    /// Frames a property may compare with curves, per frame it has: once they are spent (curves that
    /// a property nearly follows, begun frame after frame), the rest of it is sampled.
    static let checksPerFrame = 8

    /// Keyframes for frames at `times` (in order), keeping the curves of `spans`, counted against `budget`.
    init(times: [Double], spans: [CurveSpan], budget: LottieBudget) {
        self.times = times
        self.budget = budget
        var starting: [Int: [CurveSpan]] = [:], seen: Set<CurveSpan> = []
        for span in spans where span.end > span.begin && seen.insert(span).inserted {
            var f = LottieKeyframes.frames(before: span.begin - 1e-9, in: times)
            while f < times.count && times[f] < span.begin + 1e-9 {
                if starting[f, default: []].count < LottieKeyframes.candidates { starting[f, default: []].append(span) }
                f += 1
            }
        }
        self.starting = starting
    }

    /// How many of `times` (in order) are less than `time`.
    private static func frames(before time: Double, in times: [Double]) -> Int {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < time { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// A property's `k`/`a` object from `values` (one vector per frame): static when the value never
    /// changes. `value` writes a static value, `keyframe` a keyframe's `s`; values within `tolerance`
    /// (in the property's units) count as equal.
    func property(
        _ values: [[Double]], tolerance: Double = 1e-3,
        value: ([Double]) -> LottieJSON, keyframe: ([Double]) -> LottieJSON
    ) throws -> LottieJSON {
        guard let first = values.first, values.contains(where: { !close($0, first, tolerance) }) else {
            return .object([("a", .int(0)), ("k", value(values.first ?? []))])
        }
        let keys = pruned(keys(values, tolerance), values, tolerance)
        count += keys.count
        try budget.keyframes(keys.count, of: first.count, layer: layer)
        let json: [LottieJSON] = keys.enumerated().map { i, key in
            var fields: [(String, LottieJSON)] = [("t", .num(key.time)), ("s", keyframe(key.value))]
            if i < keys.count - 1 {
                let h = key.handles ?? (0, 0, 1, 1)
                fields.append(("o", .object([("x", .number(h.0, decimals: 4)), ("y", .number(h.1, decimals: 4))])))
                fields.append(("i", .object([("x", .number(h.2, decimals: 4)), ("y", .number(h.3, decimals: 4))])))
            }
            return .object(fields)
        }
        return .object([("a", .int(1)), ("k", .array(json))])
    }

    /// A keyframe at `time` (in frames) with `value`, easing to the next one along `handles` (nil: linearly).
    private struct Key {
        let time: Double
        let value: [Double]
        let handles: (Double, Double, Double, Double)?
    }

    private func keys(_ values: [[Double]], _ tolerance: Double) -> [Key] {
        var keys: [Key] = []
        var f = 0
        var checks = LottieKeyframes.checksPerFrame * values.count
        while f < values.count - 1 {
            if let c = curve(from: f, values, tolerance, checks: &checks) {
                keys.append(Key(time: Double(f), value: values[f], handles: c.handles))
                if let sampled = c.sampled {
                    f = sampled
                } else {
                    keys.append(Key(time: c.end, value: c.value, handles: nil))
                    f = c.last + 1
                }
            } else {
                keys.append(Key(time: Double(f), value: values[f], handles: nil))
                f += 1
            }
        }
        keys.append(Key(time: Double(values.count - 1), value: values[values.count - 1], handles: nil))
        return keys
    }

    /// A curve-timed block beginning at frame `f` whose values the frames up to its end follow: its
    /// handles, when it ends (in frames), its final value, the last frame within it, and that frame
    /// when the block ends exactly on it.
    private func curve(
        from f: Int, _ values: [[Double]], _ tolerance: Double, checks: inout Int
    )
        -> (handles: (Double, Double, Double, Double), end: Double, value: [Double], last: Int, sampled: Int?)?
    {
        for span in starting[f] ?? [] where checks > 0 {
            let last = LottieKeyframes.frames(before: (span.end + 1e-9).nextUp, in: times) - 1
            guard let handles = LottieKeyframes.handles(span.easing), last > f + 1 else { continue }
            let progress = { (k: Int) in span.easing.value(at: min(max((self.times[k] - span.begin) / (span.end - span.begin), 0), 1)) }
            let v0 = values[f]
            let exact = abs(times[last] - span.end) < 1e-9
            let reached = progress(last)
            guard exact || abs(reached) > 0.5 else { continue }
            let v1 = exact ? values[last] : zip(v0, values[last]).map { $0 + ($1 - $0) / reached }
            guard !close(v0, v1, tolerance) else { continue }
            let follows = (f...last).allSatisfy { k in
                checks -= 1
                return checks >= 0 && close(values[k], zip(v0, v1).map { $0 + ($1 - $0) * progress(k) }, tolerance)
            }
            guard follows else { continue }
            let end = Double(f) + (span.end - span.begin) / (times[f + 1] - times[f])
            return (handles, end, v1, last, exact ? last : nil)
        }
        return nil
    }

    /// Lottie's `o` and `i` handles (x1, y1, x2, y2) for a curve a bezier can carry.
    static func handles(_ easing: Easing) -> (Double, Double, Double, Double)? {
        switch easing {
        case .linear: return (0, 0, 1, 1)
        case .cubicBezier(let c): return (c.x1, c.y1, c.x2, c.y2)
        case .steps, .penner, .piecewiseLinear: return nil  // sampled per frame
        }
    }

    /// Drops linear keyframes that lie on the straight line between the keyframes around them, as
    /// every frame between those does. Each frame narrows the slopes a line from the last kept
    /// keyframe may take (``Slopes``) once, so the work grows with the frames, not their square.
    private func pruned(_ keys: [Key], _ values: [[Double]], _ tolerance: Double) -> [Key] {
        guard keys.count > 2 else { return keys }
        var out = [keys[0]]
        var slopes = Slopes(from: keys[0], tolerance: tolerance)
        for i in 1..<(keys.count - 1) {
            if out[out.count - 1].handles == nil, keys[i].handles == nil, slopes.allow(keys[i + 1], values) { continue }
            out.append(keys[i])
            slopes = Slopes(from: keys[i], tolerance: tolerance)
        }
        out.append(keys[keys.count - 1])
        return out
    }

    /// The slopes, per dimension, of the lines from keyframe `start` that pass within `tolerance` of
    /// every frame after it seen so far.
    private struct Slopes {
        let start: Key
        let tolerance: Double
        var low: [Double], high: [Double]
        /// The last frame seen.
        var seen: Int

        init(from start: Key, tolerance: Double) {
            self.start = start; self.tolerance = tolerance
            low = Array(repeating: -.infinity, count: start.value.count)
            high = Array(repeating: .infinity, count: start.value.count)
            seen = Int(start.time.rounded(.down))
        }

        /// Whether the line from the start to `end` passes within the tolerance of every frame between
        /// them (and at `end`'s, when whole).
        mutating func allow(_ end: Key, _ values: [[Double]]) -> Bool {
            let last = Int(end.time.rounded(.down))
            while seen < last {
                seen += 1
                let dt = Double(seen) - start.time
                for d in low.indices {
                    low[d] = max(low[d], (values[seen][d] - tolerance - start.value[d]) / dt)
                    high[d] = min(high[d], (values[seen][d] + tolerance - start.value[d]) / dt)
                }
            }
            let dt = end.time - start.time
            return dt > 0 && end.value.count == low.count
                && low.indices.allSatisfy { d in
                    let slope = (end.value[d] - start.value[d]) / dt
                    return slope >= low[d] && slope <= high[d]
                }
        }
    }

    private func close(_ x: [Double], _ y: [Double], _ tolerance: Double) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
    }
}

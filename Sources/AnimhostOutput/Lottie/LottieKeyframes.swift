import AnimhostCore

/// Turns a property's value at every frame into Lottie keyframes that keep the motion's shape: a
/// stretch that followed one of the run's curve-timed blocks becomes two keyframes with that curve's
/// bezier handles; the rest (springs, keyframe blocks, gestures) keeps one keyframe per frame with
/// linear interpolation, less those a straight line through their neighbours already gives. Every
/// keyframe is checked against the sampled values, so the file plays what the run showed.
final class LottieKeyframes {
    /// Each frame's time in seconds.
    let times: [Double]
    /// The run's plain curve-timed blocks.
    let spans: [CurveSpan]
    /// Keyframes written so far.
    private(set) var count = 0

    init(times: [Double], spans: [CurveSpan]) { self.times = times; self.spans = spans }

    /// A property's `k`/`a` object from `values` (one vector per frame): static when the value never
    /// changes. `value` writes a static value, `keyframe` a keyframe's `s`; values within `tolerance`
    /// (in the property's units) count as equal.
    func property(
        _ values: [[Double]], tolerance: Double = 1e-3,
        value: ([Double]) -> LottieJSON, keyframe: ([Double]) -> LottieJSON
    ) -> LottieJSON {
        guard let first = values.first, values.contains(where: { !close($0, first, tolerance) }) else {
            return .object([("a", .int(0)), ("k", value(values.first ?? []))])
        }
        let keys = pruned(keys(values, tolerance), values, tolerance)
        count += keys.count
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
        while f < values.count - 1 {
            if let c = curve(from: f, values, tolerance) {
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
        from f: Int, _ values: [[Double]], _ tolerance: Double
    )
        -> (handles: (Double, Double, Double, Double), end: Double, value: [Double], last: Int, sampled: Int?)?
    {
        for span in spans where abs(span.begin - times[f]) < 1e-9 && span.end > span.begin {
            guard let handles = LottieKeyframes.handles(span.easing),
                let last = times.lastIndex(where: { $0 <= span.end + 1e-9 }), last > f + 1
            else { continue }
            let progress = { (k: Int) in span.easing.value(at: min(max((self.times[k] - span.begin) / (span.end - span.begin), 0), 1)) }
            let v0 = values[f]
            let exact = abs(times[last] - span.end) < 1e-9
            let reached = progress(last)
            guard exact || abs(reached) > 0.5 else { continue }
            let v1 = exact ? values[last] : zip(v0, values[last]).map { $0 + ($1 - $0) / reached }
            guard !close(v0, v1, tolerance) else { continue }
            let follows = (f...last).allSatisfy { k in
                close(values[k], zip(v0, v1).map { $0 + ($1 - $0) * progress(k) }, tolerance)
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
    /// every frame between those does.
    private func pruned(_ keys: [Key], _ values: [[Double]], _ tolerance: Double) -> [Key] {
        guard keys.count > 2 else { return keys }
        var out = [keys[0]]
        for i in 1..<(keys.count - 1) {
            let previous = out[out.count - 1]
            if previous.handles == nil, keys[i].handles == nil, straight(previous, keys[i + 1], values, tolerance) { continue }
            out.append(keys[i])
        }
        out.append(keys[keys.count - 1])
        return out
    }

    private func straight(_ a: Key, _ b: Key, _ values: [[Double]], _ tolerance: Double) -> Bool {
        let first = Int(a.time.rounded(.up)), last = Int(b.time.rounded(.down))
        guard first <= last else { return true }
        return (first...last).allSatisfy { k in
            let p = (Double(k) - a.time) / (b.time - a.time)
            return close(values[k], zip(a.value, b.value).map { $0 + ($1 - $0) * p }, tolerance)
        }
    }

    private func close(_ x: [Double], _ y: [Double], _ tolerance: Double) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
    }
}

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
    func property(_ values: [[Double]], tolerance: Double = 1e-3,
                  value: ([Double]) -> LottieJSON, keyframe: ([Double]) -> LottieJSON) -> LottieJSON {
        guard let first = values.first, values.contains(where: { !close($0, first, tolerance) }) else {
            return .object([("a", .int(0)), ("k", value(values.first ?? []))])
        }
        let keys = pruned(keys(values, tolerance), values, tolerance)
        count += keys.count
        let json: [LottieJSON] = keys.enumerated().map { i, key in
            var fields: [(String, LottieJSON)] = [("t", .int(key.frame)), ("s", keyframe(values[key.frame]))]
            if i < keys.count - 1 {
                let h = key.handles ?? (0, 0, 1, 1)
                fields.append(("o", .object([("x", .number(h.0, decimals: 4)), ("y", .number(h.1, decimals: 4))])))
                fields.append(("i", .object([("x", .number(h.2, decimals: 4)), ("y", .number(h.3, decimals: 4))])))
            }
            return .object(fields)
        }
        return .object([("a", .int(1)), ("k", .array(json))])
    }

    /// A keyframe at `frame`, easing to the next one along `handles` (nil: linearly).
    private struct Key { let frame: Int; let handles: (Double, Double, Double, Double)? }

    private func keys(_ values: [[Double]], _ tolerance: Double) -> [Key] {
        var keys: [Key] = []
        var f = 0
        while f < values.count - 1 {
            if let (end, handles) = curve(from: f, values, tolerance) {
                keys.append(Key(frame: f, handles: handles))
                f = end
            } else {
                keys.append(Key(frame: f, handles: nil))
                f += 1
            }
        }
        keys.append(Key(frame: values.count - 1, handles: nil))
        return keys
    }

    /// The frame a curve-timed block beginning at frame `f` ends on, and its handles, when the
    /// values between follow that curve.
    private func curve(from f: Int, _ values: [[Double]], _ tolerance: Double) -> (Int, (Double, Double, Double, Double))? {
        for span in spans where abs(span.begin - times[f]) < 1e-9 {
            guard let handles = LottieKeyframes.handles(span.easing),
                  let end = times.firstIndex(where: { abs($0 - span.end) < 1e-9 }), end > f + 1 else { continue }
            let v0 = values[f], v1 = values[end]
            guard !close(v0, v1, tolerance) else { continue }
            let follows = (f...end).allSatisfy { k in
                let p = span.easing.value(at: (times[k] - span.begin) / (span.end - span.begin))
                return close(values[k], zip(v0, v1).map { $0 + ($1 - $0) * p }, tolerance)
            }
            if follows { return (end, handles) }
        }
        return nil
    }

    /// Lottie's `o` and `i` handles (x1, y1, x2, y2) for a curve a bezier can carry.
    static func handles(_ easing: Easing) -> (Double, Double, Double, Double)? {
        switch easing {
        case .linear: return (0, 0, 1, 1)
        case .cubicBezier(let c): return (c.x1, c.y1, c.x2, c.y2)
        case .steps, .penner: return nil
        }
    }

    /// Drops linear keyframes that lie on the straight line between the keyframes around them.
    private func pruned(_ keys: [Key], _ values: [[Double]], _ tolerance: Double) -> [Key] {
        guard keys.count > 2 else { return keys }
        var out = [keys[0]]
        for i in 1..<(keys.count - 1) {
            let previous = out[out.count - 1], next = keys[i + 1]
            if previous.handles == nil && keys[i].handles == nil && straight(previous.frame, next.frame, values, tolerance) { continue }
            out.append(keys[i])
        }
        out.append(keys[keys.count - 1])
        return out
    }

    private func straight(_ a: Int, _ b: Int, _ values: [[Double]], _ tolerance: Double) -> Bool {
        (a...b).allSatisfy { k in
            let p = Double(k - a) / Double(b - a)
            return close(values[k], zip(values[a], values[b]).map { $0 + ($1 - $0) * p }, tolerance)
        }
    }

    private func close(_ x: [Double], _ y: [Double], _ tolerance: Double) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
    }
}

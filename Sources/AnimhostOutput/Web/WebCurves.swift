import AnimhostCore

/// A keyframe of a web track: the value at `time` (seconds from the run's start) and how it eases to
/// the next keyframe (`step-end`, a `cubic-bezier()`, or nil: linearly).
struct WebKey: Equatable {
    let time: Double
    let value: String
    let easing: String?
}

/// A property's keyframes from its value at every frame, keeping the run's curves: a stretch that
/// followed one of the run's cubic-Bézier blocks (``CurveSpan``) from its first frame becomes one
/// keyframe eased by that block's `cubic-bezier()` and one where the block ends, when every frame of
/// the stretch lies within the tolerance of that curve; the rest (springs, keyframe blocks, gestures)
/// is pruned to straight pieces by ``WebKeyframes``. The browser computes a curve exactly as the
/// engine does (CSS Easing 1), so the page plays the designed curve, not samples of it.
struct WebCurves {
    /// Each frame's time in seconds.
    let times: [Double]
    /// The run's distinct Bézier blocks by the frame they begin on, at most ``candidates`` a frame.
    private let starting: [Int: [(span: CurveSpan, curve: CubicBezier)]]
    /// Blocks beginning on one frame that a property is checked against.
    static let candidates = 32

    /// The curves of `spans` for frames at `times`.
    init(times: [Double], spans: [CurveSpan]) {
        self.times = times
        var starting: [Int: [(span: CurveSpan, curve: CubicBezier)]] = [:], seen: Set<CurveSpan> = []
        for span in spans where span.end > span.begin && seen.insert(span).inserted {
            guard case .cubicBezier(let curve) = span.easing, let f = WebCurves.frame(at: span.begin, in: times) else { continue }
            if starting[f, default: []].count < WebCurves.candidates { starting[f, default: []].append((span, curve)) }
        }
        self.starting = starting
    }

    /// The frame at `time` (within a nanosecond), if one is.
    private static func frame(at time: Double, in times: [Double]) -> Int? {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < time - 1e-9 { low = mid + 1 } else { high = mid }
        }
        return low < times.count && abs(times[low] - time) <= 1e-9 ? low : nil
    }

    /// The keyframes of `values` (one per frame) for `property` on a node whose larger side is `extent` points.
    func keys(_ values: [String], property: String, extent: Double) -> [WebKey] {
        let parsed = values.map(WebKeyframes.parse)
        guard values.count > 2 else { return WebCurves.linear(values, parsed, times: times, property: property, extent: extent) }
        let tolerance = WebKeyframes.tolerance(of: property, values: values, extent: extent)
        let turns = property.hasPrefix("--t") || property == "transform"
        var keys: [WebKey] = []
        var stretch = 0, f = 0
        while f < values.count - 1 {
            guard let c = curve(from: f, parsed, tolerance: tolerance, turns: turns) else {
                f += 1
                continue
            }
            keys += WebCurves.linear(
                Array(values[stretch...f]), Array(parsed[stretch...f]), times: Array(times[stretch...f]), property: property, extent: extent
            )
            .dropLast()
            keys.append(WebKey(time: times[f], value: values[f], easing: c.easing))
            if let end = c.endValue {
                keys.append(WebKey(time: c.end, value: end, easing: nil))
                stretch = c.last + 1
            } else {
                stretch = c.last
            }
            f = stretch
        }
        if stretch < values.count {
            keys += WebCurves.linear(Array(values[stretch...]), Array(parsed[stretch...]), times: Array(times[stretch...]), property: property, extent: extent)
        }
        return keys
    }

    /// A Bézier block beginning at frame `f` that the frames up to its end follow: its easing, when it
    /// ends, the last frame within it, and its final value when that falls between frames (nil: on frame `last`).
    private func curve(
        from f: Int, _ v: [(template: String, numbers: [Double])], tolerance: Double, turns: Bool
    )
        -> (easing: String, end: Double, last: Int, endValue: String?)?
    {
        for (span, bezier) in starting[f] ?? [] {
            var last = f
            while last + 1 < times.count && times[last + 1] <= span.end + 1e-9 { last += 1 }
            let exact = abs(times[last] - span.end) <= 1e-9
            guard last > f + 1, exact || last + 1 < times.count else { continue }
            guard (f...last).allSatisfy({ v[$0].template == v[f].template && v[$0].numbers.count == v[f].numbers.count }) else { continue }
            let progress = { (k: Int) in bezier.value(at: min(max((self.times[k] - span.begin) / (span.end - span.begin), 0), 1)) }
            let reached = progress(last)
            guard exact || abs(reached) > 0.5 else { continue }
            let v0 = v[f].numbers
            let v1 = exact ? v[last].numbers : zip(v0, v[last].numbers).map { $0 + ($1 - $0) / reached }
            guard zip(v0, v1).contains(where: { abs($0 - $1) > tolerance }) else { continue }
            if turns && v0 != v1 && (f...last).contains(where: { WebKeyframes.skews(v[$0].template, v[$0].numbers) }) { continue }
            let follows = (f...last).allSatisfy { k in
                let p = progress(k)
                return zip(zip(v0, v1), v[k].numbers).allSatisfy { ends, n in abs(ends.0 + (ends.1 - ends.0) * p - n) <= tolerance }
            }
            guard follows else { continue }
            let easing = "cubic-bezier(\([bezier.x1, bezier.y1, bezier.x2, bezier.y2].map(css).joined(separator: ", ")))"
            return (easing, span.end, last, exact ? nil : WebCurves.fill(v[f].template, v1))
        }
        return nil
    }

    /// `template` with each `#` replaced by the next of `numbers`.
    static func fill(_ template: String, _ numbers: [Double]) -> String {
        var out = "", rest = numbers[...]
        for c in template {
            if c == "#", let n = rest.popFirst() { out += css(n) } else { out.append(c) }
        }
        return out
    }

    /// The frames ``WebKeyframes`` keeps of `values` (at `times`) as keyframes; a value that cannot be
    /// interpolated from the one before (another shape of value, a keyword) changes halfway between
    /// the two frames, so that a seek a hair off either frame shows that frame's value.
    static func linear(_ values: [String], times: [Double], property: String, extent: Double) -> [WebKey] {
        linear(values, values.map(WebKeyframes.parse), times: times, property: property, extent: extent)
    }

    /// ``linear(_:times:property:extent:)`` of `values` already parsed (`parsed`, one per value).
    static func linear(
        _ values: [String], _ parsed: [(template: String, numbers: [Double])], times: [Double], property: String, extent: Double
    ) -> [WebKey] {
        let kept = WebKeyframes.kept(values, parsed: parsed, times: times, property: property, extent: extent)
        var keys: [WebKey] = []
        for (n, i) in kept.enumerated() {
            let next = n + 1 < kept.count ? kept[n + 1] : nil
            let jumps = next.map { $0 == i + 1 && parsed[i].template != parsed[$0].template } ?? false
            keys.append(WebKey(time: times[i], value: values[i], easing: jumps ? "step-end" : nil))
            if jumps, let next { keys.append(WebKey(time: (times[i] + times[next]) / 2, value: values[next], easing: nil)) }
        }
        return keys
    }
}

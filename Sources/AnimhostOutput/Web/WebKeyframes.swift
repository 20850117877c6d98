import Foundation

/// The keyframes of one CSS property of one element: its value at every frame, pruned to the fewest
/// that keep the motion within tolerance. Between two kept keyframes the browser interpolates linearly
/// in time (each number of the value moving at a constant rate), so a frame is left out when that
/// line passes within the tolerance of every number of every frame it skips: 0.5 points for lengths,
/// 1/255 for opacity and colours, half a point at the node's edge for a transform's scale and turn.
enum WebKeyframes {
    /// The indices of the frames kept of `values` (one per frame, at `times`) for `property`, on a node
    /// whose larger side is `extent` points: always the first and the last.
    static func kept(_ values: [String], times: [Double], property: String, extent: Double) -> [Int] {
        kept(values, parsed: values.map(parse), times: times, property: property, extent: extent)
    }

    /// ``kept(_:times:property:extent:)`` of `values` already parsed (`parsed`, one per value).
    static func kept(_ values: [String], parsed: [(template: String, numbers: [Double])], times: [Double], property: String, extent: Double) -> [Int] {
        guard values.count > 2 else { return Array(values.indices) }
        let tolerance = tolerance(of: property, values: values, extent: extent)
        let turns = property.hasPrefix("--t") || property == "transform"
        var kept = [0]
        var start = 0
        while start < values.count - 1 {
            var end = start + 1
            while end + 1 < values.count, spans(parsed, times, from: start, to: end + 1, tolerance: tolerance, turns: turns) { end += 1 }
            kept.append(end)
            start = end
        }
        return kept
    }

    /// How far a kept line may pass from a skipped frame's numbers.
    static func tolerance(of property: String, values: [String], extent: Double) -> Double {
        if property == "opacity" || values.contains(where: { $0.contains("rgb") }) { return 1.0 / 255 }
        if property.hasPrefix("--t") || property == "transform" { return 0.5 / max(extent, 1) }
        return 0.5
    }

    /// Whether the line from frame `a` to frame `b` stays within `tolerance` of every frame between.
    /// A matrix that turns or skews is interpolated by the browser through its decomposition, not
    /// number by number, so such frames are kept wherever they change.
    private static func spans(_ v: [(template: String, numbers: [Double])], _ t: [Double], from a: Int, to b: Int, tolerance: Double, turns: Bool) -> Bool {
        let (first, last) = (v[a], v[b])
        guard first.template == last.template, first.numbers.count == last.numbers.count, t[b] > t[a] else { return false }
        if turns && (first.numbers != last.numbers) && (skews(first.template, first.numbers) || skews(last.template, last.numbers)) {
            return false
        }
        for i in (a + 1)..<b {
            guard v[i].template == first.template, v[i].numbers.count == first.numbers.count else { return false }
            let f = (t[i] - t[a]) / (t[b] - t[a])
            for j in first.numbers.indices where abs(first.numbers[j] + f * (last.numbers[j] - first.numbers[j]) - v[i].numbers[j]) > tolerance {
                return false
            }
        }
        return true
    }

    /// Whether a `matrix(a, b, c, d, tx, ty)` value has a turn or a skew (b or c not zero).
    static func skews(_ template: String, _ numbers: [Double]) -> Bool {
        guard template.hasPrefix("matrix("), numbers.count == 6 else { return template.hasPrefix("matrix3d(") }
        return numbers[1] != 0 || numbers[2] != 0
    }

    /// A value's numbers, and the text around them (each number replaced by `#`); a hex colour is
    /// text alone (its digits are not numbers to interpolate).
    static func parse(_ value: String) -> (template: String, numbers: [Double]) {
        if value.contains("#") { return (value, []) }
        var template = "", numbers: [Double] = [], digits = ""
        var previous: Character = " "
        func flush() {
            guard !digits.isEmpty else { return }
            if let n = Double(digits) { numbers.append(n); template.append("#") } else { template += digits }
            digits = ""
        }
        for c in value {
            let startsNumber = c.isNumber || c == "." || (c == "-" && !previous.isLetter && previous != "-")
            if !digits.isEmpty ? (c.isNumber || c == "." || c == "e" || (c == "-" && digits.last == "e")) : (startsNumber && !previous.isLetter && previous != "-") {
                digits.append(c)
            } else {
                flush()
                template.append(c)
            }
            previous = c
        }
        flush()
        return (template, numbers)
    }
}

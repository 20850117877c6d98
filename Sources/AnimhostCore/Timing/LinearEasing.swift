/// CSS Easing Level 2's `linear(…)`: straight segments between control points, as browsers ship
/// springs and bounces sampled into stops.
public struct LinearEasing: Hashable, Sendable {
    /// A control point: progress `output` at time `input`.
    public struct Point: Hashable, Sendable {
        public let input: Double
        public let output: Double
    }

    /// The canonical control points: inputs present and never decreasing.
    public let points: [Point]

    /// Canonicalises `stops` (an output with zero, one or two inputs each) as the spec does: a
    /// missing first input is 0, a missing last input is the larger of 1 and every input before it,
    /// an input below an earlier one is raised to it, and runs of missing inputs are spread evenly
    /// between their neighbours.
    public init(stops: [(output: Double, inputs: [Double])]) {
        var raw: [(output: Double, input: Double?)] = []
        for stop in stops {
            if stop.inputs.isEmpty { raw.append((stop.output, nil)) }
            for input in stop.inputs { raw.append((stop.output, input)) }
        }
        if raw.count == 1 { raw.append(raw[0]) }
        if raw[0].input == nil { raw[0].input = 0 }
        if raw[raw.count - 1].input == nil {
            raw[raw.count - 1].input = max(1, raw.compactMap(\.input).max() ?? 1)
        }
        var largest = -Double.infinity
        for i in raw.indices {
            guard let input = raw[i].input else { continue }
            largest = max(largest, input)
            raw[i].input = largest
        }
        var i = 0
        while i < raw.count {
            guard raw[i].input == nil else { i += 1; continue }
            var j = i
            while raw[j].input == nil { j += 1 }
            let start = raw[i - 1].input!, end = raw[j].input!, gaps = Double(j - i + 1)
            for k in i..<j { raw[k].input = start + (end - start) * Double(k - i + 1) / gaps }
            i = j
        }
        points = raw.map { Point(input: $0.input!, output: $0.output) }
    }

    /// Output progress at input `x`: between the two points around it, extrapolated along the first or
    /// last segment outside them; where two points share an input, the later one wins.
    public func value(at x: Double) -> Double {
        var a = points.lastIndex { $0.input <= x } ?? 0
        if a == points.count - 1 { a -= 1 }
        let p = points[a], q = points[a + 1]
        if p.input == q.input { return q.output }
        return p.output + (x - p.input) / (q.input - p.input) * (q.output - p.output)
    }

    /// Parses the arguments of `linear(…)`: each a number followed by up to two percentages.
    static func parse(_ args: [String], spec: String) throws -> LinearEasing {
        let usage = "linear() takes stops such as linear(0, 0.25 75%, 1): an output, then up to two input percentages; got '\(spec)'"
        guard !args.isEmpty, !(args.count == 1 && args[0].isEmpty) else { throw EasingError(usage) }
        var stops: [(output: Double, inputs: [Double])] = []
        for arg in args {
            let words = arg.split(separator: " ", omittingEmptySubsequences: true)
            let numbers = words.filter { !$0.hasSuffix("%") }
            let percents = words.filter { $0.hasSuffix("%") }
            guard numbers.count == 1, percents.count <= 2, let output = Double(numbers[0]), output.isFinite else { throw EasingError(usage) }
            let inputs = try percents.map { word -> Double in
                guard let v = Double(word.dropLast()), v.isFinite else { throw EasingError(usage) }
                return v / 100
            }
            stops.append((output, inputs))
        }
        return LinearEasing(stops: stops)
    }
}

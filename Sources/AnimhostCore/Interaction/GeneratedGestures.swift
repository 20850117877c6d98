import Foundation

/// Common gestures, generated from a spec such as `edge-swipe to=0.6 release=fling` (docs/gestures.md).
public enum GeneratedGesture {
    /// Samples per second of generated traces (a 120 Hz touch screen).
    public static let rate = 120.0

    /// The generators and their keys with defaults, for help text.
    public static let help = """
        edge-swipe to=0.6 duration=0.35 release=slow|fling|cancelled
          a swipe from the left edge to `to` × the width; a fling moves at 1500 pt/s;
          cancelled: the system takes the touch away where a slow release would lift
        pan-down dy=300 duration=0.4 release=down|up
          a pan down from the centre, released moving down or back up
        """

    /// Builds the trace a spec describes, for a screen of `size`.
    public static func trace(_ spec: String, size: Size) throws -> GestureTrace {
        let words = spec.split(separator: " ").map(String.init)
        guard let name = words.first else { throw GestureError("an empty gesture spec (try \"edge-swipe to=0.6\")") }
        var keys: [String: String] = [:]
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw GestureError("'\(word)': gesture keys are written key=value") }
            guard keys.updateValue(parts[1], forKey: parts[0]) == nil else { throw GestureError("\(name): the key '\(parts[0])' is given twice; keep one") }
        }
        func number(_ key: String, _ fallback: Double, _ range: ClosedRange<Double>) throws -> Double {
            guard let text = keys.removeValue(forKey: key) else { return fallback }
            guard let n = Double(text), range.contains(n) else {
                throw GestureError("\(name) \(key)=\(text): expected a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))")
            }
            return n
        }
        func choice(_ key: String, _ options: [String]) throws -> String {
            guard let text = keys.removeValue(forKey: key) else { return options[0] }
            guard options.contains(text) else { throw GestureError("\(name) \(key)=\(text): expected \(options.joined(separator: " or "))") }
            return text
        }
        let trace: GestureTrace
        switch name {
        case "edge-swipe":
            let release = try choice("release", ["slow", "fling", "cancelled"])
            trace = try edgeSwipe(
                to: number("to", 0.6, 0...1), duration: number("duration", 0.35, 0.01...10),
                fling: release == "fling", cancelled: release == "cancelled", size: size)
        case "pan-down":
            trace = try panDown(
                dy: number("dy", 300, 0...10_000), duration: number("duration", 0.4, 0.01...10),
                up: choice("release", ["down", "up"]) == "up", size: size)
        default:
            throw GestureError("unknown gesture '\(name)' (edge-swipe or pan-down, or a .json trace file)")
        }
        if let extra = keys.keys.sorted().first { throw GestureError("\(name): unknown key '\(extra)'") }
        return trace
    }

    /// The speed of a fling, in points per second.
    public static let flingSpeed = 1500.0

    /// From x = 2 to `to` × width along the middle. Slow: eases out over `duration` and rests 50 ms
    /// before release. Fling: moves at ``flingSpeed`` (faster if `duration` asks) and lets go moving.
    /// Cancelled: as slow, but the last sample is `cancelled` instead of `ended`.
    static func edgeSwipe(to: Double, duration: Double, fling: Bool, cancelled: Bool = false, size: Size) throws -> GestureTrace {
        let start = Point(x: 2, y: size.height / 2)
        let distance = max(to * size.width - start.x, 0)
        let length = fling ? min(duration, distance / flingSpeed) : duration
        let samples = path(duration: length, from: start) { u in
            Point(x: start.x + distance * (fling ? u : 1 - pow(1 - u, 3)), y: start.y)
        }
        return try release(samples, hold: fling ? 0 : 0.05, state: cancelled ? .cancelled : .ended)
    }

    /// From the centre down by `dy`. Down: released still moving down; up: the last 80 ms move back up 40 pt.
    static func panDown(dy: Double, duration: Double, up: Bool, size: Size) throws -> GestureTrace {
        let start = Point(x: size.width / 2, y: size.height / 2)
        var samples = path(duration: duration, from: start) { u in Point(x: start.x, y: start.y + dy * u) }
        if up {
            let turn = samples.last!.time
            let steps = checkedInt(0.08 * rate)
            for i in 1...steps {
                let t = turn + Double(i) / rate
                samples.append(GestureSample(time: t, location: Point(x: start.x, y: start.y + dy - 40 * Double(i) / Double(steps)), state: .changed))
            }
        }
        return try release(samples, hold: 0)
    }

    private static func path(duration: Double, from start: Point, _ at: (Double) -> Point) -> [GestureSample] {
        let count = max(checkedInt(duration * rate, .toNearestOrAwayFromZero), 2)
        var samples = [GestureSample(time: 0, location: start, state: .began)]
        for i in 1...count {
            let u = Double(i) / Double(count)
            samples.append(GestureSample(time: duration * u, location: at(u), state: .changed))
        }
        return samples
    }

    /// Ends the trace in `state`: the finger lifts (or the touch is cancelled) where it is, after resting
    /// `hold` seconds (0: still moving).
    private static func release(_ samples: [GestureSample], hold: Double, state: GestureSample.State = .ended) throws -> GestureTrace {
        var all = samples
        let last = all.last!
        if hold > 0 {
            all.append(GestureSample(time: last.time + hold, location: last.location, state: .changed))
        }
        all[all.count - 1].state = state
        return try GestureTrace(samples: all)
    }
}

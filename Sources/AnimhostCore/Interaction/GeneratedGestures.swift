import Foundation

/// Common gestures, generated from a spec such as `edge-swipe to=0.6 release=fling` (docs/gestures.md).
public enum GeneratedGesture {
    /// Samples per second of generated traces (a 120 Hz touch screen).
    public static let rate = 120.0

    /// The generators and their keys with defaults, for help text.
    public static let help = """
        edge-swipe to=0.6 (or dx=POINTS) duration=0.35
          release=slow|fling|cancelled
          from the left edge to `to` × the width (or by dx points); a fling
          moves at 1500 pt/s; cancelled: the system takes the touch away
          where a slow release would lift
        pan-down dy=300 (or to=FRACTION) duration=0.4
          release=down|up|slow|fling|cancelled
          from the centre down by dy points (or `to` × the height), released
          moving down, back up, or as an edge swipe's slow, fling, cancelled
        pan-up dy=300, pan-left dx=300, pan-right dx=300: the same keys
          upwards, leftwards, rightwards; `release` names the pan's own way
          and the opposite
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
            if keys["dx"] != nil && keys["to"] != nil { throw GestureError("\(name): give dx or to, not both") }
            let distance = try keys["dx"] != nil ? number("dx", 0, 0...maxTravel) : max(number("to", 0.6, 0...1) * size.width - 2, 0)
            trace = try edgeSwipe(
                distance: distance, duration: number("duration", 0.35, 0.01...10),
                fling: release == "fling", cancelled: release == "cancelled", size: size)
        case "pan-down", "pan-up", "pan-left", "pan-right":
            let way = String(name.dropFirst(4))
            let direction = Pan.directions[way]!
            let travelKey = direction.dx != 0 ? "dx" : "dy"
            if keys[travelKey] != nil && keys["to"] != nil { throw GestureError("\(name): give \(travelKey) or to, not both") }
            let along = direction.dx != 0 ? size.width : size.height
            let travel = try keys["to"] != nil ? number("to", 0, 0...1) * along : number(travelKey, 300, 0...maxTravel)
            let release = try choice("release", [way, Pan.opposite[way]!, "slow", "fling", "cancelled"])
            trace = try pan(
                Pan(direction: direction, travel: travel, release: Pan.Release(release, way: way)),
                duration: number("duration", 0.4, 0.01...10), size: size)
        default:
            throw GestureError("unknown gesture '\(name)' (edge-swipe, pan-down, pan-up, pan-left or pan-right, or a .json trace file)")
        }
        if let extra = keys.keys.sorted().first { throw GestureError("\(name): unknown key '\(extra)'") }
        return trace
    }

    /// The longest travel a generated gesture takes in points, ten times the largest scene: as far as a
    /// plugin's `interaction.distance` may be.
    public static let maxTravel = 1_000_000.0

    /// The speed of a fling, in points per second.
    public static let flingSpeed = 1500.0

    /// From x = 2 rightwards by `distance` along the middle. Slow: eases out over `duration` and rests 50 ms
    /// before release. Fling: moves at ``flingSpeed`` (faster if `duration` asks) and lets go moving.
    /// Cancelled: as slow, but the last sample is `cancelled` instead of `ended`.
    static func edgeSwipe(distance: Double, duration: Double, fling: Bool, cancelled: Bool = false, size: Size) throws -> GestureTrace {
        let start = Point(x: 2, y: size.height / 2)
        let length = fling ? min(duration, distance / flingSpeed) : duration
        let samples = path(duration: length, from: start) { u in
            Point(x: start.x + distance * (fling ? u : 1 - pow(1 - u, 3)), y: start.y)
        }
        return try release(samples, hold: fling ? 0 : 0.05, state: cancelled ? .cancelled : .ended)
    }

    /// A straight pan from the centre: which way, how far and how it is released.
    struct Pan {
        enum Release {
            /// Still moving on (linear) when it lifts.
            case moving
            /// The last 80 ms move back 40 pt.
            case back
            /// Eases out and rests 50 ms, as an edge swipe's slow release; `cancelled`: the system takes the touch.
            case slow(cancelled: Bool)
            /// At ``GeneratedGesture/flingSpeed`` (faster if the duration asks), lifting while moving.
            case fling

            init(_ word: String, way: String) {
                switch word {
                case way: self = .moving
                case "slow": self = .slow(cancelled: false)
                case "cancelled": self = .slow(cancelled: true)
                case "fling": self = .fling
                default: self = .back
                }
            }
        }
        static let directions = [
            "down": DriveDirection(dx: 0, dy: 1), "up": DriveDirection(dx: 0, dy: -1),
            "left": DriveDirection(dx: -1, dy: 0), "right": DriveDirection(dx: 1, dy: 0)
        ]
        static let opposite = ["down": "up", "up": "down", "left": "right", "right": "left"]
        let direction: DriveDirection
        /// Points along `direction`.
        let travel: Double
        let release: Release
    }

    /// From the centre by `pan.travel` along its direction over `duration`, released as `pan.release` says.
    static func pan(_ pan: Pan, duration: Double, size: Size) throws -> GestureTrace {
        let start = Point(x: size.width / 2, y: size.height / 2)
        let (dx, dy, travel) = (pan.direction.dx, pan.direction.dy, pan.travel)
        func at(_ along: Double) -> Point { Point(x: start.x + dx * along, y: start.y + dy * along) }
        switch pan.release {
        case .moving, .back:
            var samples = path(duration: duration, from: start) { u in at(travel * u) }
            if case .back = pan.release {
                let turn = samples.last!.time
                let steps = checkedInt(0.08 * rate)
                for i in 1...steps {
                    let back = 40 * Double(i) / Double(steps)
                    let location = Point(x: start.x + dx * travel - dx * back, y: start.y + dy * travel - dy * back)
                    samples.append(GestureSample(time: turn + Double(i) / rate, location: location, state: .changed))
                }
            }
            return try release(samples, hold: 0)
        case .fling:
            let samples = path(duration: max(min(duration, travel / flingSpeed), 0.01), from: start) { u in at(travel * u) }
            return try release(samples, hold: 0)
        case .slow(let cancelled):
            let samples = path(duration: duration, from: start) { u in at(travel * (1 - pow(1 - u, 3))) }
            return try release(samples, hold: 0.05, state: cancelled ? .cancelled : .ended)
        }
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

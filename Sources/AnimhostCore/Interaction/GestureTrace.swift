import Foundation

/// One touch sample of a gesture, at a time on the virtual clock (seconds from the transition's start).
public struct GestureSample: Equatable, Sendable {
    /// The recogniser's state, as `UIGestureRecognizer.State`.
    public enum State: String, Sendable, CaseIterable { case began, changed, ended, cancelled }
    public var time: Double
    public var location: Point
    public var state: State

    public init(time: Double, location: Point, state: State) {
        self.time = time; self.location = location; self.state = state
    }
}

/// A recorded or generated gesture: samples in time order, beginning with `began` and ending with
/// `ended` or `cancelled`.
public struct GestureTrace: Equatable, Sendable {
    public let samples: [GestureSample]

    /// Checks the samples: at least one and at most ``Bounds/gestureSamples``, finite, times within
    /// ``Bounds/seconds`` and positions within ±``Bounds/magnitude``, in time order; the first becomes
    /// `began` and a missing release is added as an `ended` at the last sample's time and place.
    public init(samples raw: [GestureSample]) throws {
        guard !raw.isEmpty else { throw GestureError("a gesture needs at least one sample") }
        guard raw.count <= Bounds.gestureSamples else {
            throw GestureError("\(raw.count) samples is more than the \(Bounds.gestureSamples) a gesture may have")
        }
        var samples = raw
        for (i, s) in samples.enumerated() {
            guard s.time.isFinite, s.location.x.isFinite, s.location.y.isFinite else {
                throw GestureError("samples[\(i)]: times and positions must be finite numbers")
            }
            guard s.time >= 0 else { throw GestureError("samples[\(i)]: times start at 0 (seconds from the transition's start)") }
            guard s.time <= Bounds.seconds else {
                throw GestureError("samples[\(i)]: t = \(formatNumber(s.time)) is past the \(formatNumber(Bounds.seconds)) s a transition may last")
            }
            guard abs(s.location.x) <= Bounds.magnitude, abs(s.location.y) <= Bounds.magnitude else {
                throw GestureError("samples[\(i)]: positions must lie within ±1e9 points")
            }
            if i > 0 && s.time < samples[i - 1].time {
                throw GestureError("samples[\(i)]: t = \(formatNumber(s.time)) comes before the previous sample's \(formatNumber(samples[i - 1].time)): samples must be in time order")
            }
            if i < samples.count - 1 && (s.state == .ended || s.state == .cancelled) {
                throw GestureError("samples[\(i)]: '\(s.state.rawValue)' must be the last sample")
            }
        }
        samples[0].state = .began
        if let last = samples.last, last.state != .ended && last.state != .cancelled || samples.count == 1 {
            samples.append(GestureSample(time: last.time, location: last.location, state: .ended))
        }
        self.samples = samples
    }

    /// Parses `{ "samples": [ {"t": 0, "x": 2, "y": 400, "state": "began"}, … ] }` (state defaults to `changed`).
    public static func parse(_ data: Data, file: String) throws -> GestureTrace {
        func fail(_ path: String, _ message: String) -> GestureError { GestureError("\(file): \(path.isEmpty ? "" : path + ": ")\(message)") }
        let json: JSONValue
        do { json = try JSONValue.parse(data) } catch let e as JSONSyntaxError { throw fail("", e.detail) }
        guard case .object(let root) = json, case .array(let items)? = root["samples"] else {
            throw fail("", "expected an object with a \"samples\" array")
        }
        guard items.count <= Bounds.gestureSamples else {
            throw fail("samples", "\(items.count) samples is more than the \(Bounds.gestureSamples) a gesture may have")
        }
        var samples: [GestureSample] = []
        for (i, item) in items.enumerated() {
            guard case .object(let o) = item else { throw fail("samples[\(i)]", "expected an object with t, x, y") }
            func number(_ key: String) throws -> Double {
                guard case .number(let n)? = o[key] else { throw fail("samples[\(i)].\(key)", "expected a number") }
                return n
            }
            var state = GestureSample.State.changed
            if let s = o["state"] {
                guard case .string(let name) = s, let parsed = GestureSample.State(rawValue: name) else {
                    throw fail("samples[\(i)].state", "expected began, changed, ended or cancelled")
                }
                state = parsed
            }
            samples.append(GestureSample(time: try number("t"), location: Point(x: try number("x"), y: try number("y")), state: state))
        }
        do { return try GestureTrace(samples: samples) } catch let e as GestureError { throw fail("", e.description) }
    }
}

/// A gesture trace or generator spec that cannot be used.
public struct GestureError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ message: String) { description = message }
}

import Foundation

/// What to run: scenes (names or files), operation, sampling rate and param overrides.
public struct TransitionRequest: Sendable, Equatable {
    /// The scene transitioned from: a name the session's ``SceneLocating`` resolves, or a `.json` file; nil for the plugin's default.
    public var from: String?
    /// The scene transitioned to, like ``from``.
    public var to: String?
    /// Push, pop, present or dismiss.
    public var operation: TransitionOperation
    /// Frames per second of the sampling.
    public var fps: Int
    /// `--param key=value` overrides, parsed by the type of each default.
    public var params: [String: String]
    /// A gesture trace file (`.json`) or a generator spec such as `edge-swipe to=0.6`: makes the run interactive.
    public var gesture: String?
    /// Playback speed of a non-interactive run (frame i shows t = i · speed / fps).
    public var speed: Double
    /// Emit only the state at this instant.
    public var only: TransitionRun.Instant?
    /// The chrome scene (a name or a file) drawn above the container; nil: the plugin's default chrome, if any.
    public var chrome: String?
    /// The viewer asked for reduced motion: the context's ``TransitionContext/reducedMotion``.
    public var reducedMotion: Bool
    /// Where the scene and gesture files this request names may lie, when a file names them (a spec);
    /// nil for the command line, whose files are the user's choice.
    public var confined: ConfinedFiles?
    /// Keeps the animations the run declares in its outcome's ``TransitionOutcome/animations`` (an inspector's bars).
    public var keepsAnimations = false

    /// A request; every part has the command line's default.
    public init(
        from: String? = nil, to: String? = nil, operation: TransitionOperation = .push, fps: Int = 60,
        params: [String: String] = [:], gesture: String? = nil, speed: Double = 1, only: TransitionRun.Instant? = nil,
        reducedMotion: Bool = false
    ) {
        self.from = from; self.to = to; self.operation = operation; self.fps = fps; self.params = params
        self.gesture = gesture; self.speed = speed; self.only = only; self.reducedMotion = reducedMotion
    }

    /// The sampling rates a request may ask for, frames per second (the command line's `--fps`).
    public static let fpsRange = 1...1000
    /// The playback speeds a request may ask for (`--speed`).
    public static let speedRange = 0.01...100.0

    /// Refuses a rate, speed or instant that no run could sample: outside ``fpsRange`` or
    /// ``speedRange``, an instant that is not a finite time from 0 to ``Bounds/seconds`` or a
    /// fraction from 0 to 1. The command line checks its options likewise; a library host gets this.
    public func check() throws {
        guard Self.fpsRange.contains(fps) else { throw RequestError("fps must be a whole number from 1 to 1000, got \(fps)") }
        guard Self.speedRange.contains(speed) else { throw RequestError("speed must be from 0.01 to 100, got \(formatNumber(speed))") }
        switch only {
        case .time(let t)? where !(0...Bounds.seconds).contains(t):
            throw RequestError("only: .time must be a number of seconds from 0 to \(formatNumber(Bounds.seconds)), got \(formatNumber(t))")
        case .progress(let p)? where !(0...1).contains(p):
            throw RequestError("only: .progress must be from 0 to 1, got \(formatNumber(p))")
        default: break
        }
    }

    /// The present a dismiss of this request's screens continues: the two scenes the other way round,
    /// played whole (no gesture, no `only`, at speed 1) to where its presentation rests.
    public var presentBeforeDismiss: TransitionRequest {
        var present = self
        (present.operation, present.from, present.to) = (.present, to, from)
        (present.gesture, present.only, present.speed) = (nil, nil, 1)
        return present
    }

    /// The gesture trace file the request reads, if it names one.
    public var gestureFile: URL? { gesture.flatMap { $0.hasSuffix(".json") ? URL(fileURLWithPath: $0) : nil } }

    /// The gesture for a container of `size`: read from a file or generated from a spec.
    public func gestureTrace(size: Size) throws -> GestureTrace? {
        guard let gesture else { return nil }
        if let url = gestureFile {
            if let confined { do { _ = try confined.check(url, named: gesture) } catch { throw GestureError("\(error)") } }
            let data: Data
            do { data = try InputFile.read(url.path, limit: Bounds.gestureFileBytes, withinAny: confined?.roots) } catch let e as InputFileError {
                throw GestureError("\(gesture): cannot read the gesture file: \(e.reason)")
            }
            return try GestureTrace.parse(data, file: displayPath(url))
        }
        return try GeneratedGesture.trace(gesture, size: size)
    }
}

/// What a run produced: its header, how it ended, and the log of hooks and calls.
public struct TransitionOutcome {
    /// The run's header: plugin, operation, scenes, rate, duration, size.
    public let info: TimelineInfo
    /// How the run ended.
    public let result: TransitionRun.Result
    /// Delegate hooks, completions and `ctx` calls, in order, with their virtual times.
    public let calls: [(time: Double, call: String)]
    /// What the animator did that UIKit allows but rarely means (`ctx:complete(true)` after a cancel), each placed in its source.
    public var warnings: [String] = []
    /// What the run's state suggests a newcomer got wrong (the destination never added or left
    /// invisible, a node left behind, `complete` before the first frame): `run` prints these as warnings.
    public var advice: [String] = []
    /// The animations the run declared, when its request ``TransitionRequest/keepsAnimations``.
    public var animations: AnimationLog?

    public init(info: TimelineInfo, result: TransitionRun.Result, calls: [(time: Double, call: String)], warnings: [String] = []) {
        self.info = info; self.result = result; self.calls = calls; self.warnings = warnings
    }
}

/// A ``TransitionRequest`` no run could play (``TransitionRequest/check()``): the caller's mistake,
/// found before the plugin is asked for anything.
public struct RequestError: Error, CustomStringConvertible, Equatable {
    /// What is wrong, naming the request's field.
    public let description: String

    init(_ description: String) { self.description = "TransitionRequest." + description }
}

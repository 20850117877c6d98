extension TransitionRun {
    /// Where a run is in its life. The phase only moves forward, along these edges:
    ///
    /// ```
    /// prepared ──> animating ─────────────────────────> ended ──> closed
    ///     │                                               ^
    ///     └──────> interacting ──> settling ──────────────┤
    ///                   └─────────────────────────────────┘
    /// (every phase ──> closed: close(), or an error ends the run)
    /// ```
    ///
    /// | Phase | Entered when | Left when |
    /// | --- | --- | --- |
    /// | `prepared` | the plugin has bound an animator to the run's context | the run starts (`animateTransition`) |
    /// | `animating` | it starts with no gesture | `complete` was called and every animation has ended |
    /// | `interacting` | it starts with a gesture's first touch (`startInteractiveTransition`, then `animateTransition`) | the driver finishes or cancels, or the transition completes while interacting |
    /// | `settling` | the driver finishes or cancels: the animations run on to their end or back | `complete` was called and every animation has ended |
    /// | `ended` | the transition is at rest; the animator is told (`animationEnded`) | the run is closed |
    /// | `closed` | ``TransitionRun/close()``, or an error that ended the run: the animator released | never |
    public enum Phase: String, Sendable, CaseIterable {
        case prepared, animating, interacting, settling, ended, closed

        /// The phases a run may move to from this one: the diagram's edges.
        public var next: Set<Phase> {
            switch self {
            case .prepared: return [.animating, .interacting, .closed]
            case .animating: return [.ended, .closed]
            case .interacting: return [.settling, .ended, .closed]
            case .settling: return [.ended, .closed]
            case .ended: return [.closed]
            case .closed: return []
            }
        }
    }
}

/// A call a transition run refused: in its phase (``TransitionRun/Phase``), or at a time or a position
/// it cannot take. The caller's mistake, not the animator's: the run goes on as if it had not been made.
public struct RunPhaseError: Error, CustomStringConvertible, Equatable {
    /// What was refused and why.
    public let description: String

    /// A run in `phase` cannot move to `target`.
    static func move(from phase: TransitionRun.Phase, to target: TransitionRun.Phase) -> RunPhaseError {
        RunPhaseError(description: "a transition run cannot go from \(phase.rawValue) to \(target.rawValue)")
    }

    /// `call` made on a run in `phase`, with what the caller should do instead.
    static func refused(_ call: String, in phase: TransitionRun.Phase) -> RunPhaseError {
        let state: String
        switch phase {
        case .prepared: state = "has not started (TransitionSession.start starts one)"
        case .ended: state = "has ended: the transition is at rest and its animator was told (start another run for another gesture)"
        case .closed: state = "is closed, by close() or by an error that ended it, and holds nothing more"
        case .animating, .interacting, .settling: state = "is \(phase.rawValue)"
        }
        return RunPhaseError(description: "\(call) refused: the transition run \(state)")
    }

    /// `call` at `time`, which is not a time of the run (not finite, or before its start).
    static func notATime(_ call: String, _ time: Double) -> RunPhaseError {
        RunPhaseError(description: "\(call) at \(formatNumber(time)) s refused: a time of the run is a finite number of seconds from its start, 0 or more")
    }

    /// `call` at `time`, earlier than the `latest` time the run was given.
    static func wentBack(_ call: String, _ time: Double, latest: Double) -> RunPhaseError {
        RunPhaseError(
            description: "\(call) at \(formatNumber(time)) s refused: the transition run is at \(formatNumber(latest)) s already, and its times never go back")
    }

    /// `call` at `time` with a touch at `location`, outside the bounds every position in the engine keeps.
    static func position(_ call: String, _ time: Double, _ location: Point) -> RunPhaseError {
        RunPhaseError(
            description: "\(call) at \(formatNumber(time)) s refused: the position (\(formatNumber(location.x)), \(formatNumber(location.y))) "
                + "is not a finite number of points within ±1e9")
    }
}

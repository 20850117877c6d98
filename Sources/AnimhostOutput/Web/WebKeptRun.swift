import AnimhostCore

/// A run a web page carries beside the run itself (docs/web.md), kept as its frames' CSS: the run with
/// reduced motion, and the interactive runs pointer drags scrub (with reduced motion too).
struct WebKeptRun {
    /// Each frame's nodes as CSS.
    var frames: [[WebNodeFrame]] = []
    /// The frames' times.
    var times: [Double] = []
    /// The run's curves, for the page's keyframes.
    var spans: [CurveSpan] = []
}

extension WebEncoder {
    /// Which of the runs beside the run itself a sink keeps.
    public enum SideRun: CaseIterable, Sendable {
        /// The run with reduced motion (`ctx.reducedMotion`), shown where the viewer prefers it.
        case reducedMotion
        /// The interactive run (`ctx.interactive`) pointer drags scrub.
        case drag
        /// The interactive run with reduced motion, which drags scrub where the viewer prefers reduced motion.
        case reducedMotionDrag
    }

    /// Where the run `side` sends its frames, before this encoder's own run: kept apart, on the page
    /// as docs/web.md says (drags only once ``keepDrag(_:for:)`` gave their rule).
    public func frames(for side: SideRun) -> FrameSink { KeptRunSink(self, side) }

    /// Whether the run `side` has been given (and not forgotten).
    public func keeps(_ side: SideRun) -> Bool { kept[side] != nil }

    /// Leaves the run `side` off the page (it failed, or the plugin does not drive it by default).
    public func forget(_ side: SideRun) {
        kept[side] = nil
        dragRules[side] = nil
    }

    /// The frames of one run beside the run itself, mapped to CSS as they come and kept in the encoder.
    private final class KeptRunSink: FrameSink {
        private let encoder: WebEncoder
        private let side: SideRun
        init(_ encoder: WebEncoder, _ side: SideRun) { (self.encoder, self.side) = (encoder, side) }
        func begin(_ info: TimelineInfo) throws {
            try encoder.beginImages(info)
            encoder.kept[side] = WebKeptRun()
        }
        func write(_ frame: FrameSample) throws {
            let nodes = try encoder.map(frame)
            encoder.kept[side]?.frames.append(nodes)
            encoder.kept[side]?.times.append(frame.time)
        }
        func finish(_ result: TransitionRun.Result) throws { encoder.kept[side]?.spans = result.curveSpans }
        func abort() {}
    }
}

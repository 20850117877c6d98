import Foundation
import AnimhostCore

/// Plays a run backwards into `inner`: frames collected, then written last to first, re-timed from 0.
public final class ReversedFrames: FrameSink {
    /// Where the reversed frames go.
    public let inner: FrameSink
    private var frames: [FrameSample] = []

    public init(_ inner: FrameSink) { self.inner = inner }

    public func begin(_ info: TimelineInfo) throws { try inner.begin(info) }
    public func write(_ frame: FrameSample) throws { frames.append(frame) }
    public func finish(_ result: TransitionRun.Result) throws {
        let end = frames.last?.time ?? 0
        for (i, frame) in frames.reversed().enumerated() {
            try inner.write(FrameSample(index: i, time: end - frame.time, nodes: frame.nodes, chromeIndex: frame.chromeIndex, touch: frame.touch))
        }
        try inner.finish(result)
    }
    public func abort() { inner.abort() }
}

import Foundation
import AnimhostCore
import AnimhostOutput

/// A run's frames as sampled, passed on to `sinks` and kept, so that its PNG frames can be drawn
/// after its event is sent (``PreviewFrames``) without running the plugin again.
final class RecordedRun: FrameSink, @unchecked Sendable {  // written by its run only, then read by the frames' queue
    private let sinks: [FrameSink]
    private(set) var info: TimelineInfo?
    private(set) var frames: [FrameSample] = []
    private(set) var result: TransitionRun.Result?

    /// Records the run while passing it on to each of `sinks`, in order.
    init(passingTo sinks: [FrameSink]) { self.sinks = sinks }

    func begin(_ info: TimelineInfo) throws {
        self.info = info
        for s in sinks { try s.begin(info) }
    }

    func write(_ frame: FrameSample) throws {
        frames.append(frame)
        for s in sinks { try s.write(frame) }
    }

    func finish(_ result: TransitionRun.Result) throws {
        self.result = result
        for s in sinks { try s.finish(result) }
    }

    func abort() { sinks.forEach { $0.abort() } }

    /// Feeds the recorded run to `sink` as the run fed it, once more.
    func replay(into sink: FrameSink) throws {
        guard let info, let result else { throw OutputError("the run was replayed before it ended") }
        try sink.begin(info)
        for frame in frames { try sink.write(frame) }
        try sink.finish(result)
    }
}

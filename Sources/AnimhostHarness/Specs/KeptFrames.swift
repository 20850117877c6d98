import AnimhostCore
import AnimhostLua

/// The frames of a spec's `animhost.run{}`, kept for its assertions and image snapshots: counted as
/// they come (``FrameSample/heldBytes``) against what the spec's memory limit has left, so that a long
/// run of many nodes fails at the frame that would pass it instead of growing the host's memory until
/// the run ends.
final class KeptFrames: FrameSink {
    /// The frames written so far, in order.
    private(set) var frames: [FrameSample] = []
    /// What they hold in the host (``FrameSample/heldBytes``).
    private(set) var bytes = 0
    private let room: Int
    private let limit: Int

    /// Frames of at most `room` bytes, what is left of a spec's memory limit of `limit` bytes.
    init(room: Int, limit: Int) { self.room = room; self.limit = limit }

    func begin(_ info: TimelineInfo) throws {}

    func write(_ frame: FrameSample) throws {
        bytes += frame.heldBytes
        guard bytes <= room else {
            throw BindingError(
                "the run's frames would pass the spec's memory limit of \(limit >> 20) MiB at frame \(frame.index): "
                    + "make the run shorter, give it fewer nodes or raise the limit with --max-memory")
        }
        frames.append(frame)
    }

    func finish(_ result: TransitionRun.Result) throws {}

}

import AnimhostCore

/// Where `assert.matches_snapshot` and `assert.matches_image_snapshot` keep what they recorded (the
/// harness decides: files beside the spec).
public protocol SnapshotStore: AnyObject {
    /// Compares `text` with the snapshot `name`, recording it when there is none (or when re-recording).
    func check(name: String, text: String) throws -> SnapshotVerdict
    /// Renders `frame` of a run at `scale` and compares it with the image snapshot `name`, pixels
    /// differing by at most `tolerance` (0…255 per channel) counting as equal.
    func checkImage(name: String, frame: FrameSample, info: TimelineInfo, scale: Double, tolerance: Int) throws -> ImageSnapshotVerdict
}

/// How an image snapshot comparison ended.
public enum ImageSnapshotVerdict: Equatable, Sendable {
    case matched, recorded
    /// `pixels` differ by more than the tolerance; `diff` is an image showing where.
    case differs(pixels: Int, total: Int, diff: String)
}

/// How a snapshot comparison ended.
public enum SnapshotVerdict: Equatable, Sendable {
    case matched, recorded
    /// The recorded text, which differs from the new one.
    case differs(recorded: String)
}

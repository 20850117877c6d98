import Foundation

/// What a run is, for the header of each output.
public struct TimelineInfo: Sendable, Equatable {
    /// The plugin's name.
    public var plugin: String
    /// Push, pop, present or dismiss.
    public var operation: TransitionOperation
    /// The from-scene's name.
    public var from: String
    /// The to-scene's name.
    public var to: String
    /// Frames per second of the sampling.
    public var fps: Int
    /// The animator's declared duration in seconds.
    public var duration: Double
    /// The container's size in points.
    public var size: Size
    /// The folder each scene's image paths are relative to, by scene name.
    public var imageFolders: [String: URL] = [:]

    public init(plugin: String, operation: TransitionOperation, from: String, to: String, fps: Int, duration: Double, size: Size) {
        self.plugin = plugin; self.operation = operation; self.from = from; self.to = to
        self.fps = fps; self.duration = duration; self.size = size
    }
}

/// Receives a run's frames as they are sampled: a timeline file, rendered images, a test's recorder.
public protocol FrameSink: AnyObject {
    /// Called once, before the first frame.
    func begin(_ info: TimelineInfo) throws
    /// Called for every frame, in order.
    func write(_ frame: FrameSample) throws
    /// Called once after the last frame; only now may the sink publish its output.
    func finish(_ result: TransitionRun.Result) throws
    /// Removes unfinished output at once, for a process ending abruptly mid-run (an interrupt, plugin code
    /// that cannot be stopped: ``ProcessExit``). It runs on another thread while the run's may be stuck:
    /// keep it to removing files and stopping children.
    func abort()
}

extension FrameSink {
    public func abort() {}
}

/// Keeps every frame of a run in memory, for checks made after it: spec runs and the conformance suite.
public final class FrameRecorder: FrameSink {
    /// The frames written so far, in order.
    public private(set) var frames: [FrameSample] = []

    public init() {}

    public func begin(_ info: TimelineInfo) throws {}
    public func write(_ frame: FrameSample) throws { frames.append(frame) }
    public func finish(_ result: TransitionRun.Result) throws {}
}

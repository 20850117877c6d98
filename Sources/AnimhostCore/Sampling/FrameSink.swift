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
    func finish(_ result: TransitionRunner.Result) throws
    /// Removes unfinished output at once, for a process about to end with plugin code stuck. It runs on
    /// another thread while the run's thread may be stuck: keep it to file removal.
    func abort()
}

extension FrameSink {
    public func abort() {}
}

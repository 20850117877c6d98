import Foundation
import AnimhostCore

/// An output with something to add to the run's one-line summary once finished.
public protocol SummarizedOutput {
    /// A few words for the summary, or nil when there is nothing to say (say, before `finish`).
    var summaryNote: String? { get }
}

/// Every output a run writes, in the requested formats: the sinks of their own, and one render
/// feeding all image formats. Everything is written into an ``OutputStage`` and published into the
/// output folder only when every format has finished; a run that fails, ends without `finish`, or
/// is interrupted leaves the output folder as it was.
public final class OutputRun: FrameSink {
    /// The sinks frames go to, in order; empty when there is nothing to write (`none`).
    public let sinks: [FrameSink]
    /// Every file or folder the run publishes, in the output folder.
    public let urls: [URL]
    private let names: [String]
    /// The outputs with something to say in the summary, by the file they publish.
    private let noted: [(url: URL, output: SummarizedOutput)]
    private let render: RenderSink?
    private let stage: OutputStage?
    private let cancelled: (() -> Bool)?
    private var finished = false

    /// Outputs in `formats` for the output folder `folder`, at `scale` pixels per point. `progress`, if
    /// given, joins the sinks and is told how many frames are rendered as they are; `debug` draws the
    /// debug overlay into every rendered format; once `cancelled` says so, the rendering stops and fails,
    /// and nothing is published (it is asked once more between the last frame and the publication).
    public init(
        formats: [OutputFormat], folder: URL, scale: Double, progress: (sink: FrameSink, frameDone: (Int) -> Void)? = nil,
        debug: Bool = false, cancelled: (() -> Bool)? = nil
    ) throws {
        self.cancelled = cancelled
        let written = formats.filter { !$0.files.isEmpty }
        guard !written.isEmpty else { sinks = []; urls = []; names = []; noted = []; render = nil; stage = nil; return }
        let stage = try OutputStage(destination: folder, owned: written.flatMap(\.files))
        var sinks: [FrameSink] = [], encoders: [FrameEncoder] = []
        var noted: [(url: URL, output: SummarizedOutput)] = []
        for format in written {
            switch format.writer {
            case .sink(let make): sinks.append(make(stage.folder, scale))
            case .summarizedSink(let make):
                let sink = make(stage.folder, scale)
                sinks.append(sink)
                if let file = format.files.first { noted.append((stage.destination.appendingPathComponent(file), sink)) }
            case .rendered(let make): encoders.append(make(stage.folder))
            case .nothing: break
            }
        }
        var render: RenderSink?
        if !encoders.isEmpty {
            let sink = RenderSink(encoders: encoders, scale: scale, progress: progress?.frameDone, debug: debug, cancelled: cancelled)
            render = sink
            sinks += (progress.map { [$0.sink] } ?? []) + [sink]
            // An abrupt end first lets the frames being drawn finish (nothing is written into the
            // staging folder once it is removed), then stops the encoders' child processes.
            stage.onAbort { [weak sink] in
                sink?.stopRendering()
                encoders.forEach { $0.abort() }
            }
        }
        self.sinks = sinks
        self.render = render
        self.stage = stage
        self.noted = noted
        names = written.flatMap(\.files)
        urls = names.map { stage.destination.appendingPathComponent($0) }
    }

    deinit {
        guard !finished else { return }
        render?.abandon()
        stage?.discard()
    }

    /// What the finished output publishing `url` (one of ``urls``) has to say in the run's summary (a
    /// Lottie document's size), so that the summary puts each note beside its own file.
    public func note(for url: URL) -> String? { noted.first { $0.url == url }?.output.summaryNote }

    public func begin(_ info: TimelineInfo) throws { try each { try $0.begin(info) } }
    public func write(_ frame: FrameSample) throws { try each { try $0.write(frame) } }

    /// Finishes every sink, then publishes everything at once, unless the run was cancelled meanwhile.
    public func finish(_ result: TransitionRun.Result) throws {
        try each { try $0.finish(result) }
        if cancelled?() == true { throw OutputError("the run was cancelled before its output was published") }
        try stage?.publish(names)
        finished = true
    }

    /// Runs `body` on every sink, turning file-system errors into plain messages naming the output
    /// folder: never the staging folder, which is gone once the run has failed.
    private func each(_ body: (FrameSink) throws -> Void) throws {
        do { for s in sinks { try body(s) } } catch {
            guard let stage else { throw error }
            if error is CocoaError || (error as NSError).domain == NSPOSIXErrorDomain { throw OutputError.writing(stage.destination, error) }
            guard let output = error as? OutputError else { throw error }
            if output.description.contains("No space left on device") { throw OutputError.writing(stage.destination, POSIXError(.ENOSPC)) }
            throw OutputError(output.description.replacingOccurrences(of: stage.folder.path, with: stage.destination.path))
        }
    }
}

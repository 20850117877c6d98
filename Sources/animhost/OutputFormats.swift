import ArgumentParser
import Foundation
import AnimhostCore
import AnimhostOutput

/// The output formats `--format` takes.
enum OutputFormat: String, CaseIterable {
    case json, png, gif, webp, mp4, html, none

    static func parseList(_ text: String) throws -> [OutputFormat] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty else { throw ValidationError("--format needs at least one format: \(allCases.map(\.rawValue).joined(separator: ", "))") }
        return try names.map { name in
            guard let f = OutputFormat(rawValue: name) else {
                throw ValidationError("unknown format '\(name)' (available: \(allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return f
        }
    }

    /// The encoder writing this format into `folder`, for the rendered formats.
    func encoder(in folder: URL) -> FrameEncoder? {
        switch self {
        case .png: return PNGSequenceEncoder(folder: folder.appendingPathComponent("frames"))
        case .gif: return GIFEncoder(url: folder.appendingPathComponent("animation.gif"))
        case .webp: return WebPEncoder(url: folder.appendingPathComponent("animation.webp"))
        case .mp4: return VideoEncoder(url: folder.appendingPathComponent("animation.mp4"))
        case .html: return HTMLPreviewEncoder(url: folder.appendingPathComponent("preview.html"))
        case .json, .none: return nil
        }
    }
}

/// Fans frames out to every requested output: the timeline, and one render feeding all image formats.
/// A run that ends without `finish` leaves nothing behind, not even the folders made for it.
final class FrameSinks: FrameSink {
    let sinks: [FrameSink]
    private let outputs: [URL]
    private let render: RenderSink?
    private let folder: OutputFolder
    private var finished = false

    init(formats: [OutputFormat], folder: URL, scale: Double, speed: Double) {
        var sinks: [FrameSink] = []
        var outputs: [URL] = []
        var unique: [OutputFormat] = []
        for f in formats where !unique.contains(f) { unique.append(f) }
        if unique.contains(.json) {
            let timeline = TimelineWriter(url: folder.appendingPathComponent("timeline.json"), scale: scale)
            sinks.append(timeline)
            outputs.append(timeline.url)
        }
        let encoders = unique.compactMap { $0.encoder(in: folder) }
        var render: RenderSink?
        if !encoders.isEmpty {
            let progress = RenderProgress(speed: speed)
            render = RenderSink(encoders: encoders, scale: scale, progress: progress.frameDone)
            sinks += [progress, render!]
            outputs += encoders.map(\.url)
        }
        self.sinks = sinks
        self.outputs = outputs
        self.render = render
        self.folder = OutputFolder(folder)
    }

    deinit {
        guard !finished else { return }
        render?.abandon()
        folder.removeCreatedIfEmpty()
    }

    /// Removes every unfinished output at once, for a process about to end with plugin code stuck.
    func abort() {
        render?.encoders.forEach { $0.abort() }
        folder.removeCreatedIfEmpty()
    }

    /// Every file or folder this run writes.
    var urls: [URL] { outputs }

    func begin(_ info: TimelineInfo) throws { for s in sinks { try s.begin(info) } }
    func write(_ frame: FrameSample) throws { for s in sinks { try s.write(frame) } }
    func finish(_ result: TransitionRunner.Result) throws {
        for s in sinks { try s.finish(result) }
        finished = true
    }
}

/// Plays a run backwards into `inner`: frames collected, then written last to first, re-timed from 0.
final class ReversedFrames: FrameSink {
    let inner: FrameSink
    private var frames: [FrameSample] = []
    init(_ inner: FrameSink) { self.inner = inner }

    func begin(_ info: TimelineInfo) throws { try inner.begin(info) }
    func write(_ frame: FrameSample) throws { frames.append(frame) }
    func abort() { inner.abort() }
    func finish(_ result: TransitionRunner.Result) throws {
        let end = frames.last?.time ?? 0
        for (i, frame) in frames.reversed().enumerated() {
            try inner.write(FrameSample(index: i, time: end - frame.time, nodes: frame.nodes, touch: frame.touch))
        }
        try inner.finish(result)
    }
}

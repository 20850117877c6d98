import AnimhostCore
import AnimhostLua
import AnimhostOutput
import AnimhostRender
import Foundation

/// Frames per second of rendering a built-in demo, alone or into one output format.
enum RenderBenchmark {
    /// Each measurement renders the demo's frames this many times over (its ~31 frames are too few to time).
    static let passes = 4

    /// A demo's sampled frames, kept in memory so that only rendering is timed.
    static func frames(of plugin: String) throws -> (info: TimelineInfo, frames: [FrameSample]) {
        final class Collect: FrameSink {
            var info: TimelineInfo?
            var frames: [FrameSample] = []
            func begin(_ info: TimelineInfo) throws { self.info = info }
            func write(_ frame: FrameSample) throws { frames.append(frame) }
            func finish(_ result: TransitionRun.Result) throws {}
        }
        let catalog = PluginCatalog()
        let collect = Collect()
        let session = TransitionSession(try Plugin(url: try catalog.locate(plugin).url), scenes: catalog)
        _ = try session.run(TransitionRequest(), sink: collect)
        return (collect.info!, collect.frames)
    }

    /// Frames per second through `format` ("render" for rendering alone; a comma-separated list, such
    /// as `png,gif,webp,mp4`, for several formats from one rendering, as `animhost run` makes them) at `scale`.
    static func framesPerSecond(_ plugin: String, scale: Double, format: String) throws -> Double {
        let (info, frames) = try frames(of: plugin)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-benchmark/render-\(format)")
        let all = (0..<passes).flatMap { pass in
            frames.map { FrameSample(index: pass * frames.count + $0.index, time: $0.time, nodes: $0.nodes) }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        if format == "render" {
            let pipeline = try RenderPipeline(
                size: info.size, scale: scale, images: ImageStore(folders: info.imageFolders),
                workers: RenderSink.defaultWorkers, parallel: { _, _ in }, ordered: { _, _ in })
            for frame in all { try pipeline.submit(frame) }
            try pipeline.finish()
        } else {
            let encoders = try OutputFormat.parseList(format).map { output -> FrameEncoder in
                guard case .rendered(let make) = output.writer else { throw CocoaError(.featureUnsupported) }
                return make(folder)
            }
            let sink = RenderSink(encoders: encoders, scale: scale)
            try sink.begin(info)
            for frame in all { try sink.write(frame) }
            try sink.finish(TransitionRun.Result(frameCount: all.count, completed: true, cancelled: false, endTime: 0))
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(all.count) / seconds
    }
}

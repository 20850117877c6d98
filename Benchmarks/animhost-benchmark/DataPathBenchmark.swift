import AnimhostCore
import AnimhostLua
import AnimhostOutput
import Foundation

/// The data path's throughput (docs/benchmarks.md, "Data path"): `timeline.json` written from frames
/// already sampled, and scene files parsed into nodes, in MB of JSON per second.
enum DataPathBenchmark {
    /// The fastest and the median of repeated rates (the machine is shared: the fastest is the code's own).
    struct Rates {
        let best: Double, median: Double
        init(_ xs: [Double]) { best = xs.max()!; median = xs.sorted()[xs.count / 2] }
    }

    /// Writes zoom's push timeline (its frames sampled once, beforehand) `runs` times; MB/s of output.
    static func timeline(runs: Int) throws -> (bytes: Int, rate: Rates) {
        let frames = try zoomFrames()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-benchmark/timeline")
        let url = dir.appendingPathComponent("timeline.json")
        let info = TimelineInfo(plugin: "zoom", operation: .push, from: "grid", to: "detail", fps: 60, duration: 0.5, size: Size(width: 390, height: 844))
        var rates: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let writer = TimelineWriter(url: url, scale: 2)
            try writer.begin(info)
            for frame in frames { try writer.write(frame) }
            try writer.finish(.init(frameCount: frames.count, completed: true, cancelled: false, endTime: 0.5))
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            rates.append(Double(try Data(contentsOf: url).count) / seconds / 1e6)
        }
        return (try Data(contentsOf: url).count, Rates(rates))
    }

    /// The frames of `animhost run zoom` (push, 60 fps), sampled as its sinks receive them.
    static func zoomFrames() throws -> [FrameSample] {
        final class Keep: FrameSink {
            var frames: [FrameSample] = []
            func begin(_ info: TimelineInfo) throws {}
            func write(_ frame: FrameSample) throws { frames.append(frame) }
            func finish(_ result: TransitionRun.Result) throws {}
        }
        let catalog = PluginCatalog()
        let session = TransitionSession(try Plugin(url: try catalog.locate("zoom").url), scenes: catalog)
        let keep = Keep()
        _ = try session.run(TransitionRequest(fps: 60), sink: keep)
        return keep.frames
    }

    /// Parses a scene of `nodes` nodes like the built-in grid's (indented as the built-in files
    /// are, or on one line) `runs` times; MB/s of scene file.
    static func scenes(nodes: Int, indented: Bool, runs: Int) throws -> (bytes: Int, rate: Rates) {
        let data = generatedScene(nodes: nodes, indented: indented)
        var rates: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let scene = try SceneLoader.parse(data, file: "generated.json")
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            precondition(scene.root.children.count == nodes)
            rates.append(Double(data.count) / seconds / 1e6)
        }
        return (data.count, Rates(rates))
    }

    /// A scene of `nodes` photo tiles with a bar, a title and a caption of text, each tile with
    /// the fields the built-in scenes give theirs.
    static func generatedScene(nodes: Int, indented: Bool) -> Data {
        let tiles: [[String: Any]] = (0..<nodes).map { i in
            var tile: [String: Any] = [
                "id": "photo-\(i)", "tag": "photo-\(i)", "frame": [8 + i % 2 * 191, 104 + i / 2 * 185, 183, 177.5],
                "backgroundColor": "#D1D1D6", "image": "placeholder:\(i % 8)", "cornerRadius": 6,
                "contentMode": "aspectFill", "clips": true
            ]
            if i % 10 == 0 {
                tile["children"] = [["id": "caption-\(i)", "frame": [16, 140, 150, 28], "text": ["string": "Harbour at dawn", "size": 22, "weight": "semibold", "color": "#1C1C1E"]]]
            }
            if i % 7 == 0 { tile["shadow"] = ["opacity": 0.25, "radius": 8, "offset": [0, 2]] }
            if i % 5 == 0 { tile["alpha"] = 0.75 }
            return tile
        }
        let scene: [String: Any] = ["name": "generated", "size": [390, 844], "background": "#FFFFFF", "nodes": tiles]
        let options: JSONSerialization.WritingOptions = indented ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]  // sorted: the same bytes every time
        return try! JSONSerialization.data(withJSONObject: scene, options: options)
    }

    /// The figures, for `animhost-benchmark --timeline` and `--scenes`.
    /// `runs` measurements (30 and 10 unless given: 1 for a profiler).
    static func report(_ mode: String, runs: Int?) throws {
        if mode == "--timeline" {
            let n = runs ?? 30
            let (bytes, rate) = try timeline(runs: n)
            print(String(format: "timeline.json of zoom (%d bytes), written from sampled frames: %.1f MB/s best, %.1f median of %d", bytes, rate.best, rate.median, n))
        } else {
            let n = runs ?? 10
            for indented in [true, false] {
                let (bytes, rate) = try scenes(nodes: SceneLoader.maxNodes / 2, indented: indented, runs: n)
                let layout = indented ? "indented as the built-in scenes" : "on one line"
                print(String(format: "scene of 5,000 tiles, %@ (%d bytes), parsed: %.1f MB/s best, %.1f median of %d", layout, bytes, rate.best, rate.median, n))
            }
        }
    }
}

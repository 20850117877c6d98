// Measures the engine against the figures in docs/benchmarks.md:
//   swift run -c release animhost-benchmark
// 1. ns per animated property-frame: 1,000 nodes created from Lua, each animating frame and alpha,
//    sampled over 60 frames (61 with the resting frame); everything from node creation to the last frame.
// 2. The same work as a pure-Lua tween loop, in the same Lua, for comparison.
// 3. The cold wall time of `animhost run zoom --format json`.
// With --render: frames/s and peak RSS of rendering (alone, and into PNG, GIF, WebP, MP4) for the zoom
// and card-lift demos at @2x and @3x, beside rlottie on comparable content.
// With --timeline and --scenes: MB/s of timeline.json written and of scene files parsed.
// For profilers: --plugin N prints the first measurement's plugin with N nodes; --profile-engine N
// runs the first measurement N times.
import AnimhostCore
import AnimhostLua
import Foundation

let nodes = 1000, frames = 60
let propertyFrames = Double(nodes * 2 * (frames + 1))

func write(_ source: String, named name: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-benchmark")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try source.write(to: url, atomically: true, encoding: .utf8)
    return url
}

/// The plugin of the first measurement, creating and animating `nodes` nodes.
func engineSource(nodes: Int) -> String {
    """
    local p = { name = "bench", scenes = { from = "grid", to = "detail" } }
    function p.duration() return 1 end
    function p.animate(ctx)
      local list = {}
      for i = 1, \(nodes) do
        list[i] = ctx.container:add(node{ frame = rect(i % 40 * 10, i // 40 * 10, 8, 8), alpha = 1 })
      end
      animate{ duration = 1, curve = "easeInOut", function()
        for i = 1, \(nodes) do
          local n = list[i]
          n.frame = rect(400 - i % 40 * 10, 800 - i // 40 * 10, 16, 16)
          n.alpha = 0
        end
      end, completion = function() ctx:complete(true) end }
    end
    return p
    """
}

// The same animation the way Lua users write it today: tween tables advanced every frame.
let tweenSource = """
    local p = { name = "tween", scenes = { from = "grid", to = "detail" } }
    function p.duration() return 0 end
    local function easeInOut(t) if t < 0.5 then return 2 * t * t end return 1 - (-2 * t + 2) ^ 2 / 2 end
    function p.animate(ctx)
      local objs, tweens = {}, {}
      for i = 1, \(nodes) do
        objs[i] = { x = i % 40 * 10, y = i // 40 * 10, w = 8, h = 8, alpha = 1 }
        tweens[i] = { from = { x = objs[i].x, y = objs[i].y, w = 8, h = 8, alpha = 1 },
                      to = { x = 400 - i % 40 * 10, y = 800 - i // 40 * 10, w = 16, h = 16, alpha = 0 } }
      end
      for f = 0, \(frames) do
        local e = easeInOut(f / \(frames))
        for i = 1, \(nodes) do
          local o, tw = objs[i], tweens[i]
          for k, a in pairs(tw.from) do o[k] = a + (tw.to[k] - a) * e end
        end
      end
      ctx:complete(true)
    end
    return p
    """

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

/// The fastest and the median of repeated measurements (the machine is shared: the fastest is the engine's own cost).
struct Spread {
    let best: Double, median: Double
    init(_ xs: [Double]) { best = xs.min()!; median = xs.sorted()[xs.count / 2] }
}

/// The first measurement: one run of the engine plugin, in ns per property-frame.
struct EngineRun {
    let url: URL
    let catalog = PluginCatalog()
    let request = TransitionRequest(fps: frames)
    final class Discard: FrameSink {
        func begin(_ info: TimelineInfo) throws {}
        func write(_ frame: FrameSample) throws {}
        func finish(_ result: TransitionRun.Result) throws {}
    }

    init() throws { url = try write(engineSource(nodes: nodes), named: "bench.lua") }

    func callAsFunction(sampling: Bool) throws -> Double {
        // A state of its own for each run, as `animhost run` has (the state holds every node it made
        // until it closes), loaded before the clock starts; fresh scenes too: the run takes
        // ownership of their nodes.
        let session = TransitionSession(try Plugin(url: url), scenes: catalog)
        let scenes = try session.scenes(for: request)
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try session.run(request, from: scenes.from, to: scenes.to, sink: sampling ? Discard() : nil)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / propertyFrames
    }
}

/// The pure-Lua tween loop: one run, in ns per property-frame, timed around the run (plugins have
/// no wall clock; the loop is nearly all of the run's time).
final class TweenRun {
    private let session: TransitionSession

    init() throws {
        session = TransitionSession(try Plugin(url: try write(tweenSource, named: "tween.lua")), scenes: PluginCatalog())
    }

    func callAsFunction() throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try session.run(TransitionRequest(fps: frames))
        return Double(DispatchTime.now().uptimeNanoseconds - start) / propertyFrames
    }
}

/// The engine (evaluated, and sampled into frames) and the tween loop, measured in interleaved
/// rounds so that all three meet the same moments of a shared machine.
func measureRounds(_ rounds: Int = 5) throws -> (engine: Spread, sampled: Spread, tween: Spread) {
    let engine = try EngineRun(), tween = try TweenRun()
    var evaluated: [Double] = [], sampled: [Double] = [], tweened: [Double] = []
    for _ in 0..<rounds {
        for _ in 0..<5 { evaluated.append(try engine(sampling: false)) }
        for _ in 0..<3 { sampled.append(try engine(sampling: true)) }
        for _ in 0..<2 { tweened.append(try tween()) }
    }
    return (Spread(evaluated), Spread(sampled), Spread(tweened))
}

/// Wall time of whole `animhost run` processes, started with posix_spawn and reaped with waitpid
/// (Foundation's Process adds tens of milliseconds of its own).
func measureCold(_ binary: String) throws -> (median: Double, max: Double) {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-benchmark/out").path
    let args = [binary, "run", "zoom", "--format", "json", "--out", out]
    var times: [Double] = []
    for _ in 0..<10 {
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, binary, &actions, nil, &argv, environ) == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        guard status == 0 else { throw CocoaError(.executableLoad) }
    }
    return (median(times), times.max()!)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--render-one", arguments.count == 4, let scale = Double(arguments[2]) {
    // One render measurement in a process of its own, so that its peak RSS is its own.
    print(try RenderBenchmark.framesPerSecond(arguments[1], scale: scale, format: arguments[3]), peakResidentMegabytes())
    exit(0)
}
if arguments.first == "--lottie", arguments.count == 3, let scale = Double(arguments[1]), let frames = Int(arguments[2]) {
    print(try LottieBenchmark.framesPerSecond(scale: scale, frames: frames), peakResidentMegabytes())
    exit(0)
}
if arguments.first == "--render" {
    try RenderReport.run()
    exit(0)
}
if arguments.first == "--timeline" || arguments.first == "--scenes" {
    try DataPathBenchmark.report(arguments[0], runs: arguments.dropFirst().first.flatMap { Int($0) })
    exit(0)
}
if arguments.first == "--plugin", arguments.count == 2, let count = Int(arguments[1]) {
    // The first measurement's plugin with `count` nodes, to count instructions with a profiler.
    print(engineSource(nodes: count), terminator: "")
    exit(0)
}
if arguments.first == "--profile-engine" {
    // The engine measurement alone, N runs (default 300), for a profiler: the difference between
    // two counts of runs is the steady cost of that many runs.
    let engine = try EngineRun()
    for _ in 0..<(arguments.dropFirst().first.flatMap { Int($0) } ?? 300) { _ = try engine(sampling: false) }
    exit(0)
}
if !arguments.isEmpty {
    let usage = """
        usage: animhost-benchmark             ns per property-frame, the pure-Lua tween loop, cold start
               animhost-benchmark --render    rendering: frames/s and peak memory per format, beside rlottie
               animhost-benchmark --timeline [RUNS]
                                              MB/s of timeline.json written from zoom's sampled frames
               animhost-benchmark --scenes [RUNS]
                                              MB/s of scene files parsed (5,000 generated tiles)
               animhost-benchmark --plugin N  print the engine measurement's plugin with N nodes
               animhost-benchmark --profile-engine [N]
                                              run the engine measurement N times (default 300), for a profiler
        """
    if arguments.first == "--help" || arguments.first == "-h" {
        print(usage)
        exit(0)
    }
    FileHandle.standardError.write(Data("animhost-benchmark: unknown arguments \(arguments.joined(separator: " "))\n\(usage)\n".utf8))
    exit(2)
}
// The cold start runs the `animhost` built beside this program: said up front when it is missing.
let coldBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("animhost").path
guard FileManager.default.isExecutableFile(atPath: coldBinary) else {
    let message = "animhost-benchmark: the cold start runs \(coldBinary), which is not built: run swift build -c release --product animhost first\n"
    FileHandle.standardError.write(Data(message.utf8))
    exit(1)
}
let (engine, sampled, tween) = try measureRounds()
let cold = try measureCold(coldBinary)
print("1,000 nodes × (frame + alpha) × \(frames + 1) frames; ns per property-frame, best and median of 25, 15 and 10 runs:")
print(String(format: "  animhost, evaluated (--format none):         %6.1f best  %6.1f median", engine.best, engine.median))
print(String(format: "  animhost, evaluated and sampled into frames: %6.1f best  %6.1f median", sampled.best, sampled.median))
print(String(format: "  pure-Lua tween loop, same Lua:               %6.1f best  %6.1f median  (%.1f× animhost's evaluated best)", tween.best, tween.median, tween.best / engine.best))
print(String(format: "animhost run zoom --format json, cold: median %.1f ms, max %.1f ms over 10 runs", cold.median, cold.max))

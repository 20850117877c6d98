import Foundation
import AnimhostOutput

/// `animhost-benchmark --render`: every demo × scale × format in a process of its own (frames/s and
/// its peak RSS, not counting ffmpeg's), beside rlottie drawing comparable Lottie content of the same
/// size and frame count.
enum RenderReport {
    static func run() throws {
        print("frames/s (peak RSS), \(RenderBenchmark.passes) passes over each demo's frames, \(ProcessInfo.processInfo.activeProcessorCount) cores;")
        print("render, png and rlottie: the best of 3 runs")
        let formats = ["render"] + OutputFormat.all.filter(\.isRendered).map(\.name).filter { $0 != "html" }
        print(
            "  " + "demo".padding(toLength: 16, withPad: " ", startingAt: 0)
                + formats.map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined())
        for scale in [2.0, 3.0] {
            for plugin in ["zoom", "card-lift"] {
                var line = "  " + "\(plugin) @\(Int(scale))x".padding(toLength: 16, withPad: " ", startingAt: 0)
                for format in formats {
                    let (fps, rss) = try best(of: format == "render" || format == "png" ? 3 : 1, ["--render-one", plugin, "\(scale)", format])
                    line += String(format: "%6.1f (%4.0f MB)    ", fps, rss)
                }
                print(line)
            }
            let frames = try RenderBenchmark.frames(of: "zoom").frames.count * RenderBenchmark.passes
            let (fps, rss) = try best(of: 3, ["--lottie", "\(scale)", "\(frames)"])
            print(
                "  " + "rlottie @\(Int(scale))x".padding(toLength: 16, withPad: " ", startingAt: 0)
                    + String(format: "%6.1f (%4.0f MB)  render only: 10 image layers, %d frames", fps, rss, frames))
        }
    }

    /// The fastest of `count` measurements (the machine is shared: the fastest is the work's own cost),
    /// with the largest peak RSS.
    static func best(of count: Int, _ arguments: [String]) throws -> (Double, Double) {
        var fps = 0.0, rss = 0.0
        for _ in 0..<count {
            let (f, r) = try measure(arguments)
            fps = max(fps, f); rss = max(rss, r)
        }
        return (fps, rss)
    }

    /// Runs this benchmark binary with `arguments`, which prints frames/s and its peak RSS in MB.
    static func measure(_ arguments: [String]) throws -> (Double, Double) {
        let fields = try spawn(arguments).split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return fields.count == 2 ? (fields[0], fields[1]) : (.nan, .nan)
    }

    /// Runs this benchmark binary with `arguments`; its standard output.
    static func spawn(_ arguments: [String]) throws -> String {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-benchmark-\(getpid()).out")
        let args = [binary] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, &argv, environ) == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        defer { try? FileManager.default.removeItem(at: output) }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}

/// This process's peak resident set (VmHWM), in MB.
func peakResidentMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan) / 1024
}

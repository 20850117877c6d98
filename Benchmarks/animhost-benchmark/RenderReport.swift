import Foundation

/// `animhost-benchmark --render`: every demo × scale × format in a process of its own (frames/s and
/// peak RSS), beside rlottie drawing comparable Lottie content of the same size and frame count.
enum RenderReport {
    static func run() throws {
        print("frames/s (peak RSS), \(RenderBenchmark.passes) passes over each demo's frames, \(ProcessInfo.processInfo.activeProcessorCount) cores:")
        let formats = ["render", "png", "gif", "webp", "mp4"]
        print("  " + "demo".padding(toLength: 16, withPad: " ", startingAt: 0)
              + formats.map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined())
        for scale in [2.0, 3.0] {
            for plugin in ["zoom", "card-lift"] {
                var line = "  " + "\(plugin) @\(Int(scale))x".padding(toLength: 16, withPad: " ", startingAt: 0)
                for format in formats {
                    let (output, rss) = try spawn(["--render-one", plugin, "\(scale)", format])
                    let fps = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
                    line += String(format: "%6.1f (%4.0f MB)    ", fps, rss)
                }
                print(line)
            }
            let frames = try RenderBenchmark.frames(of: "zoom").frames.count * RenderBenchmark.passes
            let (output, rss) = try spawn(["--lottie", "\(scale)", "\(frames)"])
            let fps = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
            print("  " + "rlottie @\(Int(scale))x".padding(toLength: 16, withPad: " ", startingAt: 0)
                  + String(format: "%6.1f (%4.0f MB)  render only: 10 image layers, %d frames", fps, rss, frames))
        }
    }

    /// Runs this benchmark binary with `arguments`; its standard output and peak RSS in MB.
    static func spawn(_ arguments: [String]) throws -> (String, Double) {
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
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        defer { try? FileManager.default.removeItem(at: output) }
        return ((try? String(contentsOf: output, encoding: .utf8)) ?? "", Double(usage.ru_maxrss) / 1024)
    }
}

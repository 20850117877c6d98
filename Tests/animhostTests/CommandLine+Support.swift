import Foundation
import XCTest
import AnimhostTestSupport

/// Runs the built `animhost` executable as a user would, for the command-line tests.
enum CLI {
    /// What a run printed and how it ended.
    struct Result {
        let code: Int32
        let out: String
        let err: String
        let crashed: Bool
        let timedOut: Bool
        let seconds: Double
    }

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("animhost")
    }

    /// Writes `dir/hostile.lua`: a plugin on grid → detail whose `duration` returns `duration` and whose
    /// `animate(ctx)` runs `body`.
    static func writeHostilePlugin(_ body: String, duration: String = "0.3", in dir: URL) throws {
        try """
        local p = { name = "hostile", scenes = { from = "grid", to = "detail" } }
        function p.duration() return \(duration) end
        function p.animate(ctx)
        \(body)
        end
        return p
        """.write(to: dir.appendingPathComponent("hostile.lua"), atomically: true, encoding: .utf8)
    }

    /// The environment every run starts from, whatever the test process inherited: no `ANIMHOST_*`
    /// (plugin path, built-ins folder), no `NO_COLOR` or locale, a `HOME` of its own. Only `PATH` is kept
    /// (encoders find `ffmpeg` there) and `TMPDIR` (where runs stage their work).
    static func environment(home: URL) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var env = ["HOME": home.path, "LC_ALL": "C.UTF-8", "PATH": inherited["PATH"] ?? "/usr/bin:/bin"]
        env["TMPDIR"] = inherited["TMPDIR"]
        return env
    }

    /// Runs `animhost args` in `dir` (default: the current folder) with ``environment(home:)`` plus `extra`;
    /// past `timeout` seconds it is killed (then `timedOut` is true and `code` is 9).
    @discardableResult
    static func run(_ args: [String], in dir: URL? = nil, environment extra: [String: String] = [:], timeout: Double? = nil) throws -> Result {
        let r = try runProgram(executable, args, in: dir, environment: environment(home: dir ?? FileManager.default.temporaryDirectory).merging(extra) { $1 }, timeout: timeout)
        return Result(code: r.status, out: r.out, err: r.err, crashed: r.crashed && !r.timedOut, timedOut: r.timedOut, seconds: r.seconds)
    }

    /// Starts `animhost args` in `dir` with ``environment(home:)`` (`HOME` being `dir`) plus `extra`, for a test that acts while it runs.
    static func start(_ args: [String], in dir: URL, environment extra: [String: String] = [:], output: FileHandle? = nil) throws -> RunningProgram {
        try RunningProgram(executable, args, in: dir, environment: environment(home: dir).merging(extra) { $1 }, output: output)
    }
}

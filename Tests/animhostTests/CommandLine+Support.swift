import Foundation
import XCTest

/// Runs the built `animhost` executable as a user would, for the command-line tests.
enum CLI {
    /// What a run printed and how it ended.
    struct Result {
        let code: Int32
        let out: String
        let err: String
        let crashed: Bool
        let seconds: Double
    }

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("animhost")
    }

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A fresh empty folder; prefer ``XCTestCase/temporaryFolder(_:)``, which also removes it.
    static func temporaryFolder(_ label: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
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

    /// Runs `animhost args` in `dir` (default: the current folder) with ``environment(home:)`` plus `extra`.
    @discardableResult
    static func run(_ args: [String], in dir: URL? = nil, environment extra: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        if let dir { p.currentDirectoryURL = dir }
        p.environment = environment(home: dir ?? FileManager.default.temporaryDirectory).merging(extra) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let start = Date()
        try p.run()
        // Read both pipes while the process runs, so neither fills up and blocks it.
        let errors = PipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        _ = errors.wait()
        p.waitUntilExit()
        return Result(
            code: p.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: errors.text, crashed: p.terminationReason != .exit,
            seconds: Date().timeIntervalSince(start))
    }
}

/// Reads a pipe to its end on another thread, so that the process writing it never blocks on a full pipe.
final class PipeReader: @unchecked Sendable {  // `data` is written once, before `done` is signalled
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for the end of the pipe until `deadline`; false if it did not come by then.
    func wait(until deadline: DispatchTime = .distantFuture) -> Bool { done.wait(timeout: deadline) == .success }

    /// What was read, once ``wait(until:)`` returned true.
    var text: String { String(decoding: data, as: UTF8.self) }
}

extension XCTestCase {
    /// A fresh empty folder, removed with everything in it when the test ends.
    func temporaryFolder(_ label: String) throws -> URL {
        let dir = try CLI.temporaryFolder(label)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Skips the test, saying why, when `ffmpeg` is not on `PATH`: the mp4 format cannot work without it.
    func skipWithoutFFmpeg() throws {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let found = folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg") }
        if !found { throw XCTSkip("ffmpeg is not installed (Debian: apt-get install ffmpeg); the mp4 format needs it") }
    }
}

import Foundation

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

    /// A fresh empty folder.
    static func temporaryFolder(_ label: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @discardableResult
    static func run(_ args: [String], in dir: URL? = nil) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        if let dir { p.currentDirectoryURL = dir }
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
        return Result(code: p.terminationStatus, out: String(decoding: outData, as: UTF8.self),
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

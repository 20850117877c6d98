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
        var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(code: p.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                      err: String(decoding: errData, as: UTF8.self), crashed: p.terminationReason != .exit,
                      seconds: Date().timeIntervalSince(start))
    }
}

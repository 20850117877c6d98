import Foundation

/// How a program run by ``runProgram(_:_:in:environment:input:mergingErrors:timeout:)`` ended.
public struct ProgramResult: Sendable {
    /// Its exit status (or the signal that ended it, when ``crashed``).
    public let status: Int32
    /// What it wrote to standard output (and standard error, when they were merged).
    public let out: String
    /// What it wrote to standard error (empty when merged into ``out``).
    public let err: String
    /// Whether it ended on a signal instead of exiting.
    public let crashed: Bool
    /// Whether it was still running at the timeout and was killed.
    public let timedOut: Bool
    /// How long it ran, start to end.
    public let seconds: Double
}

/// Runs `executable` with `arguments` to its end and returns what it printed and how it ended.
///
/// Both pipes are read while the program runs, so that neither fills up and blocks it. With
/// `environment` nil it inherits the test's; `input` is written to its standard input (closed
/// otherwise); `mergingErrors` sends standard error into ``ProgramResult/out``; past `timeout`
/// seconds it is killed (SIGKILL) and the result says so.
public func runProgram(
    _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
    input: Data? = nil, mergingErrors: Bool = false, timeout: Double? = nil
) throws -> ProgramResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe(), stdin = Pipe()
    process.standardOutput = out
    process.standardError = mergingErrors ? out : err
    process.standardInput = stdin
    let start = Date()
    try process.run()
    let outReader = PipeReader(out.fileHandleForReading)
    let errReader = mergingErrors ? nil : PipeReader(err.fileHandleForReading)
    if let input { stdin.fileHandleForWriting.write(input) }
    try? stdin.fileHandleForWriting.close()
    let deadline = timeout.map { DispatchTime.now() + $0 } ?? .distantFuture
    let ended = outReader.wait(until: deadline) && (errReader?.wait(until: deadline) ?? true)
    if !ended { kill(process.processIdentifier, SIGKILL) }
    // A killed program's pipes close at once, unless a process it started still holds them: then
    // what it printed is not waited for (nor read: the reading thread may still be writing it).
    let grace: DispatchTime = ended ? .distantFuture : .now() + 5
    let outRead = outReader.wait(until: grace)
    let errRead = errReader?.wait(until: grace) ?? true
    process.waitUntilExit()
    return ProgramResult(
        status: process.terminationStatus, out: outRead ? outReader.text : "", err: errRead ? errReader?.text ?? "" : "",
        crashed: process.terminationReason != .exit, timedOut: !ended, seconds: Date().timeIntervalSince(start))
}

/// ``runProgram(_:_:in:environment:input:mergingErrors:timeout:)`` of the program at `path`.
public func runProgram(
    _ path: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
    input: Data? = nil, mergingErrors: Bool = false, timeout: Double? = nil
) throws -> ProgramResult {
    try runProgram(
        URL(fileURLWithPath: path), arguments, in: folder, environment: environment, input: input, mergingErrors: mergingErrors,
        timeout: timeout)
}

/// Reads a pipe to its end on another thread, so that the process writing it never blocks on a full pipe.
public final class PipeReader: @unchecked Sendable {  // `data` is written once, before `done` is signalled
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var finished = false

    /// Starts reading `handle`.
    public init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for the end of the pipe until `deadline`; false if it did not come by then.
    public func wait(until deadline: DispatchTime = .distantFuture) -> Bool {
        lock.withLock {
            if finished { return true }
            finished = done.wait(timeout: deadline) == .success
            return finished
        }
    }

    /// What was read, once ``wait(until:)`` returned true.
    public var text: String { String(decoding: data, as: UTF8.self) }
}

import Foundation

/// A program started in the background for a test to interact with while it runs: to wait for a
/// sign that it is ready (a line it printed, a file it staged), signal it, and see how it ended.
/// A program still running when this is released is killed.
public final class RunningProgram {
    /// The process; started.
    public let process: Process
    private let out = Printed(), err = Printed()

    /// Starts `executable` with `arguments` in `folder`, with `environment` (nil: the test's). Its
    /// standard output goes to `output` when given, else it is collected, as standard error is.
    public init(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil, output: FileHandle? = nil
    ) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let out = output == nil ? Pipe() : nil, err = Pipe()
        process.standardOutput = output ?? out
        process.standardError = err
        try process.run()
        self.out.collect(out?.fileHandleForReading)
        self.err.collect(err.fileHandleForReading)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// Its process id.
    public var pid: Int32 { process.processIdentifier }

    /// Whether it is still running.
    public var isRunning: Bool { process.isRunning }

    /// What it has written to standard output so far (when collected).
    public var output: String { out.text }

    /// What it has written to standard error so far.
    public var errors: String { err.text }

    /// Sends it `signal`.
    public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits at most `timeout` seconds for it to end, then kills it (SIGKILL); whether it ended by itself.
    @discardableResult
    public func waitForExit(timeout: Double) -> Bool {
        let ended = waitUntil(timeout: timeout) { !process.isRunning }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        out.wait()
        err.wait()
        return ended
    }

    /// Its exit status once ended (the signal's number when ``exited`` is false).
    public var status: Int32 { process.terminationStatus }

    /// Whether it ended by exiting, not on a signal.
    public var exited: Bool { process.terminationReason == .exit }

}

/// What a running program wrote to one pipe so far, read on a thread of its own (which holds this, not the program).
private final class Printed: @unchecked Sendable {  // `data` is behind `lock`
    private let lock = NSLock()
    private var data = Data()
    private let drained = DispatchSemaphore(value: 0)

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Reads `handle` to its end (nothing to read when nil).
    func collect(_ handle: FileHandle?) {
        guard let handle else {
            drained.signal()
            return
        }
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data += chunk }
            }
            drained.signal()
        }
    }

    /// Waits for the end of the pipe.
    func wait() {
        drained.wait()
        drained.signal()
    }
}

import Foundation

/// How the process ends abruptly (an interrupt, plugin code that cannot be stopped) without leaving
/// debris: whatever has something to undo (a run's staged outputs, an encoder's child process)
/// registers it here for as long as it needs it, and every abrupt end runs those first.
public enum ProcessExit {
    /// Guards the three registries below, which every thread may reach.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cleanups: [Int: () -> Void] = [:]
    nonisolated(unsafe) private static var nextToken = 0
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    /// Keeps `cleanup` to run before an abrupt end; returns the token that ``unregister(_:)`` takes.
    /// A cleanup runs on another thread while the rest may be stuck: keep it to stopping children and removing files.
    public static func register(_ cleanup: @escaping () -> Void) -> Int {
        lock.withLock {
            nextToken += 1
            cleanups[nextToken] = cleanup
            return nextToken
        }
    }

    /// Forgets a cleanup (its work was published or already undone).
    public static func unregister(_ token: Int) { _ = lock.withLock { cleanups.removeValue(forKey: token) } }

    /// Prints `message` on stderr, runs every registered cleanup (newest first), then ends the process with `status`.
    public static func end(status: Int32, message: String? = nil) -> Never {
        lock.lock()  // held to the end: a second abrupt end waits for the first
        if let message { FileHandle.standardError.write(Data(message.utf8)) }
        for token in cleanups.keys.sorted(by: >) { cleanups[token]?() }
        _exit(status)
    }

    /// From now on SIGINT, SIGTERM and SIGHUP (a closed terminal) end the process through
    /// ``end(status:message:)`` with the shell's codes for them, 130, 143 and 129. Calling it again does nothing.
    public static func catchInterrupts() {
        let install = lock.withLock { () -> Bool in
            guard signalSources.isEmpty else { return false }
            for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { end(status: status) }
                signalSources.append(source)
            }
            return true
        }
        if install { for source in lock.withLock({ signalSources }) { source.resume() } }
    }
}

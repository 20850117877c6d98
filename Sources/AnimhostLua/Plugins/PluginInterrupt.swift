import Foundation

/// Stops a plugin's code from another thread, from the loading of its file on: for a host abandoning
/// a run under way (a preview whose settings changed). The code running at ``interrupt()`` stops as at
/// its time limit, and every later call into the plugin fails.
public final class PluginInterrupt: @unchecked Sendable {  // `interrupted` and `watchdog` are behind `lock`
    private let lock = NSLock()
    private var interrupted = false
    private var watchdog: Watchdog?

    public init() {}

    /// Interrupts the plugin given this (see ``Plugin/init(url:limits:printSink:interrupt:)``), now or as soon as it is made.
    public func interrupt() {
        let watchdog = lock.withLock { () -> Watchdog? in
            interrupted = true
            return self.watchdog
        }
        watchdog?.interrupt()
    }

    /// Makes the state `watchdog` guards interruptible by this (at once when already interrupted).
    func attach(_ watchdog: Watchdog) {
        let late = lock.withLock { () -> Bool in
            self.watchdog = watchdog
            return interrupted
        }
        if late { watchdog.interrupt() }
    }
}

import CLua
import Foundation
import AnimhostCore

/// Trips a Lua state's deadline from another thread, so the main thread can run without a hook.
///
/// Each ``arm(after:)`` supersedes the previous one; ``close()`` makes every pending timer harmless
/// before the state is closed. With a `stuckMessage`, a state still inside Lua a moment after being
/// tripped (stuck in one native call, which no hook interrupts) ends the process with that message,
/// through ``ProcessExit`` so that whatever a run staged is removed first.
final class Watchdog: @unchecked Sendable {
    private static let queue = DispatchQueue(label: "animhost.watchdog")
    /// How long after the deadline a native call may still run before the process ends.
    static let grace = 0.75
    private let lock = NSLock()
    private var generation = 0
    private var state: OpaquePointer?
    private let stuckMessage: String?
    private var interrupted = false

    init(state: OpaquePointer, stuckMessage: String?) {
        self.state = state
        self.stuckMessage = stuckMessage
    }

    /// Trips the state `seconds` from now unless re-armed, disarmed or closed before.
    func arm(after seconds: Double) {
        let armed = lock.withLock { () -> Int in
            generation += 1; return generation
        }
        Watchdog.queue.asyncAfter(deadline: .now() + seconds) { [self] in
            let tripped = lock.withLock { () -> Bool in
                guard generation == armed, let state else { return false }
                ah_trip(state)
                return true
            }
            if tripped, stuckMessage != nil { checkStuck(armed) }
        }
    }

    private func checkStuck(_ armed: Int) {
        Watchdog.queue.asyncAfter(deadline: .now() + Watchdog.grace) { [self] in
            lock.withLock {
                guard generation == armed, let state, ah_running(ah_info(state)) > 0, let stuckMessage else { return }
                ProcessExit.end(status: 1, message: stuckMessage)
            }
        }
    }

    func disarm() { lock.withLock { generation += 1 } }

    /// True once ``interrupt()`` was called: the state runs nothing more.
    var isInterrupted: Bool { lock.withLock { interrupted } }

    /// From any thread: stops the Lua code running now (as its deadline would) and marks the state
    /// so that no later call runs. A state not inside Lua is only marked, so that it can still be
    /// closed; a call that starts as the mark lands stops at its first instruction (``ah_interrupt``).
    func interrupt() {
        lock.withLock {
            interrupted = true
            if let state { ah_interrupt(state) }
        }
    }

    func close() {
        lock.withLock {
            generation += 1; state = nil
        }
    }
}

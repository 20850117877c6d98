import CLua
import Foundation

/// Trips a Lua state's deadline from another thread, so the main thread can run without a hook.
///
/// Each ``arm(after:)`` supersedes the previous one; ``close()`` makes every pending timer harmless
/// before the state is closed.
final class Watchdog: @unchecked Sendable {
    private static let queue = DispatchQueue(label: "animhost.watchdog")
    private let lock = NSLock()
    private var generation = 0
    private var state: OpaquePointer?

    init(state: OpaquePointer) { self.state = state }

    /// Trips the state `seconds` from now unless re-armed, disarmed or closed before.
    func arm(after seconds: Double) {
        let armed = lock.withLock { () -> Int in generation += 1; return generation }
        Watchdog.queue.asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                if generation == armed, let state { ah_trip(state) }
            }
        }
    }

    func disarm() { lock.withLock { generation += 1 } }

    func close() { lock.withLock { generation += 1; state = nil } }
}

import Foundation

/// A cache the render threads share: values are made outside the lock (two threads may both make
/// one; the first kept wins, and both are the same pixels) and forgotten once unused for a few frames.
final class SharedCache<Key: Hashable, Value: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: (value: Value, frame: Int)] = [:]

    /// The value for `key`, made by `make` if it is not kept; `frame` marks it as used.
    func value(_ key: Key, frame: Int, make: () throws -> Value) rethrows -> Value {
        lock.lock()
        if let hit = entries[key] {
            if hit.frame < frame { entries[key]?.frame = frame }
            lock.unlock()
            return hit.value
        }
        lock.unlock()
        let made = try make()
        lock.lock()
        defer { lock.unlock() }
        if let raced = entries[key] { return raced.value }
        entries[key] = (made, frame)
        return made
    }

    /// Forgets values last used before `frame`.
    func evict(before frame: Int) {
        lock.lock()
        defer { lock.unlock() }
        entries = entries.filter { $0.value.frame >= frame }
    }
}

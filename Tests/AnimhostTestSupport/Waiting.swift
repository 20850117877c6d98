import Foundation

/// Polls `condition` every `interval` seconds until it holds (true) or `timeout` seconds have passed
/// (false): how a test waits for a sign that something is ready (a file staged, a line printed, a
/// handler installed) instead of sleeping for a time that a loaded machine may not honour.
@discardableResult
public func waitUntil(timeout: Double, interval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: interval)
    }
}

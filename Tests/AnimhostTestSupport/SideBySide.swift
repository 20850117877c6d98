import Foundation

/// Runs `body` for each of `0..<count`, as many at once as the machine has cores, and returns the
/// results in that order; the error of the first failing index is rethrown. For independent work that
/// mostly waits on a child process (Chromium, `animhost`, python): a 2-core machine runs two at once.
/// `body` asserts nothing: its caller asserts on what it returns, on the test's own thread.
public func sideBySide<T: Sendable>(_ count: Int, _ body: @Sendable (Int) throws -> T) throws -> [T] {
    let slots = Slots<T>(count)
    DispatchQueue.concurrentPerform(iterations: count) { i in slots.set(i, Result { try body(i) }) }
    return try slots.values.map { try $0!.get() }
}

/// The results of ``sideBySide(_:_:)``, each written once from its own thread.
private final class Slots<T: Sendable>: @unchecked Sendable {  // `values` is behind `lock`
    private let lock = NSLock()
    private var all: [Result<T, Error>?]

    init(_ count: Int) { all = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<T, Error>) { lock.withLock { all[index] = result } }

    var values: [Result<T, Error>?] { lock.withLock { all } }
}

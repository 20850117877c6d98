import Foundation

/// Runs an encoder's per-frame jobs on other threads, several at once, and hands their results on in
/// the order the jobs were submitted: a job's result depends only on its input, so the output is the
/// same whatever the scheduling. At most `limit` jobs are submitted and not yet handed on; `submit`
/// waits for room, which bounds the frames held in memory and keeps the renderer from running ahead.
/// Its jobs share it across threads: every mutable field is read and written under `condition`.
final class OrderedJobs<Output>: @unchecked Sendable {
    private let limit: Int
    private let deliver: (Output) throws -> Void
    private let queue = DispatchQueue(label: "animhost.encode", attributes: .concurrent)
    private let condition = NSCondition()
    private var results: [Int: Output] = [:]
    private var submitted = 0, delivered = 0
    private var failure: Error?

    /// `deliver` receives each result in submission order, one at a time, on whichever thread completed it.
    init(limit: Int, deliver: @escaping (Output) throws -> Void) {
        self.limit = max(1, limit)
        self.deliver = deliver
    }

    /// Waits while `limit` jobs are in flight, so that a caller can make a job's input (a frame copy)
    /// only once it can be queued, instead of holding it while it waits; throws the first failure.
    func waitForRoom() throws {
        condition.lock()
        defer { condition.unlock() }
        try waitForRoomLocked()
    }

    /// Queues `job`, waiting while `limit` jobs are in flight; throws the first failure of any job.
    func submit(_ job: @escaping @Sendable () throws -> Output) throws {
        condition.lock()
        do { try waitForRoomLocked() } catch { condition.unlock(); throw error }
        let sequence = submitted
        submitted += 1
        condition.unlock()
        queue.async { [self] in
            let result = Result { try job() }
            condition.lock()
            defer { condition.broadcast(); condition.unlock() }
            switch result {
            case .success(let output): results[sequence] = output
            case .failure(let error): fail(error)
            }
            deliverReady()
        }
    }

    /// Waits until every result has been handed on; throws the first failure.
    func finish() throws {
        condition.lock()
        defer { condition.unlock() }
        while delivered < submitted && failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Hands nothing more on: after this returns, `deliver` is not running and will not be called again.
    func stop() {
        condition.lock()
        fail(CancellationError())
        results.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func waitForRoomLocked() throws {
        while submitted - delivered >= limit && failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Hands on the results that are next in order (called with the lock held).
    private func deliverReady() {
        while failure == nil, let output = results.removeValue(forKey: delivered) {
            do { try deliver(output) } catch { fail(error) }
            delivered += 1
        }
    }

    private func fail(_ error: Error) {
        if failure == nil { failure = error }
    }
}

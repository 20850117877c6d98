import Foundation
import AnimhostTestSupport

/// Headless Chromium driven over the DevTools protocol (`--remote-debugging-pipe`: JSON messages ended
/// by a NUL byte on its file descriptors 3 and 4), to run script in a page as a user's clicks would.
final class DevToolsBrowser: @unchecked Sendable {  // `received` and `nextID` are behind `condition`
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let condition = NSCondition()
    private var buffer = Data()
    private var received: [Int: [String: Any]] = [:]
    private var nextID = 0

    init(_ chromium: String) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "exec \"$0\" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --remote-debugging-pipe 3<&0 4>&1 0</dev/null 1>/dev/null 2>/dev/null",
            chromium
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.take(handle.availableData) }
    }

    deinit { close() }

    /// Ends the browser and waits for it, so that its connections are closed before a server stops.
    func close() {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Opens `url` in a new tab and waits for its load; the tab's session.
    func open(_ url: String) throws -> String {
        let target = try call("Target.createTarget", ["url": url])["targetId"] as! String
        let session = try call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as! String
        // The tab starts at about:blank: its context is destroyed when the page comes.
        let loaded = waitUntil(timeout: 10, interval: 0.1) {
            (try? evaluate("location.href !== 'about:blank' && document.readyState", in: session)) as? String == "complete"
        }
        guard loaded else { throw BrowserError("\(url) did not load") }
        return session
    }

    /// The value of `expression` (a promise's, once settled) in the tab of `session`.
    func evaluate(_ expression: String, in session: String) throws -> Any? {
        let reply = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session)
        if let details = reply["exceptionDetails"] { throw BrowserError("the page threw: \(details)") }
        return (reply["result"] as? [String: Any])?["value"]
    }

    private func call(_ method: String, _ params: [String: Any], session: String? = nil) throws -> [String: Any] {
        let id = condition.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        try input.fileHandleForWriting.write(contentsOf: JSONSerialization.data(withJSONObject: message) + Data([0]))
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date() + 30
        while received[id] == nil { guard condition.wait(until: deadline) else { throw BrowserError("no answer to \(method)") } }
        let reply = received.removeValue(forKey: id)!
        if let error = reply["error"] { throw BrowserError("\(method): \(error)") }
        return reply["result"] as? [String: Any] ?? [:]
    }

    private func take(_ data: Data) {
        condition.withLock {
            buffer += data
            while let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[buffer.index(after: end)...])
                if let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any], let id = object["id"] as? Int {
                    received[id] = object
                }
            }
            condition.broadcast()
        }
    }
}

struct BrowserError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

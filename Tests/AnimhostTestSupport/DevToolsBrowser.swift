import Foundation

/// Headless Chromium driven over the DevTools protocol (`--remote-debugging-pipe`: JSON messages ended
/// by a NUL byte on its file descriptors 3 and 4), to run script in a page as a user's clicks would and
/// to screenshot pages at a chosen size and device scale factor. One browser serves many tabs.
public final class DevToolsBrowser: @unchecked Sendable {  // `received` and `nextID` are behind `condition`
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let condition = NSCondition()
    private var buffer = Data()
    private var received: [Int: [String: Any]] = [:]
    private var nextID = 0

    /// Starts `chromium` headless, with `arguments` added to its command line.
    public init(_ chromium: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            [
                "-c",
                "exec \"$0\" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --remote-debugging-pipe \"$@\" 3<&0 4>&1 0</dev/null 1>/dev/null 2>/dev/null",
                chromium
            ] + arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.take(handle.availableData) }
    }

    deinit { close() }

    /// Ends the browser and waits for it, so that its connections are closed before a server stops.
    public func close() {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Opens `url` in a new tab and waits for its load; the tab's session.
    public func open(_ url: String) throws -> String {
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
    @discardableResult
    public func evaluate(_ expression: String, in session: String) throws -> Any? {
        let reply = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session)
        if let details = reply["exceptionDetails"] { throw BrowserError("the page threw: \(details)") }
        return (reply["result"] as? [String: Any])?["value"]
    }

    /// Makes the tab of `session` a `width` × `height` CSS-pixel viewport at `scale` device pixels per
    /// CSS pixel (a phone's @2x; 0: the browser's own), with scroll bars hidden, as a screenshot should see it.
    public func setViewport(width: Int, height: Int, scale: Double, in session: String) throws {
        _ = try call(
            "Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": scale, "mobile": false],
            session: session)
        _ = try call("Emulation.setScrollbarsHidden", ["hidden": true], session: session)
    }

    /// Loads `url` in the tab of `session` and waits until its document and images are complete.
    public func navigate(_ url: String, in session: String) throws {
        _ = try evaluate("location.href = \(jsString(url)); true", in: session)
        let loaded = waitUntil(timeout: 10, interval: 0.02) {
            (try? evaluate("location.href === \(jsString(url)) && document.readyState", in: session)) as? String == "complete"
        }
        guard loaded else { throw BrowserError("\(url) did not load") }
        try evaluate("Promise.all([...document.images].map(i => i.decode())).then(() => true)", in: session)
    }

    /// Makes the tab of `session` match `(prefers-reduced-motion: reduce)` when `reduce`, else not, as
    /// a viewer's setting would.
    public func emulateReducedMotion(_ reduce: Bool, in session: String) throws {
        _ = try call(
            "Emulation.setEmulatedMedia", ["features": [["name": "prefers-reduced-motion", "value": reduce ? "reduce" : "no-preference"]]],
            session: session)
    }

    /// A screenshot of the tab's viewport at its device scale factor, as a PNG file's bytes.
    public func screenshot(in session: String) throws -> Data {
        let reply = try call("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": false], session: session)
        guard let base64 = reply["data"] as? String, let png = Data(base64Encoded: base64) else {
            throw BrowserError("Page.captureScreenshot gave no PNG")
        }
        return png
    }

    /// Sends the tab of `session` a left-button mouse event (`mousePressed`, `mouseMoved` with the button
    /// held, `mouseReleased`) at (`x`, `y`) in CSS pixels, timestamped `timestamp` (seconds since 1970):
    /// the page's events carry that time (`event.timeStamp`, in the page's own time base).
    public func mouse(_ type: String, x: Double, y: Double, timestamp: Double, in session: String) throws {
        try command(
            "Input.dispatchMouseEvent",
            [
                "type": type, "x": x, "y": y, "button": "left", "buttons": type == "mouseReleased" ? 0 : 1, "clickCount": 1,
                "timestamp": timestamp
            ], in: session)
    }

    /// Sends the DevTools command `method` to the tab of `session` (input events, as a user's hand or
    /// keyboard makes them: `Input.dispatchMouseEvent`, `Input.dispatchKeyEvent`) and returns its result.
    @discardableResult
    public func command(_ method: String, _ params: [String: Any], in session: String) throws -> [String: Any] {
        try call(method, params, session: session)
    }

    private func jsString(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [s]), as: UTF8.self).dropFirst().dropLast().description
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

/// What went wrong talking to the browser.
public struct BrowserError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}

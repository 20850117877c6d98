/// A plugin that failed: its file, the line when known, the message and Lua's traceback.
public struct PluginError: Error, CustomStringConvertible, Equatable {
    /// The plugin file as the user named it (or its path relative to the working folder).
    public let file: String
    public let line: Int?
    /// What went wrong, without the location.
    public let message: String
    /// Lua's `stack traceback:` text, when the error came from running Lua code.
    public let traceback: String?

    public init(file: String, line: Int? = nil, message: String, traceback: String? = nil) {
        self.file = file; self.line = line; self.message = PluginError.bounded(message); self.traceback = traceback
    }

    /// How much of a message is kept: a plugin's `error()` may raise megabytes of text.
    static let maxMessageBytes = 4096

    /// `message` cut to ``maxMessageBytes`` at a character boundary, saying how much was left out.
    package static func bounded(_ message: String) -> String {
        let bytes = message.utf8
        guard bytes.count > maxMessageBytes else { return message }
        var cut = bytes.index(bytes.startIndex, offsetBy: maxMessageBytes)
        while cut > bytes.startIndex, bytes[cut] & 0xC0 == 0x80 { cut = bytes.index(before: cut) }
        let kept = String(decoding: bytes[..<cut], as: UTF8.self)
        return kept + "… (\(bytes.distance(from: cut, to: bytes.endIndex)) more bytes left out)"
    }

    /// Splits a Lua error message (`file:line: text`, maybe followed by a traceback); a location
    /// in the chunk `file` was loaded as (see ``chunkName(for:)``) is reported as `file`.
    init(file: String, luaMessage: String) {
        var text = luaMessage
        var traceback: String? = nil
        if let r = text.range(of: "\nstack traceback:") {
            traceback = String(text[r.lowerBound...].dropFirst())
            text = String(text[..<r.lowerBound])
        }
        var place = file
        var line: Int? = nil
        if let (source, l, rest) = PluginError.split(text) {
            place = source == PluginError.chunkName(for: file) ? file : source
            line = l; text = rest
        }
        self.init(file: place, line: line, message: text, traceback: traceback)
    }

    /// The name Lua reports for `file`: Lua cuts names past 60 bytes, so long paths go by their last component.
    static func chunkName(for file: String) -> String {
        file.utf8.count <= 55 ? file : String(file.split(separator: "/").last ?? Substring(file))
    }

    /// `file:line: message` → its parts, when the text starts with a location.
    static func split(_ text: String) -> (String, Int, String)? {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[1]), !parts[0].isEmpty else { return nil }
        return (String(parts[0]), line, String(parts[2].drop { $0 == " " }))
    }

    /// The warning for `ctx:complete(true)` after the transition was cancelled.
    public static let completedAfterCancel = "ctx:complete(true) after the transition was cancelled: UIKit leaves the destination on screen (call ctx:complete(not ctx.cancelled))"

    private static let timeoutPrefix = "the plugin ran past its time limit"

    /// The error for a plugin that ran past its time budget.
    static func timeout(file: String, seconds: Double, line: Int? = nil) -> PluginError {
        PluginError(
            file: file, line: line,
            message: "\(timeoutPrefix) of \(seconds) s (an endless loop? raise the limit with --timeout)")
    }

    /// The error for a plugin that ran past its time budget at the place Lua's `message` gives: a module's
    /// or a delegate script's own file and line when the code running was theirs, the plugin's (`file`)
    /// when it was the plugin's; inside the host's own Lua (the spec framework, the shared library, the
    /// prelude) the plugin's file alone, as that line is none of the plugin's.
    static func timeout(file: String, seconds: Double, message: String?) -> PluginError {
        guard let (source, line, _) = message.flatMap(split) else { return timeout(file: file, seconds: seconds) }
        if source == chunkName(for: file) { return timeout(file: file, seconds: seconds, line: line) }
        if hostChunks.contains(source) { return timeout(file: file, seconds: seconds) }
        return timeout(file: source, seconds: seconds, line: line)
    }

    /// The names of the host's own Lua chunks, as Lua reports them.
    static let hostChunks: Set<String> = ["=animhost.spec", "animhost/prelude.lua", "shared.lua", "modifiers.lua", "presets.lua"]

    /// Whether this is the error for a plugin that ran past its time budget (see ``timeout(file:seconds:line:)``).
    public var isTimeout: Bool { message.hasPrefix(PluginError.timeoutPrefix) }

    /// `file:line: message`, then the traceback when there is one.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return "\(place): \(message)" + (traceback.map { "\n" + $0 } ?? "")
    }

    /// The first line only, for summaries.
    public var headline: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return "\(place): \(message)"
    }
}

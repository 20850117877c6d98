import Foundation
import AnimhostCore
import AnimhostLua

/// What a preview runs: the plugin and the run options a page or a tool may change between runs.
public struct PreviewSettings: Sendable, Equatable {
    /// A plugin name or a `.lua` path, as `animhost run` takes it.
    public var plugin: String
    public var from: String?
    public var to: String?
    public var operation: TransitionOperation = .push
    public var fps: Int = 60
    /// Pixels per point of the frames served.
    public var scale: Double = 1
    /// `param.NAME` overrides, as text parsed by the type of each default.
    public var params: [String: String] = [:]
    /// The names in ``params`` set from the page while the plugin declared them: one it no longer declares
    /// (renamed or removed since) is left out of the run, where any other undeclared param is the run's error.
    public var pageParams: Set<String> = []
    /// A gesture file or generator spec; nil runs non-interactively.
    public var gesture: String?
    /// Whether the frames carry the debug overlay.
    public var debug = false
    /// Sets `ctx.reducedMotion`, as `--reduced-motion` does.
    public var reducedMotion = false

    public init(plugin: String) { self.plugin = plugin }

    /// The run request these settings describe.
    public var request: TransitionRequest {
        TransitionRequest(from: from, to: to, operation: operation, fps: fps, params: params, gesture: gesture, reducedMotion: reducedMotion)
    }

    /// These settings with `fields` applied: `param.NAME` (empty: back to the default), `operation`, `fps`, `gesture` (empty: none),
    /// `debug` and `reducedMotion`, as a query string or a form gives them. Unknown keys and bad values are errors naming them.
    public func applying(_ fields: [(key: String, value: String)]) throws -> PreviewSettings {
        var s = self
        for (key, value) in fields {
            switch key {
            case "operation":
                guard let op = TransitionOperation(rawValue: value) else { throw SettingsError("operation must be push, pop, present or dismiss, got '\(value)'") }
                s.operation = op
            case "fps":
                guard let n = Int(value), TransitionRequest.fpsRange.contains(n) else { throw SettingsError("fps must be a whole number from 1 to 1000, got '\(value)'") }
                s.fps = n
            case "gesture": s.gesture = value.isEmpty ? nil : value
            case "debug", "reducedMotion":
                guard let b = ["true": true, "1": true, "false": false, "0": false][value] else { throw SettingsError("\(key) must be true or false, got '\(value)'") }
                if key == "debug" { s.debug = b } else { s.reducedMotion = b }
            case _ where key.hasPrefix("param.") && key.count > 6:
                let name = String(key.dropFirst(6))
                s.params[name] = value.isEmpty ? nil : value
                if value.isEmpty { s.pageParams.remove(name) } else { s.pageParams.insert(name) }
            default:
                throw SettingsError("unknown setting '\(key)' (known: param.NAME, operation, fps, gesture, debug, reducedMotion)")
            }
        }
        return s
    }

    /// The `key=value` pairs of a query string or an `application/x-www-form-urlencoded` body.
    public static func fields(ofQuery query: String) -> [(key: String, value: String)] {
        query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String { String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s) }
            guard let key = parts.first.map(decode), !key.isEmpty else { return nil }
            return (key, parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}

/// A setting a page or a tool sent that cannot be applied.
public struct SettingsError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

import ArgumentParser
import Foundation
import AnimhostCore

/// How a command words the help of its ``SceneOptions``: a run's options pick one transition, the
/// conformance suite's narrow the runs it sweeps.
protocol SceneOptionsHelp {
    static var from: String { get }
    static var to: String { get }
    static var operation: String { get }
    static var fps: String { get }
}

/// The help of `run` and `preview`: one transition, with ``TransitionRequest``'s defaults.
enum RunSceneHelp: SceneOptionsHelp {
    static let from = "The scene transitioned from: a built-in name or a .json file."
    static let to = "The scene transitioned to: a built-in name or a .json file."
    static let operation =
        "The transition's operation (default: \(TransitionRequest().operation.rawValue)); a dismiss of a plugin with a presentation plays its present first, unseen."
    static let fps = "Frames per second of the sampling, 1 to 1000 (default: \(TransitionRequest().fps))."
}

/// The help of `check`: the scenes of push and present, and the one operation or rate to check.
enum CheckSceneHelp: SceneOptionsHelp {
    static let from = "The scene push and present start from (pop and dismiss end there)."
    static let to = "The scene push and present go to (pop and dismiss start there)."
    static let operation = "Check only this operation."
    static let fps = "Check only at this rate (1 to 1000 frames per second)."
}

/// `--from`, `--to`, `--operation`, `--fps` and `--param`: which transition runs, for every command
/// that runs one. An option left out is nil; each command says what that means.
struct SceneOptions<Help: SceneOptionsHelp>: ParsableArguments {
    @Option(help: ArgumentHelp(Help.from, valueName: "scene"))
    var from: String?

    @Option(help: ArgumentHelp(Help.to, valueName: "scene"))
    var to: String?

    @Option(help: ArgumentHelp(Help.operation))
    var operation: TransitionOperation?

    @Option(parsing: .unconditional, help: ArgumentHelp(Help.fps))
    var fps: Int?

    @Option(name: .customLong("param"), help: ArgumentHelp("Override a plugin param (repeatable).", valueName: "key=value"))
    var params: [String] = []

    /// Refuses a rate out of range, two names of one scene and a `--param` that is not `key=value`.
    func check() throws {
        if let fps { guard TransitionRequest.fpsRange.contains(fps) else { throw ValidationError("--fps must be a whole number from 1 to 1000, got \(fps)") } }
        if let from, let to, Self.sameScene(from, to) {
            throw ValidationError("--from and --to name the same scene '\(from)': a transition goes from one scene to another")
        }
        _ = try parsedParams()
    }

    /// The `--param key=value` options as a dictionary; a malformed one is a validation error.
    func parsedParams() throws -> [String: String] {
        var out: [String: String] = [:]
        for p in params {
            guard let eq = p.firstIndex(of: "="), eq != p.startIndex else {
                throw ValidationError("--param expects key=value, got '\(p)'")
            }
            out[String(p[..<eq])] = String(p[p.index(after: eq)...])
        }
        return out
    }

    /// The transition these options name, an option left out taking ``TransitionRequest``'s default.
    func request() throws -> TransitionRequest {
        var request = TransitionRequest(from: from, to: to, params: try parsedParams())
        if let operation { request.operation = operation }
        if let fps { request.fps = fps }
        return request
    }

    /// Whether two `--from`/`--to` values name one scene: the same built-in name, or the same file however it is written.
    static func sameScene(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> String { s.hasSuffix(".json") ? ContainedPath.resolved(URL(fileURLWithPath: s).standardizedFileURL.path) : s }
        return key(a) == key(b)
    }
}

extension TransitionOperation: ExpressibleByArgument {}

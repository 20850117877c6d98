import XCTest
import AnimhostCore
@testable import AnimhostLua
import AnimhostTestSupport

/// Writes Lua source to a fresh folder under ``BundleFolder/root`` and loads it as a plugin.
func makePlugin(
    _ source: String, file: String = "p.lua", limits: SandboxLimits = SandboxLimits(),
    printed: ((String) -> Void)? = nil
) throws -> Plugin {
    let dir = BundleFolder.root.appendingPathComponent("animhost-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(file)
    try source.write(to: url, atomically: true, encoding: .utf8)
    return try Plugin(url: url, limits: limits, printSink: printed)
}

/// A plugin on the built-in grid → detail scenes whose `animate` runs `body` (with `ctx` in scope)
/// and, given `interact`, whose `interact(ctx, g)` runs that.
func animatorSource(_ body: String, duration: String = "0.3", interact: String? = nil) -> String {
    """
    local p = { name = "probe", scenes = { from = "grid", to = "detail" } }
    function p.duration(ctx) return \(duration) end
    function p.animate(ctx)
    \(body)
    end
    \(interact.map { "function p.interact(ctx, g)\n\($0)\nend" } ?? "")
    return p
    """
}

/// Runs Lua `body` inside `animate` (it must complete the transition itself, or `complete: true` does it)
/// and returns what it printed.
@discardableResult
func evalLua(_ body: String, complete: Bool = true, duration: String = "0.3", limits: SandboxLimits = SandboxLimits()) throws -> [String] {
    var lines: [String] = []
    let source = animatorSource(body + (complete ? "\nctx:complete(true)" : ""), duration: duration)
    let plugin = try makePlugin(source, limits: limits) { lines.append($0) }
    _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil)
    return lines.map { String($0.drop { $0 != " " }.dropFirst()) }
}

/// The error `body` raises, as the CLI would print its first line.
func luaError(
    _ body: String, complete: Bool = true, duration: String = "0.3", limits: SandboxLimits = SandboxLimits(),
    file: StaticString = #filePath, line: UInt = #line
) -> String {
    do {
        try evalLua(body, complete: complete, duration: duration, limits: limits)
        XCTFail("expected an error", file: file, line: line)
        return ""
    } catch let e as PluginError {
        return withoutTemporaryFolder(e.headline)
    } catch {
        return "\(error)"
    }
}

/// Runs a built-in plugin on its default scenes.
func runBuiltin(
    _ name: String, _ operation: TransitionOperation = .push, fps: Int = 60,
    params: [String: String] = [:]
) throws -> (TransitionOutcome, FrameRecorder) {
    let catalog = PluginCatalog(environment: [:])
    let plugin = try Plugin(url: try catalog.locate(name).url)
    let recorder = FrameRecorder()
    let outcome = try plugin.run(TransitionRequest(operation: operation, fps: fps, params: params), catalog: catalog, sink: recorder)
    return (outcome, recorder)
}

/// `text` with the test plugins' temporary folders left out, so messages read as `p.lua:4: …`.
func withoutTemporaryFolder(_ text: String) -> String {
    text.replacingOccurrences(of: #"/[^ ]*/animhost-tests-[0-9A-F-]+/"#, with: "", options: .regularExpression)
}

extension Plugin {
    /// Runs `request` through a session, with scenes from `catalog`.
    func run(_ request: TransitionRequest, catalog: PluginCatalog = PluginCatalog(), sink: FrameSink? = nil) throws -> TransitionOutcome {
        try TransitionSession(self, scenes: catalog).run(request, sink: sink)
    }
}

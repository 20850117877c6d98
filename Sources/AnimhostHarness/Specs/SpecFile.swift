import CLua
import Foundation
import AnimhostCore
import AnimhostLua

/// One test of a spec file and how it ended.
public struct SpecCase: Equatable, Sendable {
    public enum Status: String, Sendable { case passed, failed, pending }
    /// The names of its `describe` blocks and its own, joined by spaces.
    public let name: String
    public let status: Status
    /// Why it failed (`file:line: message`), or nil.
    public let message: String?
}

/// Runs a Lua spec file in its own sandboxed state, with a test framework written in Lua and the
/// `animhost.run{}` binding.
public enum SpecFile {
    /// Runs `url` under `framework` (a Lua chunk called with the spec chunk and the filter, returning
    /// a list of `{ name, status, message }`). `animhost.run{}` finds plugins beside the spec, then on
    /// `searchPath` (or the spec's folder alone when nil). A spec that cannot load or run is a `PluginError`.
    public static func run(
        _ url: URL, framework: String, filter: String?, limits: SandboxLimits,
        snapshots: SnapshotStore? = nil, printSink: ((String) -> Void)? = nil,
        searchPath: PluginCatalog? = nil
    ) throws -> [SpecCase] {
        let file = displayPath(url)
        let source: Data
        do { source = try InputFile.read(url.path) } catch let e as InputFileError { throw PluginError(file: file, message: "cannot read the spec: \(e.reason)") }
        let host = try LuaHost(chunkName: file, printPrefix: url.deletingPathExtension().lastPathComponent, limits: limits)
        if let printSink { host.printSink = printSink }
        let spec = SpecState(folder: url.deletingLastPathComponent(), searchPath: searchPath, snapshots: snapshots)
        host.attachment = spec
        host.moduleFolders = [spec.folder]
        RunBinding.install(in: host.L)
        if snapshots != nil { SnapshotBinding.install(in: host.L) }
        let L = host.L
        host.startClock()
        defer { host.stopClock() }
        try host.load(source: framework, chunkName: "=animhost.spec")
        try host.load(source: source, chunkName: file)
        if let filter { LuaHost.push(L, filter) } else { lua_pushnil(L) }
        try host.call(nargs: 2, nresults: 1)
        defer { ah_pop(L, 1) }
        var cases: [SpecCase] = []
        let count = lua_rawlen(L, -1)
        guard count > 0 else { return [] }
        for i in 1...count {
            lua_rawgeti(L, -1, lua_Integer(i))
            func field(_ key: String) -> String? {
                rawField(L, -1, key)
                defer { ah_pop(L, 1) }
                return LuaHost.string(L, -1)
            }
            let status = SpecCase.Status(rawValue: field("status") ?? "") ?? .failed
            cases.append(
                SpecCase(
                    name: PluginError.bounded(field("name") ?? "?"), status: status,
                    message: field("message").map(PluginError.bounded)))
            ah_pop(L, 1)
        }
        return cases
    }
}

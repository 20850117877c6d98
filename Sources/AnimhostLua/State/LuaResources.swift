import CLua
import Foundation
import Synchronization

/// The Lua files this module ships as resources (`Lua/prelude.lua`, `Library/*.lua`), each read and
/// compiled once per process when first run: every state runs the same ones.
enum LuaResources {
    private static let names = ["prelude", "deferred", "shared", "modifiers", "presets"]

    /// The text of `name.lua`, read from the bundle (once a process, by the first state that compiles
    /// it: later ones load its bytecode), or an error saying the installation is incomplete.
    static func source(_ name: String) throws -> String {
        guard names.contains(name), let url = Bundle.module.url(forResource: name, withExtension: "lua"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            throw PluginError(file: "animhost", message: "\(name).lua is missing from the resources beside the executable: reinstall animhost")
        }
        return text
    }

    /// Each file compiled by the first state that ran it: later states load that bytecode instead of
    /// compiling the text again (`animhost list` makes a state per plugin, the preview one per run).
    private static let compiled = Mutex<[String: [UInt8]]>([:])

    /// Loads `name.lua` into `host`'s state as a chunk named `chunkName` and leaves it on the stack:
    /// from the text the first time in the process, from the bytecode Lua made of it after that.
    /// Only the host's own files: a plugin's code is always loaded as text.
    static func load(_ name: String, chunkName: String, in host: LuaHost) throws {
        if let code = compiled.withLock({ $0[name] }) {
            let status = code.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(host.L, $0.baseAddress, $0.count, "@" + PluginError.chunkName(for: chunkName), "b") }
            }
            if status == LUA_OK { return }
            ah_pop(host.L, 1)  // out of memory: the text's compile below reports it in its words
        }
        try host.load(source: try source(name), chunkName: chunkName)
        var buffer = DumpBuffer()
        defer { free(buffer.base) }
        let written = withUnsafeMutablePointer(to: &buffer) { lua_dump(host.L, DumpBuffer.append, $0, 0) }
        guard written == 0, let base = buffer.base else { return }
        let code = [UInt8](UnsafeRawBufferPointer(start: base, count: buffer.count))
        compiled.withLock { $0[name] = $0[name] ?? code }
    }
}

/// The bytes `lua_dump` writes, in memory of the C library's: it writes a chunk in thousands of
/// pieces of a few bytes, each appended by a copy.
private struct DumpBuffer {
    var base: UnsafeMutableRawPointer?
    var count = 0
    var capacity = 0

    /// `lua_dump`'s writer: appends the piece, growing the buffer twofold when full; 1 (an error
    /// that ends the dump) when memory runs out.
    static let append: lua_Writer = { _, piece, size, buffer in
        guard let piece, let buffer = buffer?.assumingMemoryBound(to: DumpBuffer.self) else { return 1 }
        if buffer.pointee.count + size > buffer.pointee.capacity {
            let capacity = max(buffer.pointee.capacity * 2, buffer.pointee.count + size, 1 << 16)
            guard let grown = realloc(buffer.pointee.base, capacity) else { return 1 }
            buffer.pointee.base = grown
            buffer.pointee.capacity = capacity
        }
        buffer.pointee.base!.advanced(by: buffer.pointee.count).copyMemory(from: piece, byteCount: size)
        buffer.pointee.count += size
        return 0
    }
}

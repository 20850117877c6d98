import CLua
import Foundation
import AnimhostCore

/// The plugin environment: Lua's safe libraries, minus everything that reaches outside the state,
/// plus the host's bindings. docs/security.md lists the rules.
enum Sandbox {
    /// Opens the safe libraries, removes the unsafe parts, and installs the bindings.
    static func install(in host: LuaHost) throws {
        let L = host.L
        let libraries: [(String, lua_CFunction)] = [
            ("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table),
            ("math", luaopen_math), ("utf8", luaopen_utf8), ("coroutine", luaopen_coroutine)
        ]
        for (name, open) in libraries {
            luaL_requiref(L, name, open, 1)
            ah_pop(L, 1)
        }
        Bindings.install(in: L)
        lua_getglobal(L, "coroutine")
        ah_pushcoroutinecreate(L)
        lua_setfield(L, -2, "create")
        ah_pop(L, 1)
        makeSealedTable(L)
        try LuaResources.load("prelude", chunkName: AH_PRELUDE_NAME, in: host)
        LuaHost.push(L, printBinding)
        LuaHost.push(L, loadModuleBinding)
        LuaHost.push(L, clockBinding)
        lua_rawgetp(L, ah_registryindex(), sealedKey)
        LuaHost.push(L, objectOrderBinding)
        try host.call(nargs: 5, nresults: 1)
        lua_rawsetp(L, ah_registryindex(), nextKey)
        try SharedLibrary.install(in: host)
    }

    /// The registry key of the weak-keyed table from the host's read-only tables to the message a
    /// write to them raises: the prelude's `rawset` refuses them (see ``seal(_:_:message:)``).
    nonisolated(unsafe) private static let sealedKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    private static func makeSealedTable(_ L: OpaquePointer) {
        ah_newtable(L)
        lua_createtable(L, 0, 1)
        LuaHost.push(L, "k")
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        lua_rawsetp(L, ah_registryindex(), sealedKey)
    }

    /// The registry key of the prelude's `next` (a fixed walking order), kept before any plugin code
    /// runs (it may replace the global).
    nonisolated(unsafe) private static let nextKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    /// Pushes the sandbox's `next`, which walks keys in a fixed order.
    static func pushNext(_ L: OpaquePointer) {
        lua_rawgetp(L, ah_registryindex(), nextKey)
    }

    /// Makes `rawset` on the table at `index` raise `message`, as its `__newindex` does.
    static func seal(_ L: OpaquePointer, _ index: Int32, message: String) {
        let t = lua_absindex(L, index)
        lua_rawgetp(L, ah_registryindex(), sealedKey)
        lua_pushvalue(L, t)
        LuaHost.push(L, message)
        lua_rawset(L, -3)
        ah_pop(L, 1)
    }

    /// `print`: one line on the host's sink, cut as error messages are (a plugin may print megabytes),
    /// while the run's print budget lasts.
    private static let printBinding: LuaBinding = { L in
        let L = L!
        let host = LuaHost.of(L)
        host.printLine("[\(host.printPrefix)] " + PluginError.bounded(LuaHost.string(L, 1) ?? ""))
        return 0
    }

    /// A key's place in the walking order of `pairs` (Lua/prelude.lua): an object's creation serial,
    /// a node's place in the order the state was first handed nodes past `1 << 60` (whether or not
    /// Lua let go of its userdata in between, which its collector decides), nil for Lua's own
    /// functions without upvalues.
    private static let objectOrderBinding: LuaBinding = { L in
        let L = L!
        if let node = NodeBinding.node(L, 1) {
            lua_pushinteger(L, (1 << 60) + lua_Integer(node.handOverOrder))
        } else if case let serial = ah_serial(L, 1), serial != 0 {
            lua_pushinteger(L, serial)
        } else {
            lua_pushnil(L)
        }
        return 1
    }

    /// The transition's virtual clock in seconds: the plugin's `os.clock()` (runs are deterministic).
    private static let clockBinding: LuaBinding = { L in
        let L = L!
        lua_pushnumber(L, LuaHost.of(L).engine.now)
        return 1
    }

    /// Whether `name` is words of ASCII letters, digits, `_` and `-` separated by single dots (`lib.curves`).
    static func isModuleName(_ name: String) -> Bool {
        name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { word in
            !word.isEmpty
                && word.allSatisfy { c in
                    ("a"..."z").contains(Unicode.Scalar(c)) || ("A"..."Z").contains(Unicode.Scalar(c)) || ("0"..."9").contains(Unicode.Scalar(c)) || c == UInt8(ascii: "_")
                        || c == UInt8(ascii: "-")
                }
        }
    }

    /// Finds `name.lua` in the plugin's module folders and returns it loaded as text, or nil and why not.
    private static let loadModuleBinding: LuaBinding = { L in
        let L = L!
        return returningFailure(L) {
            let host = LuaHost.of(L)
            guard let name = LuaHost.string(L, 1), isModuleName(name) else {
                throw BindingError("require: module names are words separated by dots, such as 'helpers' or 'lib.curves'")
            }
            let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
            for folder in host.moduleFolders {
                let url = folder.appendingPathComponent(relative)
                guard let real = realPath(url) else { continue }
                guard let root = realPath(folder), real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                    throw BindingError("require: module '\(name)' leads outside the plugin's folder (through a symbolic link): only files inside it are loaded")
                }
                let source: Data
                do { source = try InputFile.read(real, within: root) } catch let e as InputFileError {
                    throw BindingError("require: module '\(name)' (\(displayPath(url))): \(e.reason)")
                }
                if !host.modulesRead.contains(url) { host.modulesRead.append(url) }
                try host.load(source: source, chunkName: displayPath(url))
                return 1
            }
            let searched = host.moduleFolders.map(\.path).joined(separator: ", ")
            throw BindingError("require: no module '\(name)' (looked for \(relative) in \(searched.isEmpty ? "no folders" : searched))")
        }
    }
}

/// Runs `body`; a failure is returned to Lua as `nil, message` instead of raised.
private func returningFailure(_ L: OpaquePointer, _ body: () throws -> Int32) -> Int32 {
    do { return try body() } catch {
        lua_pushnil(L)
        LuaHost.push(L, (error as? PluginError)?.headline ?? "\(error)")
        return 2
    }
}

/// The absolute path of `url` with every symbolic link resolved, or nil when nothing is there.
private func realPath(_ url: URL) -> String? {
    guard let resolved = realpath(url.path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

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
            ("math", luaopen_math), ("utf8", luaopen_utf8), ("coroutine", luaopen_coroutine), ("os", luaopen_os),
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
        try host.load(source: prelude, chunkName: "=animhost")
        LuaHost.push(L, printBinding)
        LuaHost.push(L, loadModuleBinding)
        try host.call(nargs: 2, nresults: 0)
    }

    /// Lua run once per state, with the host's `print` and module loader as arguments. It replaces
    /// what the base library would let a plugin escape or observe with safe versions.
    static let prelude = #"""
    local hostPrint, loadModule = ...
    local rawset_, setmetatable_, type_, tostring_, error_, select_ = rawset, setmetatable, type, tostring, error, select
    local concat, collect = table.concat, collectgarbage
    local randomseed = math.randomseed

    dofile, loadfile, load, loadstring = nil, nil, nil, nil
    string.dump = nil
    os = { clock = os.clock, time = os.time }
    getmetatable("").__metatable = "the string metatable is locked"

    function print(...)
      local n = select_("#", ...)
      local parts = {}
      for i = 1, n do parts[i] = tostring_((select_(i, ...))) end
      hostPrint(concat(parts, "\t"))
    end

    function setmetatable(t, mt)
      if type_(mt) == "table" and rawget(mt, "__gc") ~= nil then
        error_("setmetatable: __gc finalizers are not available to plugins", 2)
      end
      return setmetatable_(t, mt)
    end

    function collectgarbage(option)
      if option == "count" then return collect("count") end
      error_("collectgarbage: only collectgarbage(\"count\") is available to plugins", 2)
    end

    local create, resume, pack, unpack = coroutine.create, coroutine.resume, table.pack, table.unpack
    function coroutine.wrap(f)
      local co = create(f)
      return function(...)
        local r = pack(resume(co, ...))
        if not r[1] then error_(r[2], 0) end
        return unpack(r, 2, r.n)
      end
    end

    -- table.move over a huge empty range would run in C for minutes: bound it.
    local move = table.move
    function table.move(a1, f, e, t, a2)
      if type_(f) == "number" and type_(e) == "number" and e - f >= 1e7 then
        error_("table.move: at most 10000000 elements at a time", 2)
      end
      return move(a1, f, e, t, a2)
    end

    randomseed(0)
    function math.randomseed(x, y)
      if x == nil then error_("math.randomseed needs a seed: runs are deterministic", 2) end
      return randomseed(x, y)
    end

    local loaded = {}
    function require(name)
      if type_(name) ~= "string" then error_("require expects a module name", 2) end
      local value = loaded[name]
      if value ~= nil then return value end
      local chunk, message = loadModule(name)
      if not chunk then error_(message, 2) end
      value = chunk(name)
      if value == nil then value = true end
      loaded[name] = value
      return value
    end
    """#

    private static let printBinding: LuaBinding = { L in
        let L = L!
        let host = LuaHost.of(L)
        host.printSink("[\(host.printPrefix)] " + (LuaHost.string(L, 1) ?? ""))
        return 0
    }

    /// Finds `name.lua` in the plugin's module folders and returns it loaded as text, or nil and why not.
    private static let loadModuleBinding: LuaBinding = { L in
        let L = L!
        return returningFailure(L) {
            let host = LuaHost.of(L)
            guard let name = LuaHost.string(L, 1),
                  name.range(of: #"^[A-Za-z0-9_\-]+(\.[A-Za-z0-9_\-]+)*$"#, options: .regularExpression) != nil else {
                throw BindingError("require: module names are words separated by dots, such as 'helpers' or 'lib.curves'")
            }
            let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
            for folder in host.moduleFolders {
                let url = folder.appendingPathComponent(relative)
                guard let source = try? String(contentsOf: url, encoding: .utf8) else { continue }
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

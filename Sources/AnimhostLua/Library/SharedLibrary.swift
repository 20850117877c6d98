import CLua
import Foundation

/// The shared-element library (`shared.lua`, a resource of this module): installed into every
/// sandbox as the global `shared`, with the host's modifier parser as its one argument.
enum SharedLibrary {
    /// The library's source, read once per process.
    static let source: Data = {
        guard let url = Bundle.module.url(forResource: "shared", withExtension: "lua"),
              let data = try? Data(contentsOf: url) else {
            fatalError("the resource shared.lua is missing from the AnimhostLua bundle")
        }
        return data
    }()

    /// Runs the library in `host`'s state and sets the global `shared` to what it returns.
    static func install(in host: LuaHost) throws {
        let L = host.L
        try host.load(source: source, chunkName: "shared.lua")
        LuaHost.push(L, ModifierBinding.parsed)
        try host.call(nargs: 1, nresults: 1)
        lua_setglobal(L, "shared")
    }
}

import CLua
import Foundation
import AnimhostCore

/// The shared-element library (`shared.lua`, `modifiers.lua` and `presets.lua`, resources of this
/// module): installed into every sandbox as the global `shared`, given the host's modifier parser,
/// image measure and text comparison. Its files are compiled on a plugin's first use of it (`deferred.lua`).
enum SharedLibrary {
    /// Sets the global `shared`: the library's names, which compile it when first called.
    static func install(in host: LuaHost) throws {
        let L = host.L
        try LuaResources.load("deferred", chunkName: "deferred.lua", in: host)
        LuaHost.push(L, compile)
        LuaHost.push(L, ModifierBinding.parsed)
        LuaHost.push(L, imageSize)
        LuaHost.push(L, sameText)
        try host.call(nargs: 4, nresults: 1)
        lua_setglobal(L, "shared")
    }

    /// `compile(env)`: the library's three chunks, each reading its globals from `env`.
    private static let compile: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let host = LuaHost.of(L)
            guard lua_checkstack(host.L, 2) != 0, lua_checkstack(L, 4) != 0 else {
                throw PluginError(file: "shared.lua", message: "not enough memory to load the shared-element library")
            }
            for name in ["shared", "modifiers", "presets"] {
                try LuaResources.load(name, chunkName: name + ".lua", in: host)
                lua_xmove(host.L, L, 1)
                lua_pushvalue(L, 1)
                _ = lua_setupvalue(L, -2, 1)  // its _ENV
            }
            return 3
        }
    }

    /// `imageSize(node)`: the pixel size of the node's image, read from the file beside its scene, or nil.
    private static let imageSize: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let node = try NodeBinding.checkNode(L, 1, "imageSize(node)")
            let scenes = LuaHost.of(L).transition.map { [$0.context.from, $0.context.to] } ?? []
            let directory = scenes.first { $0.name == node.scene }?.directory
            guard let image = node.model.image, let size = ImageSize.of(image, relativeTo: directory) else {
                lua_pushnil(L)
                return 1
            }
            ValueBinding.push(L, size)
            return 1
        }
    }

    /// `sameText(a, b)`: whether two nodes' text looks the same (string, size, weight, colour and
    /// alignment, or neither has text), so that a flight between them needs no cross-fade.
    private static let sameText: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let a = try NodeBinding.checkNode(L, 1, "sameText(a, b)")
            let b = try NodeBinding.checkNode(L, 2, "sameText(a, b)")
            lua_pushboolean(L, a.model.text == b.model.text ? 1 : 0)
            return 1
        }
    }
}

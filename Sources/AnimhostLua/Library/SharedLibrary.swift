import CLua
import Foundation
import AnimhostCore

/// The shared-element library (`shared.lua`, `modifiers.lua` and `presets.lua`, resources of this
/// module): installed into every sandbox as the global `shared`, given the host's modifier parser and
/// image measure.
enum SharedLibrary {
    /// Runs the library's files in `host`'s state and sets the global `shared`.
    static func install(in host: LuaHost) throws {
        let L = host.L
        try LuaResources.load("shared", chunkName: "shared.lua", in: host)
        LuaHost.push(L, ModifierBinding.parsed)
        LuaHost.push(L, imageSize)
        try host.call(nargs: 2, nresults: 2)  // the library and what its other files share
        let shares = lua_gettop(L), library = shares - 1
        try LuaResources.load("modifiers", chunkName: "modifiers.lua", in: host)
        lua_pushvalue(L, library)
        lua_pushvalue(L, shares)
        LuaHost.push(L, ModifierBinding.parsed)
        try host.call(nargs: 3, nresults: 0)
        try LuaResources.load("presets", chunkName: "presets.lua", in: host)
        lua_pushvalue(L, library)
        lua_pushvalue(L, shares)
        try host.call(nargs: 2, nresults: 0)
        ah_pop(L, 1)
        lua_setglobal(L, "shared")
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
}

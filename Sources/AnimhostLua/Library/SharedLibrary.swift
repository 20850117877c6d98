import CLua
import Foundation
import AnimhostCore

/// The shared-element library (`shared.lua`, a resource of this module): installed into every
/// sandbox as the global `shared`, with the host's modifier parser and image measure as its arguments.
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
        LuaHost.push(L, imageSize)
        try host.call(nargs: 2, nresults: 1)
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

import CLua
import AnimhostCore

/// A gesture sample as `interact(ctx, g)` receives it: a table of `state`, `t`, `location`,
/// `translation`, `velocity` (points) and `edge`.
package enum GestureBinding {
    package static func push(_ L: OpaquePointer, _ e: GestureEvent) {
        lua_createtable(L, 0, 6)
        LuaHost.push(L, e.state.rawValue); lua_setfield(L, -2, "state")
        lua_pushnumber(L, e.time); lua_setfield(L, -2, "t")
        ValueBinding.push(L, e.location); lua_setfield(L, -2, "location")
        ValueBinding.push(L, e.translation); lua_setfield(L, -2, "translation")
        ValueBinding.push(L, e.velocity); lua_setfield(L, -2, "velocity")
        if let edge = e.edge { LuaHost.push(L, edge); lua_setfield(L, -2, "edge") }
    }
}

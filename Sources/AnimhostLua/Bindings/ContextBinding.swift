import CLua
import AnimhostCore

/// The transition as a plugin sees it: one `ctx` per run, with the scenes, params and `complete`.
final class LuaTransition {
    let context: TransitionContext
    let serial: Int
    var duration: Double = 0
    /// Registry references to the `params` table and the two scene tables.
    var paramsRef: Int32 = LUA_NOREF
    var fromRef: Int32 = LUA_NOREF
    var toRef: Int32 = LUA_NOREF

    init(context: TransitionContext, serial: Int) { self.context = context; self.serial = serial }
}

/// `ctx`: fields read live from the ``TransitionContext``; methods like `UIViewControllerContextTransitioning`'s.
enum ContextBinding {
    static let meta = Metatable("animhost.context")
    static let fields = ["container", "from", "to", "operation", "presenting", "interactive", "cancelled", "params",
                         "size", "duration", "complete", "update", "finish", "cancel"]

    static func install(in L: OpaquePointer) {
        Bindings.newMetatable(L, meta, index: index)
        LuaHost.setFunction(L, "__newindex", readOnly)
        ah_pop(L, 1)
    }

    /// Pushes the `ctx` of `transition`.
    static func push(_ L: OpaquePointer, _ transition: LuaTransition) {
        pushUserValue(L, transition.serial, meta)
    }

    /// The live transition for the `ctx` at `i`, or an error when it belongs to a finished run.
    static func transition(_ L: OpaquePointer, _ i: Int32) throws -> LuaTransition {
        guard let serial = userValue(L, i, meta, as: Int.self) else {
            throw BindingError("expected ctx (call methods with a colon: ctx:complete(true)), got \(typeName(L, i))")
        }
        guard let t = LuaHost.of(L).transition, t.serial == serial else {
            throw BindingError("this ctx belongs to a transition that has ended")
        }
        return t
    }

    private static let readOnly: LuaBinding = { L in
        let L = L!
        LuaHost.push(L, "ctx is read-only (set values on nodes, or keep your own state in a local table)")
        return LuaHost.raise
    }

    private static let index: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let t = try transition(L, 1)
            let host = LuaHost.of(L)
            let c = t.context
            let key = LuaHost.string(L, 2) ?? ""
            switch key {
            case "container": NodeBinding.push(L, c.container)
            case "from": host.pushRef(t.fromRef)
            case "to": host.pushRef(t.toRef)
            case "operation": LuaHost.push(L, c.operation.rawValue)
            case "presenting": lua_pushboolean(L, c.isPresenting ? 1 : 0)
            case "interactive": lua_pushboolean(L, c.isInteractive ? 1 : 0)
            case "cancelled": lua_pushboolean(L, c.isCancelled ? 1 : 0)
            case "params": host.pushRef(t.paramsRef)
            case "size": ValueBinding.push(L, c.size)
            case "duration": LuaHost.push(L, duration)
            case "complete": LuaHost.push(L, complete)
            case "update", "finish", "cancel": LuaHost.push(L, notInteractive)
            default:
                let hint = closestName(to: key, among: fields).map { " (did you mean '\($0)'?)" } ?? ""
                throw BindingError("ctx has no field '\(key)'\(hint)")
            }
            return 1
        }
    }

    private static let duration: LuaBinding = { L in
        let L = L!
        return binding(L) {
            lua_pushnumber(L, try transition(L, 1).duration)
            return 1
        }
    }

    private static let complete: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let t = try transition(L, 1)
            guard lua_type(L, 2) == LUA_TBOOLEAN else {
                throw BindingError("ctx:complete(ok): expected true or false, got \(typeName(L, 2)) (usually ctx:complete(not ctx.cancelled))")
            }
            try t.context.complete(lua_toboolean(L, 2) != 0)
            return 0
        }
    }

    private static let notInteractive: LuaBinding = { L in
        let L = L!
        return binding(L) {
            _ = try transition(L, 1)
            throw BindingError("ctx:update, ctx:finish and ctx:cancel drive interactive transitions; this one is not interactive")
        }
    }
}

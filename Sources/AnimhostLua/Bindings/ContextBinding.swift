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
    /// The gesture sample being delivered, for `ctx:drive()`.
    var currentEvent: GestureEvent?

    init(context: TransitionContext, serial: Int) { self.context = context; self.serial = serial }
}

/// The names `ctx` answers to.
enum ContextKey: String, CaseIterable {
    case container, from, to, operation, presenting, interactive, cancelled, params
    case size, gesture, duration, complete, update, finish, cancel, drive

    static let byOrdinal = Array(allCases)
}

/// `ctx`: fields read live from the ``TransitionContext``; methods like `UIViewControllerContextTransitioning`'s.
enum ContextBinding {
    static let meta = Metatable("animhost.context")

    static func install(in L: OpaquePointer) {
        Bindings.newMetatable(L, meta, index: nil)
        // The __index binding's upvalue: key name → ordinal.
        ah_newtable(L)
        for (ordinal, key) in ContextKey.byOrdinal.enumerated() {
            lua_pushinteger(L, lua_Integer(ordinal))
            lua_setfield(L, -2, key.rawValue)
        }
        LuaHost.push(L, index, upvalues: 1)
        lua_setfield(L, -2, "__index")
        LuaHost.setFunction(L, "__newindex", readOnly)
        ah_pop(L, 1)
    }

    /// The key at `i` as a ``ContextKey``, or an error naming the closest one.
    private static func key(_ L: OpaquePointer, _ i: Int32) throws -> ContextKey {
        if lua_type(L, i) == LUA_TSTRING {
            lua_pushvalue(L, i)
            let found = lua_rawget(L, ah_upvalueindex(2)) == LUA_TNUMBER
            let ordinal = Int(lua_tointegerx(L, -1, nil))
            ah_pop(L, 1)
            if found { return ContextKey.byOrdinal[ordinal] }
        }
        let name = LuaHost.string(L, i) ?? typeName(L, i)
        let hint = closestName(to: name, among: ContextKey.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
        throw BindingError("ctx has no field '\(name)'\(hint)")
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
        unowned(unsafe) let host = LuaHost.of(L)
        guard let t = host.transition, t.serial == serial else {
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
            unowned(unsafe) let t = try transition(L, 1)
            unowned(unsafe) let c = t.context
            switch try key(L, 2) {
            case .container: NodeBinding.push(L, c.container)
            case .from: LuaHost.of(L).pushRef(t.fromRef)
            case .to: LuaHost.of(L).pushRef(t.toRef)
            case .operation: LuaHost.push(L, c.operation.rawValue)
            case .presenting: lua_pushboolean(L, c.isPresenting ? 1 : 0)
            case .interactive: lua_pushboolean(L, c.isInteractive ? 1 : 0)
            case .cancelled: lua_pushboolean(L, c.isCancelled ? 1 : 0)
            case .params: LuaHost.of(L).pushRef(t.paramsRef)
            case .size: ValueBinding.push(L, c.size)
            case .duration: LuaHost.push(L, duration)
            case .complete: LuaHost.push(L, complete)
            case .gesture:
                if let start = c.gestureStart { GestureBinding.push(L, start) } else { lua_pushnil(L) }
            case .update: LuaHost.push(L, update)
            case .finish: LuaHost.push(L, finish)
            case .cancel: LuaHost.push(L, cancel)
            case .drive: LuaHost.push(L, drive)
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

    /// The driver of an interactive transition, or an error naming the method.
    private static func driver(_ L: OpaquePointer, _ method: String) throws -> (LuaTransition, PercentDrivenDriver) {
        let t = try transition(L, 1)
        guard let driver = t.context.driver else {
            throw BindingError("ctx:\(method) drives interactive transitions; this one is not interactive (run it with --gesture)")
        }
        return (t, driver)
    }

    private static let update: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let (_, d) = try driver(L, "update")
            d.update(try checkNumber(L, 2, "ctx:update(fraction)"))
            return 0
        }
    }

    private static let finish: LuaBinding = { L in
        let L = L!
        return binding(L) { try driver(L, "finish").1.finish(); return 0 }
    }

    private static let cancel: LuaBinding = { L in
        let L = L!
        return binding(L) { try driver(L, "cancel").1.cancel(); return 0 }
    }

    /// `ctx:drive()`: the default percent-driven handling of the sample being delivered.
    private static let drive: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let (t, d) = try driver(L, "drive")
            guard let event = t.currentEvent else { throw BindingError("ctx:drive() is for use inside interact(ctx, g)") }
            TransitionRunner.drive(d, with: event, width: t.context.size.width)
            return 0
        }
    }
}

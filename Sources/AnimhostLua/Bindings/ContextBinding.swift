import CLua
import AnimhostCore

/// The transition as a plugin sees it: one `ctx` per run, with the scenes, params and `complete`.
final class LuaTransition {
    let context: TransitionContext
    let serial: Int
    /// Registry references to the `params` table and the two scene tables.
    var paramsRef: Int32 = LUA_NOREF
    var fromRef: Int32 = LUA_NOREF
    var toRef: Int32 = LUA_NOREF
    /// The run's `ctx` table (made on first use), and its address to recognise it.
    var ctxRef: Int32 = LUA_NOREF
    var ctxAddress: UnsafeRawPointer?
    /// The gesture sample being delivered, for `ctx:drive()`.
    var currentEvent: GestureEvent?

    init(context: TransitionContext, serial: Int) { self.context = context; self.serial = serial }
}

/// The names `ctx` answers to.
enum ContextKey: String, CaseIterable {
    case container, from, to, operation, presenting, interactive, cancelled, params, reducedMotion
    case size, gesture, duration, complete, update, finish, cancel, drive, matches

    static let byOrdinal = Array(allCases)
}

/// `ctx`: one read-only table per run. What is fixed for the run (the container, the scenes, the
/// params, the operation, the methods) sits in plain fields that Lua reads without calling the
/// host; what changes during the run (cancelled, interactive, gesture, size) is read live from the
/// ``TransitionContext``. Methods are like `UIViewControllerContextTransitioning`'s.
enum ContextBinding {
    nonisolated(unsafe) private static let keysKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
    private static let name = "animhost.context"

    static func install(in L: OpaquePointer) {
        ah_newtable(L)
        for (ordinal, key) in ContextKey.byOrdinal.enumerated() {
            lua_pushinteger(L, lua_Integer(ordinal))
            lua_setfield(L, -2, key.rawValue)
        }
        lua_rawsetp(L, ah_registryindex(), keysKey)
    }

    /// Pushes the `ctx` of `transition`, making it on first use.
    static func push(_ L: OpaquePointer, _ transition: LuaTransition) {
        let host = LuaHost.of(L)
        if transition.ctxRef == LUA_NOREF {
            make(L, transition)
            transition.ctxAddress = lua_topointer(L, -1)
            transition.ctxRef = host.ref()
        }
        host.pushRef(transition.ctxRef)
    }

    /// Pushes a new `ctx`: an empty table (so that every assignment reaches `__newindex`) reading
    /// through to a table of the run's fixed fields, which reads through to the live ones.
    private static func make(_ L: OpaquePointer, _ t: LuaTransition) {
        let host = LuaHost.of(L)
        let c = t.context
        lua_createtable(L, 0, 12)
        NodeBinding.push(L, c.container); lua_setfield(L, -2, "container")
        host.pushRef(t.fromRef); lua_setfield(L, -2, "from")
        host.pushRef(t.toRef); lua_setfield(L, -2, "to")
        host.pushRef(t.paramsRef); lua_setfield(L, -2, "params")
        LuaHost.push(L, c.operation.rawValue); lua_setfield(L, -2, "operation")
        lua_pushboolean(L, c.isPresenting ? 1 : 0); lua_setfield(L, -2, "presenting")
        lua_pushboolean(L, c.reducedMotion ? 1 : 0); lua_setfield(L, -2, "reducedMotion")
        for (key, method) in [("duration", duration), ("complete", complete), ("update", update),
                              ("finish", finish), ("cancel", cancel), ("drive", drive),
                              ("matches", matches)] {
            LuaHost.setFunction(L, key, method)
        }
        lua_createtable(L, 0, 1)
        lua_rawgetp(L, ah_registryindex(), keysKey)
        lua_pushinteger(L, lua_Integer(t.serial))
        LuaHost.push(L, live, upvalues: 2)
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)

        let fields = lua_gettop(L)
        ah_newtable(L)
        lua_createtable(L, 0, 4)
        lua_pushvalue(L, fields); lua_setfield(L, -2, "__index")
        LuaHost.setFunction(L, "__newindex", readOnly)
        LuaHost.push(L, "locked"); lua_setfield(L, -2, "__metatable")
        LuaHost.push(L, name); lua_setfield(L, -2, "__name")
        lua_setmetatable(L, -2)
        Sandbox.seal(L, -1, message: readOnlyMessage)
        ah_remove(L, fields)
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

    /// The live transition for the `ctx` at `i`, or an error when it belongs to a finished run.
    static func transition(_ L: OpaquePointer, _ i: Int32) throws -> LuaTransition {
        unowned(unsafe) let host = LuaHost.of(L)
        if let t = host.transition, let address = t.ctxAddress, lua_topointer(L, i) == address { return t }
        if lua_type(L, i) == LUA_TTABLE, lua_getmetatable(L, i) != 0 {
            defer { ah_pop(L, 2) }
            if rawField(L, -1, "__name") == LUA_TSTRING, LuaHost.string(L, -1) == name {
                throw BindingError("this ctx belongs to a transition that has ended")
            }
        }
        throw BindingError("expected ctx (call methods with a colon: ctx:complete(true)), got \(typeName(L, i))")
    }

    private static let readOnlyMessage = "ctx is read-only (set values on nodes, or keep your own state in a local table)"

    private static let readOnly: LuaBinding = { L in
        let L = L!
        LuaHost.push(L, readOnlyMessage)
        return LuaHost.raise
    }

    /// `__index` of the fixed fields: the fields that change during the run, from the run whose
    /// serial is the third upvalue.
    private static let live: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let key = try key(L, 2)
            unowned(unsafe) let host = LuaHost.of(L)
            guard let t = host.transition, t.serial == Int(lua_tointegerx(L, ah_upvalueindex(3), nil)) else {
                throw BindingError("this ctx belongs to a transition that has ended")
            }
            let c = t.context
            switch key {
            case .cancelled: lua_pushboolean(L, c.isCancelled ? 1 : 0)
            case .interactive: lua_pushboolean(L, c.isInteractive ? 1 : 0)
            case .size: ValueBinding.push(L, c.size)
            case .gesture: if let start = c.gestureStart { GestureBinding.push(L, start) } else { lua_pushnil(L) }
            default: lua_pushnil(L)  // a fixed field, set in the table
            }
            return 1
        }
    }

    private static let duration: LuaBinding = { L in
        let L = L!
        return binding(L) {
            lua_pushnumber(L, try transition(L, 1).context.duration)
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

    /// `ctx:matches()`: `{ tag =, from =, to = }` for each tag on a visible node of both scenes, in the
    /// destination's paint order.
    private static let matches: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let c = try transition(L, 1).context
            let pairs = TagMatching.matches(from: c.from.root, to: c.to.root)
            lua_createtable(L, Int32(pairs.count), 0)
            for (i, pair) in pairs.enumerated() {
                lua_createtable(L, 0, 3)
                LuaHost.push(L, pair.tag); lua_setfield(L, -2, "tag")
                NodeBinding.push(L, pair.from); lua_setfield(L, -2, "from")
                NodeBinding.push(L, pair.to); lua_setfield(L, -2, "to")
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            return 1
        }
    }

    /// `ctx:drive()`: the default percent-driven handling of the sample being delivered.
    private static let drive: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let (t, d) = try driver(L, "drive")
            guard let event = t.currentEvent else { throw BindingError("ctx:drive() is for use inside interact(ctx, g)") }
            TransitionRunner.drive(d, with: event, size: t.context.size)
            return 0
        }
    }
}

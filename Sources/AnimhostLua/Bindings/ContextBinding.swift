import CLua
import AnimhostCore

/// The names `ctx` answers to.
enum ContextKey: String, CaseIterable {
    case container, from, to, operation, presenting, interactive, cancelled, params, reducedMotion
    case size, gesture, duration, complete, onComplete, update, finish, cancel, drive, matches
    case completionSpeed, completionCurve, chrome

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
        if t.chromeRef != LUA_NOREF { host.pushRef(t.chromeRef); lua_setfield(L, -2, "chrome") }
        host.pushRef(t.paramsRef); lua_setfield(L, -2, "params")
        LuaHost.push(L, c.operation.rawValue); lua_setfield(L, -2, "operation")
        lua_pushboolean(L, c.isPresenting ? 1 : 0); lua_setfield(L, -2, "presenting")
        lua_pushboolean(L, c.reducedMotion ? 1 : 0); lua_setfield(L, -2, "reducedMotion")
        for (key, method) in [
            ("duration", duration), ("complete", complete), ("onComplete", onComplete), ("update", update),
            ("finish", finish), ("cancel", cancel), ("drive", drive),
            ("matches", matches)
        ] {
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
        lua_rawgetp(L, ah_registryindex(), keysKey)
        lua_pushinteger(L, lua_Integer(t.serial))
        LuaHost.push(L, assign, upvalues: 2)
        lua_setfield(L, -2, "__newindex")
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
        let host = LuaHost.of(L)
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

    /// `__index` of the fixed fields: the fields that change during the run, from the run whose
    /// serial is the third upvalue.
    private static let live: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let key = try key(L, 2)
            let host = LuaHost.of(L)
            guard let t = host.transition, t.serial == Int(lua_tointegerx(L, ah_upvalueindex(3), nil)) else {
                throw BindingError("this ctx belongs to a transition that has ended")
            }
            let c = t.context
            switch key {
            case .cancelled: lua_pushboolean(L, c.isCancelled ? 1 : 0)
            case .interactive: lua_pushboolean(L, c.isInteractive ? 1 : 0)
            case .size: ValueBinding.push(L, c.size)
            case .gesture: if let start = c.gestureStart { GestureBinding.push(L, start) } else { lua_pushnil(L) }
            case .completionSpeed: lua_pushnumber(L, c.driver?.completionSpeed ?? t.completionSpeed)
            case .completionCurve: LuaHost.push(L, CompletionCurve.name(of: c.driver?.completionCurve ?? t.completionCurve))
            default: lua_pushnil(L)  // a fixed field, set in the table
            }
            return 1
        }
    }

    /// `__newindex`: `completionSpeed` and `completionCurve` set the interactive driver's, as on
    /// `UIPercentDrivenInteractiveTransition`; every other field is read-only.
    private static let assign: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let key = try? key(L, 2)
            guard key == .completionSpeed || key == .completionCurve else { throw BindingError(readOnlyMessage) }
            let host = LuaHost.of(L)
            guard let t = host.transition, t.serial == Int(lua_tointegerx(L, ah_upvalueindex(3), nil)) else {
                throw BindingError("this ctx belongs to a transition that has ended")
            }
            let d = t.context.driver
            if key == .completionSpeed {
                let speed = try checkNumber(L, 3, "ctx.completionSpeed")
                guard speed > 0 else { throw BindingError("ctx.completionSpeed must be more than 0, got \(formatNumber(speed))") }
                if let d { d.completionSpeed = speed } else { t.completionSpeed = speed }
            } else {
                let curve = try CompletionCurve.easing(named: checkString(L, 3, "ctx.completionCurve"))
                if let d { d.completionCurve = curve } else { t.completionCurve = curve }
            }
            return 0
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
            let ok = lua_toboolean(L, 2) != 0
            if ok && t.context.isCancelled && t.context.completion == nil {
                let place = String(cString: ah_innermost_place(L))
                ah_pop(L, 1)
                t.warnings.append(PluginError(file: LuaHost.of(L).chunkName, luaMessage: place + PluginError.completedAfterCancel))
            }
            guard !t.completing else { throw BindingError("ctx:complete: called again from an onComplete function") }
            if t.context.completion == nil { try runOnComplete(L, t, ok) }
            try t.context.complete(ok)
            return 0
        }
    }

    /// `ctx:onComplete(fn)`: `fn(ok)` runs when the plugin calls `ctx:complete(ok)`, before the
    /// screen that goes is removed, in the order given; what it sets shows in the run's last frame.
    /// The moment Hero puts modified views back and UIKit's transition coordinator calls its completions.
    private static let onComplete: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let t = try transition(L, 1)
            guard lua_type(L, 2) == LUA_TFUNCTION else {
                throw BindingError("ctx:onComplete(fn): expected a function, got \(typeName(L, 2))")
            }
            guard t.context.completion == nil, !t.completing else {
                throw BindingError("ctx:onComplete: the transition has completed already")
            }
            lua_settop(L, 2)
            t.onCompleteRefs.append(LuaHost.of(L).ref())
            return 0
        }
    }

    /// Calls the run's `onComplete` functions with `ok`, each once.
    private static func runOnComplete(_ L: OpaquePointer, _ t: LuaTransition, _ ok: Bool) throws {
        let host = LuaHost.of(L)
        t.completing = true
        defer { t.completing = false }
        while !t.onCompleteRefs.isEmpty {
            let ref = t.onCompleteRefs.removeFirst()
            host.pushRef(ref)
            host.unref(ref)
            lua_pushboolean(L, ok ? 1 : 0)
            try host.callNested(nargs: 1, nresults: 0, on: L)
        }
    }

    /// Runs `body`, counting what it adds to the run's call log (`run.calls`, held by the host until the
    /// run ends) against the plugin's memory limit: a plugin calling `ctx:update` or a delegate hook in a
    /// loop grows it call by call.
    static func logging(_ L: OpaquePointer, _ context: TransitionContext, _ body: () -> Void) {
        let before = context.callBytes
        body()
        LuaHost.of(L).charge(context.callBytes - before)
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
            let (t, d) = try driver(L, "update")
            let fraction = try checkNumber(L, 2, "ctx:update(fraction)")
            logging(L, t.context) { d.update(fraction) }
            return 0
        }
    }

    private static let finish: LuaBinding = { L in
        let L = L!
        return binding(L) {
            try driver(L, "finish").1.finish(); return 0
        }
    }

    private static let cancel: LuaBinding = { L in
        let L = L!
        return binding(L) {
            try driver(L, "cancel").1.cancel(); return 0
        }
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
            logging(L, t.context) { d.drive(with: event, size: t.context.size, rule: t.context.interactionRule) }
            return 0
        }
    }
}

/// The curves `ctx.completionCurve` takes: `UIView.AnimationCurve`'s four.
enum CompletionCurve {
    static let all: [(name: String, easing: Easing)] = [("easeInOut", .easeInOut), ("easeIn", .easeIn), ("easeOut", .easeOut), ("linear", .linear)]

    static func easing(named name: String) throws -> Easing {
        guard let hit = all.first(where: { $0.name == name }) else {
            throw BindingError("ctx.completionCurve: expected \(all.map { "\"\($0.name)\"" }.joined(separator: ", ")), got '\(name)'")
        }
        return hit.easing
    }

    static func name(of easing: Easing) -> String { all.first { $0.easing == easing }?.name ?? "easeInOut" }
}

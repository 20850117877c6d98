import CLua
import AnimhostCore

/// `easing(spec)` and `spring{…}`: host timing objects plugins can evaluate and pass to `animate{}`.
enum TimingBinding {
    static let easingMeta = Metatable("animhost.easing")
    static let springMeta = Metatable("animhost.spring")

    static func install(in L: OpaquePointer) {
        Bindings.newMetatable(L, easingMeta, index: nil)
        LuaHost.setFunction(L, "__call", callEasing)
        ah_pop(L, 1)
        Bindings.newMetatable(L, springMeta, index: springIndex)
        ah_pop(L, 1)
        ah_pushglobaltable(L)
        LuaHost.setFunction(L, "easing", newEasing)
        LuaHost.setFunction(L, "spring", newSpring)
        ah_pop(L, 1)
    }

    static func easing(_ L: OpaquePointer, _ i: Int32) -> Easing? { userValue(L, i, easingMeta, as: Easing.self) }
    static func spring(_ L: OpaquePointer, _ i: Int32) -> Spring? { userValue(L, i, springMeta, as: Spring.self) }

    /// `easing`, its `linear()` points counted against the plugin's memory limit: they live in the
    /// host, outside Lua's allocator, for as long as the state or the animation holding them does.
    static func kept(_ easing: Easing, _ L: OpaquePointer) -> Easing {
        if case .piecewiseLinear(let curve) = easing { LuaHost.of(L).charge(curve.points.count * MemoryLayout<LinearEasing.Point>.stride) }
        return easing
    }

    private static let newEasing: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let spec = try checkString(L, 1, "easing")
            pushUserValue(L, try kept(Easing(spec: spec), L), easingMeta)
            return 1
        }
    }

    private static let callEasing: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let e = easing(L, 1)!
            lua_pushnumber(L, e.value(at: try checkNumber(L, 2, "easing(x)")))
            return 1
        }
    }

    static let springKeys = ["mass", "stiffness", "damping", "velocity", "dampingRatio", "response"]

    /// `{mass, stiffness, damping, velocity}` (Core Animation) or `{dampingRatio, response[, velocity]}` (SwiftUI).
    static func springFromTable(_ L: OpaquePointer, _ t: Int32, what: String) throws -> Spring {
        guard lua_type(L, t) == LUA_TTABLE else { throw BindingError("\(what): expected a table such as {dampingRatio = 0.8, response = 0.4}") }
        try rejectUnknownKeys(L, t, allowed: springKeys, in: what)
        func number(_ key: String) throws -> Double? {
            rawField(L, t, key)
            defer { ah_pop(L, 1) }
            return try optionalNumber(L, -1, "\(what).\(key)")
        }
        let velocity = try number("velocity") ?? 0
        if let ratio = try number("dampingRatio") {
            let response = try number("response") ?? 0.55
            guard ratio >= 0, response > 0 else { throw BindingError("\(what): dampingRatio must be ≥ 0 and response > 0") }
            return Spring(response: response, dampingRatio: ratio, initialVelocity: velocity)
        }
        let mass = try number("mass") ?? 1, stiffness = try number("stiffness") ?? 100, damping = try number("damping") ?? 10
        guard mass > 0, stiffness > 0, damping >= 0 else { throw BindingError("\(what): mass and stiffness must be > 0 and damping ≥ 0") }
        return Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }

    private static let newSpring: LuaBinding = { L in
        let L = L!
        return binding(L) {
            pushUserValue(L, try springFromTable(L, 1, what: "spring"), springMeta)
            return 1
        }
    }

    private static let springIndex: LuaBinding = { L in
        let L = L!
        let s = spring(L, 1)!
        switch LuaHost.string(L, 2) ?? "" {
        case "settlingDuration": lua_pushnumber(L, s.settlingDuration)
        case "mass": lua_pushnumber(L, s.mass)
        case "stiffness": lua_pushnumber(L, s.stiffness)
        case "damping": lua_pushnumber(L, s.damping)
        case "dampingRatio": lua_pushnumber(L, s.dampingRatio)
        case "velocity": lua_pushnumber(L, s.initialVelocity)
        case "value": LuaHost.push(L, springValue)
        case let key:
            LuaHost.push(L, "a spring has no field '\(key)' (it has value, settlingDuration, mass, stiffness, damping, dampingRatio, velocity)")
            return LuaHost.raise
        }
        return 1
    }

    private static let springValue: LuaBinding = { L in
        let L = L!
        return binding(L) {
            guard let s = spring(L, 1) else { throw BindingError("spring:value(t): call it with a colon") }
            lua_pushnumber(L, s.value(at: try checkNumber(L, 2, "spring:value(t)")))
            return 1
        }
    }
}

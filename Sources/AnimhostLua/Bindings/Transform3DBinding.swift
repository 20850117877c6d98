import CLua
import AnimhostCore

/// The immutable `transform3D` value (a ``Transform3D``, as `CATransform3D`) and its constructors:
/// `transform3D.identity`, `.perspective(d)`, `.rotate(angle, x, y, z)`, `.translate(x, y, z)`,
/// `.scale(x, y, z)`, `.new{16 numbers}`; `t1 * t2` applies `t1` first.
package enum Transform3DBinding {
    static let meta = Metatable("animhost.transform3D")

    static func install(in L: OpaquePointer) {
        Bindings.newMetatable(L, meta, index: index)
        LuaHost.setFunction(L, "__eq", equal)
        LuaHost.setFunction(L, "__tostring", toString)
        LuaHost.setFunction(L, "__mul", multiply)
        ah_pop(L, 1)
        ah_pushglobaltable(L)
        ah_newtable(L)
        LuaHost.setFunction(L, "perspective", perspective)
        LuaHost.setFunction(L, "rotate", rotate)
        LuaHost.setFunction(L, "translate", translate)
        LuaHost.setFunction(L, "scale", scale)
        LuaHost.setFunction(L, "new", new)
        push(L, .identity)
        lua_setfield(L, -2, "identity")
        lua_setfield(L, -2, "transform3D")
        ah_pop(L, 1)
    }

    static func value(_ L: OpaquePointer, _ i: Int32) -> Transform3D? { userValue(L, i, meta, as: Transform3D.self) }

    package static func push(_ L: OpaquePointer, _ t: Transform3D) { pushUserValue(L, t, meta) }

    static func check(_ L: OpaquePointer, _ i: Int32, _ what: @autoclosure () -> String) throws -> Transform3D {
        guard let t = value(L, i) else {
            throw BindingError(
                "\(what()): expected a transform3D (transform3D.rotate, .translate, .scale, .perspective, .new or .identity), got \(typeName(L, i))")
        }
        return t
    }

    /// `t` when every number in it stays within the host's bounds (a product of huge ones may not).
    private static func bounded(_ t: Transform3D, _ what: String) throws -> Transform3D {
        guard t.numbers.allSatisfy({ abs($0) <= Bounds.magnitude }) else {
            throw BindingError("\(what): a number of the result passes \(formatNumber(Bounds.magnitude))")
        }
        return t
    }

    // MARK: Constructors

    private static let perspective: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let d = try checkNumber(L, 1, "transform3D.perspective: distance")
            guard d > 0 else { throw BindingError("transform3D.perspective: the distance must be above 0, got \(formatNumber(d))") }
            push(L, .perspective(d))
            return 1
        }
    }
    private static let rotate: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let angle = try checkNumber(L, 1, "transform3D.rotate: radians")
            let axis = try (2...4).map { try checkNumber(L, Int32($0), "transform3D.rotate: axis \(["x", "y", "z"][$0 - 2])") }
            guard axis.contains(where: { $0 != 0 }) else { throw BindingError("transform3D.rotate: the axis (x, y, z) must not be (0, 0, 0)") }
            push(L, .rotation(angle, axis[0], axis[1], axis[2]))
            return 1
        }
    }
    private static let translate: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let x = try checkNumber(L, 1, "transform3D.translate: x"), y = try checkNumber(L, 2, "transform3D.translate: y")
            push(L, .translation(x, y, try optionalNumber(L, 3, "transform3D.translate: z") ?? 0))
            return 1
        }
    }
    private static let scale: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let x = try checkNumber(L, 1, "transform3D.scale: x")
            let y = try optionalNumber(L, 2, "transform3D.scale: y") ?? x
            push(L, .scale(x, y, try optionalNumber(L, 3, "transform3D.scale: z") ?? 1))
            return 1
        }
    }
    private static let new: LuaBinding = { L in
        let L = L!
        return binding(L) {
            guard lua_type(L, 1) == LUA_TTABLE, lua_rawlen(L, 1) == 16 else {
                throw BindingError("transform3D.new: expected a table of 16 numbers {m11, m12, …, m44}, got \(typeName(L, 1))")
            }
            var m: [Double] = []
            for i in 1...16 {
                lua_rawgeti(L, 1, lua_Integer(i))
                defer { ah_pop(L, 1) }
                m.append(try checkNumber(L, -1, "transform3D.new: m\((i - 1) / 4 + 1)\((i - 1) % 4 + 1)"))
            }
            push(L, Transform3D(m))
            return 1
        }
    }

    // MARK: Metamethods

    private static let multiply: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let a = try check(L, 1, "transform3D * transform3D"), b = try check(L, 2, "transform3D * transform3D")
            push(L, try bounded(a.concatenating(b), "transform3D * transform3D"))
            return 1
        }
    }

    private static let equal: LuaBinding = { L in
        let L = L!
        let same = value(L, 1).map { a in value(L, 2).map { a == $0 } ?? false } ?? false
        lua_pushboolean(L, same ? 1 : 0)
        return 1
    }

    private static let toString: LuaBinding = { L in
        let L = L!
        LuaHost.push(L, value(L, 1).map { "transform3D.new{\($0.numbers.map(formatNumber).joined(separator: ", "))}" } ?? "value")
        return 1
    }

    /// The names of the sixteen numbers, `m11` … `m44`.
    private static let names = (1...4).flatMap { r in (1...4).map { "m\(r)\($0)" } }

    private static let index: LuaBinding = { L in
        let L = L!
        let t = value(L, 1)!
        let key = LuaHost.string(L, 2) ?? ""
        if let i = names.firstIndex(of: key) {
            lua_pushnumber(L, t.numbers[i])
            return 1
        }
        switch key {
        case "inverted": LuaHost.push(L, inverted)
        case "isAffine": lua_pushboolean(L, t.isAffine ? 1 : 0)
        default:
            let hint = closestName(to: key, among: names + ["inverted", "isAffine"]).map { " (did you mean '\($0)'?)" } ?? ""
            LuaHost.push(L, "a transform3D has no field '\(key)'\(hint)")
            return LuaHost.raise
        }
        return 1
    }

    private static let inverted: LuaBinding = { L in
        let L = L!
        return binding(L) {
            guard let inv = try check(L, 1, "transform3D:inverted").inverted() else {
                throw BindingError("transform3D:inverted: the transform is singular (it flattens space to a plane, line or point)")
            }
            push(L, try bounded(inv, "transform3D:inverted"))
            return 1
        }
    }
}

import CLua
import AnimhostCore

/// The immutable values: `rect`, `point`, `size`, `color` and `transform`.
package enum ValueBinding {
    static let rectMeta = Metatable("animhost.rect")
    static let pointMeta = Metatable("animhost.point")
    static let sizeMeta = Metatable("animhost.size")
    static let colorMeta = Metatable("animhost.color")
    static let transformMeta = Metatable("animhost.transform")

    static func install(in L: OpaquePointer) {
        for (meta, index) in [
            (rectMeta, rectIndex), (pointMeta, pointIndex), (sizeMeta, sizeIndex),
            (colorMeta, colorIndex), (transformMeta, transformIndex)
        ] {
            Bindings.newMetatable(L, meta, index: index)
            LuaHost.setFunction(L, "__eq", equal)
            LuaHost.setFunction(L, "__tostring", toString)
            if meta.key == transformMeta.key { LuaHost.setFunction(L, "__mul", multiply) }
            ah_pop(L, 1)
        }
        ah_pushglobaltable(L)
        for (name, constructor, meta) in [
            ("rect", newRect, rectMeta), ("point", newPoint, pointMeta),
            ("size", newSize, sizeMeta), ("color", newColor, colorMeta)
        ] {
            lua_rawgetp(L, ah_registryindex(), meta.key)  // upvalue 2 (after the trampoline's): the type's metatable
            LuaHost.push(L, constructor, upvalues: 1)
            lua_setfield(L, -2, name)
        }
        ah_newtable(L)
        LuaHost.setFunction(L, "scale", scale)
        LuaHost.setFunction(L, "translate", translate)
        LuaHost.setFunction(L, "rotate", rotate)
        LuaHost.setFunction(L, "new", newTransform)
        pushUserValue(L, Transform2D.identity, transformMeta)
        lua_setfield(L, -2, "identity")
        lua_setfield(L, -2, "transform")
        ah_pop(L, 1)
    }

    // MARK: Reading and pushing

    static func rect(_ L: OpaquePointer, _ i: Int32) -> Rect? { userValue(L, i, rectMeta, as: Rect.self) }
    static func point(_ L: OpaquePointer, _ i: Int32) -> Point? { userValue(L, i, pointMeta, as: Point.self) }
    static func size(_ L: OpaquePointer, _ i: Int32) -> Size? { userValue(L, i, sizeMeta, as: Size.self) }
    static func transform(_ L: OpaquePointer, _ i: Int32) -> Transform2D? { userValue(L, i, transformMeta, as: Transform2D.self) }

    /// A colour from a `color` value or a `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` string.
    static func color(_ L: OpaquePointer, _ i: Int32) -> Color? {
        if let c = userValue(L, i, colorMeta, as: Color.self) { return c }
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var count = 0
        guard let text = ah_tostring(L, i, &count) else { return nil }
        return text.withMemoryRebound(to: UInt8.self, capacity: count) { Color(hexUTF8: UnsafeBufferPointer(start: $0, count: count)) }
    }

    package static func push(_ L: OpaquePointer, _ r: Rect) { pushUserValue(L, r, rectMeta) }
    package static func push(_ L: OpaquePointer, _ p: Point) { pushUserValue(L, p, pointMeta) }
    package static func push(_ L: OpaquePointer, _ s: Size) { pushUserValue(L, s, sizeMeta) }
    package static func push(_ L: OpaquePointer, _ c: Color) { pushUserValue(L, c, colorMeta) }
    package static func push(_ L: OpaquePointer, _ t: Transform2D) { pushUserValue(L, t, transformMeta) }

    static func checkRect(_ L: OpaquePointer, _ i: Int32, _ what: @autoclosure () -> String) throws -> Rect {
        guard let r = rect(L, i) else { throw BindingError("\(what()): expected a rect (make one with rect(x, y, width, height)), got \(typeName(L, i))") }
        return r
    }
    static func checkPoint(_ L: OpaquePointer, _ i: Int32, _ what: @autoclosure () -> String) throws -> Point {
        guard let p = point(L, i) else { throw BindingError("\(what()): expected a point (make one with point(x, y)), got \(typeName(L, i))") }
        return p
    }
    static func checkSize(_ L: OpaquePointer, _ i: Int32, _ what: @autoclosure () -> String) throws -> Size {
        if let s = size(L, i) { return s }
        if let p = point(L, i) { return Size(width: p.x, height: p.y) }
        throw BindingError("\(what()): expected a size (make one with size(width, height)), got \(typeName(L, i))")
    }
    static func checkColor(_ L: OpaquePointer, _ i: Int32, _ what: @autoclosure () -> String) throws -> Color {
        if let c = color(L, i) { return c }
        if let s = LuaHost.string(L, i) { throw BindingError("\(what()): '\(s)' is not a colour (expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA)") }
        throw BindingError("\(what()): expected a color (make one with color(\"#RRGGBB\")), got \(typeName(L, i))")
    }
    static func checkTransform(_ L: OpaquePointer, _ i: Int32, _ what: @autoclosure () -> String) throws -> Transform2D {
        guard let t = transform(L, i) else { throw BindingError("\(what()): expected a transform (transform.scale, .translate, .rotate or .identity), got \(typeName(L, i))") }
        return t
    }

    // MARK: Constructors

    private static let newRect: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let r = Rect(
                x: try checkNumber(L, 1, "rect: x"), y: try checkNumber(L, 2, "rect: y"),
                width: try checkNumber(L, 3, "rect: width"), height: try checkNumber(L, 4, "rect: height"))
            pushUserValue(L, r, rectMeta, metatable: ah_upvalueindex(2))
            return 1
        }
    }
    private static let newPoint: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let p = Point(x: try checkNumber(L, 1, "point: x"), y: try checkNumber(L, 2, "point: y"))
            pushUserValue(L, p, pointMeta, metatable: ah_upvalueindex(2))
            return 1
        }
    }
    private static let newSize: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let s = Size(width: try checkNumber(L, 1, "size: width"), height: try checkNumber(L, 2, "size: height"))
            pushUserValue(L, s, sizeMeta, metatable: ah_upvalueindex(2))
            return 1
        }
    }
    private static let newColor: LuaBinding = { L in
        let L = L!
        return binding(L) {
            if lua_type(L, 1) == LUA_TNUMBER {
                let c = Color(
                    r: try checkNumber(L, 1, "color: r"), g: try checkNumber(L, 2, "color: g"),
                    b: try checkNumber(L, 3, "color: b"), a: try optionalNumber(L, 4, "color: a") ?? 1)
                pushUserValue(L, c, colorMeta, metatable: ah_upvalueindex(2))
            } else {
                pushUserValue(L, try checkColor(L, 1, "color"), colorMeta, metatable: ah_upvalueindex(2))
            }
            return 1
        }
    }
    private static let scale: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let sx = try checkNumber(L, 1, "transform.scale: sx")
            push(L, Transform2D.scale(sx, try optionalNumber(L, 2, "transform.scale: sy") ?? sx))
            return 1
        }
    }
    private static let translate: LuaBinding = { L in
        let L = L!
        return binding(L) {
            push(L, Transform2D.translation(try checkNumber(L, 1, "transform.translate: x"), try checkNumber(L, 2, "transform.translate: y")))
            return 1
        }
    }
    private static let rotate: LuaBinding = { L in
        let L = L!
        return binding(L) {
            push(L, Transform2D.rotation(try checkNumber(L, 1, "transform.rotate: radians")))
            return 1
        }
    }
    private static let newTransform: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let names = ["a", "b", "c", "d", "tx", "ty"]
            let v = try (0..<6).map { try checkNumber(L, Int32($0 + 1), "transform.new: \(names[$0])") }
            push(L, Transform2D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
            return 1
        }
    }

    // MARK: Metamethods

    private static let multiply: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let a = try checkTransform(L, 1, "transform * transform")
            let b = try checkTransform(L, 2, "transform * transform")
            push(L, a.concatenating(b))
            return 1
        }
    }

    private static let equal: LuaBinding = { L in
        let L = L!
        let same: Bool
        if let a = rect(L, 1), let b = rect(L, 2) {
            same = a == b
        } else if let a = point(L, 1), let b = point(L, 2) {
            same = a == b
        } else if let a = size(L, 1), let b = size(L, 2) {
            same = a == b
        } else if let a = userValue(L, 1, colorMeta, as: Color.self), let b = userValue(L, 2, colorMeta, as: Color.self) {
            same = a == b
        } else if let a = transform(L, 1), let b = transform(L, 2) {
            same = a == b
        } else {
            same = false
        }
        lua_pushboolean(L, same ? 1 : 0)
        return 1
    }

    private static let toString: LuaBinding = { L in
        let L = L!
        let n = { (v: Double) in formatNumber(v) }
        let text: String
        if let r = rect(L, 1) {
            text = "rect(\(n(r.x)), \(n(r.y)), \(n(r.width)), \(n(r.height)))"
        } else if let p = point(L, 1) {
            text = "point(\(n(p.x)), \(n(p.y)))"
        } else if let s = size(L, 1) {
            text = "size(\(n(s.width)), \(n(s.height)))"
        } else if let c = userValue(L, 1, colorMeta, as: Color.self) {
            text = "color(\"\(c.hexString)\")"
        } else if let t = transform(L, 1) {
            text = "transform.new(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(n).joined(separator: ", ")))"
        } else {
            text = "value"
        }
        LuaHost.push(L, text)
        return 1
    }

    // MARK: Fields

    private static func field(_ L: OpaquePointer, _ kind: String, _ value: [String: () -> Void]) -> Int32 {
        let key = LuaHost.string(L, 2) ?? ""
        guard let push = value[key] else {
            let hint = closestName(to: key, among: Array(value.keys)).map { " (did you mean '\($0)'?)" } ?? ""
            LuaHost.push(L, "a \(kind) has no field '\(key)'\(hint)")
            return LuaHost.raise
        }
        push()
        return 1
    }

    private static let rectIndex: LuaBinding = { L in
        let L = L!
        let r = rect(L, 1)!
        return field(
            L, "rect",
            [
                "x": { lua_pushnumber(L, r.x) }, "y": { lua_pushnumber(L, r.y) },
                "width": { lua_pushnumber(L, r.width) }, "height": { lua_pushnumber(L, r.height) },
                "minX": { lua_pushnumber(L, r.minX) }, "minY": { lua_pushnumber(L, r.minY) },
                "midX": { lua_pushnumber(L, r.midX) }, "midY": { lua_pushnumber(L, r.midY) },
                "maxX": { lua_pushnumber(L, r.maxX) }, "maxY": { lua_pushnumber(L, r.maxY) },
                "origin": { push(L, r.origin) }, "size": { push(L, r.size) }, "center": { push(L, r.center) }
            ])
    }
    private static let pointIndex: LuaBinding = { L in
        let L = L!
        let p = point(L, 1)!
        return field(L, "point", ["x": { lua_pushnumber(L, p.x) }, "y": { lua_pushnumber(L, p.y) }])
    }
    private static let sizeIndex: LuaBinding = { L in
        let L = L!
        let s = size(L, 1)!
        return field(L, "size", ["width": { lua_pushnumber(L, s.width) }, "height": { lua_pushnumber(L, s.height) }])
    }
    private static let colorIndex: LuaBinding = { L in
        let L = L!
        let c = userValue(L, 1, colorMeta, as: Color.self)!
        return field(
            L, "color",
            [
                "r": { lua_pushnumber(L, c.r) }, "g": { lua_pushnumber(L, c.g) },
                "b": { lua_pushnumber(L, c.b) }, "a": { lua_pushnumber(L, c.a) },
                "hex": { LuaHost.push(L, c.hexString) },
                "withAlpha": { LuaHost.push(L, withAlpha) }
            ])
    }
    private static let withAlpha: LuaBinding = { L in
        let L = L!
        return binding(L) {
            var c = try checkColor(L, 1, "color:withAlpha")
            c.a = min(max(try checkNumber(L, 2, "color:withAlpha: alpha"), 0), 1)
            push(L, c)
            return 1
        }
    }
    private static let transformIndex: LuaBinding = { L in
        let L = L!
        let t = transform(L, 1)!
        return field(
            L, "transform",
            [
                "a": { lua_pushnumber(L, t.a) }, "b": { lua_pushnumber(L, t.b) }, "c": { lua_pushnumber(L, t.c) },
                "d": { lua_pushnumber(L, t.d) }, "tx": { lua_pushnumber(L, t.tx) }, "ty": { lua_pushnumber(L, t.ty) },
                "inverted": { LuaHost.push(L, inverted) }
            ])
    }
    private static let inverted: LuaBinding = { L in
        let L = L!
        return binding(L) {
            guard let inv = try checkTransform(L, 1, "transform:inverted").inverted() else {
                throw BindingError("transform:inverted: the transform is singular (it flattens to a line or point)")
            }
            push(L, inv)
            return 1
        }
    }
}

import CLua
import AnimhostCore

/// The lists of a node's gradient in Lua: `gradient.colors` as an array of colours and
/// `gradient.locations` as an array of numbers, each at most ``Bounds/gradientStops`` long.
enum GradientBinding {
    /// Pushes the colours as a new array.
    static func push(_ L: OpaquePointer, _ colors: [Color]) {
        lua_createtable(L, Int32(colors.count), 0)
        for (i, c) in colors.enumerated() {
            ValueBinding.push(L, c)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// Pushes the numbers as a new array.
    static func push(_ L: OpaquePointer, _ numbers: [Double]) {
        lua_createtable(L, Int32(numbers.count), 0)
        for (i, n) in numbers.enumerated() {
            lua_pushnumber(L, n)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// Reads an array of colours (nil: none).
    static func checkColors(_ L: OpaquePointer, _ i: Int32, _ what: String) throws -> [Color] {
        try list(L, i, what, example: "{ color(\"#FF0000\"), color(\"#0000FF\") }") { try ValueBinding.checkColor(L, -1, $0) }
    }

    /// Reads an array of numbers (nil: none), each clamped into `range`.
    static func checkNumbers(_ L: OpaquePointer, _ i: Int32, _ what: String, range: NumberRange) throws -> [Double] {
        try list(L, i, what, example: "{ 0, 0.25, 1 }") { min(max(try checkNumber(L, -1, $0), range.min), range.max) }
    }

    /// Reads the array at `i` item by item, each pushed on top for `item` (given its name for messages).
    private static func list<T>(_ L: OpaquePointer, _ i: Int32, _ what: String, example: String, _ item: (String) throws -> T) throws -> [T] {
        if ah_isnoneornil(L, i) != 0 { return [] }
        guard lua_type(L, i) == LUA_TTABLE else { throw BindingError("\(what): expected an array such as \(example), got \(typeName(L, i))") }
        let count = Int(lua_rawlen(L, i))
        guard count <= Bounds.gradientStops else {
            throw BindingError("\(what): \(count) items, past the \(Bounds.gradientStops) a gradient may have")
        }
        let table = lua_absindex(L, i)
        var out: [T] = []
        out.reserveCapacity(count)
        for k in stride(from: 1, through: count, by: 1) {
            lua_rawgeti(L, table, lua_Integer(k))
            defer { ah_pop(L, 1) }
            out.append(try item("\(what)[\(k)]"))
        }
        LuaHost.of(L).charge(count * MemoryLayout<T>.stride)  // the node keeps the list out of line
        return out
    }
}

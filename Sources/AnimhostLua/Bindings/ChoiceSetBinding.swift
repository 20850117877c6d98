import CLua
import AnimhostCore

/// A set of names among a property's choices in Lua (`node.maskedCorners = { "minXMinY", "maxXMinY" }`):
/// an array of strings, each at most once.
package enum ChoiceSetBinding {
    /// Pushes `names` as an array of strings.
    package static func push(_ L: OpaquePointer, _ names: [String]) {
        lua_createtable(L, Int32(names.count), 0)
        for (i, name) in names.enumerated() {
            LuaHost.push(L, name)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// Reads an array of distinct names among `choices`, returned in the choices' order; an unknown
    /// name is refused naming the choices.
    static func check(_ L: OpaquePointer, _ i: Int32, _ choices: [String], _ what: String) throws -> [String] {
        let example = "{ " + choices.prefix(2).map { "\"\($0)\"" }.joined(separator: ", ") + " }"
        guard lua_type(L, i) == LUA_TTABLE else {
            throw BindingError("\(what): expected an array of names such as \(example), got \(typeName(L, i))")
        }
        let count = Int(lua_rawlen(L, i))
        guard count <= choices.count else { throw BindingError("\(what): at most \(choices.count) names, each once") }
        if let key = unknownKeys(L, i, allowed: []).first {
            throw BindingError("\(what): expected an array of names such as \(example), got a table with the key '\(key)'")
        }
        guard keyCount(L, i) == count else { throw BindingError("\(what): expected an array of names such as \(example), with no gaps") }
        var seen: [String] = []
        for k in stride(from: 1, through: count, by: 1) {
            lua_rawgeti(L, i, lua_Integer(k))
            defer { ah_pop(L, 1) }
            let name = try checkString(L, -1, "\(what)[\(k)]")
            guard choices.contains(name) else {
                throw BindingError("\(what)[\(k)]: expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), got '\(name)'")
            }
            guard !seen.contains(name) else { throw BindingError("\(what)[\(k)]: '\(name)' is named twice") }
            seen.append(name)
        }
        return choices.filter(seen.contains)
    }

    /// How many keys the table at `i` has (raw traversal).
    private static func keyCount(_ L: OpaquePointer, _ i: Int32) -> Int {
        let t = lua_absindex(L, i)
        var n = 0
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            n += 1
            ah_pop(L, 1)
        }
        return n
    }
}

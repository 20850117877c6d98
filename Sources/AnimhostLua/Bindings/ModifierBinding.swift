import CLua
import AnimhostCore

/// Hero's modifiers in Lua: `node.modifiers` as an array of strings, and the parsed form the
/// shared-element library reads (`{ name = "scale", 0.8, 0.8 }`).
enum ModifierBinding {
    /// Pushes the modifiers as their canonical strings.
    static func pushStrings(_ L: OpaquePointer, _ modifiers: [Modifier]) {
        lua_createtable(L, Int32(modifiers.count), 0)
        for (i, m) in modifiers.enumerated() {
            LuaHost.push(L, m.description)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// Reads an array of modifier strings (nil: none); an unknown one names the closest modifier.
    static func check(_ L: OpaquePointer, _ i: Int32, _ what: String) throws -> [Modifier] {
        if ah_isnoneornil(L, i) != 0 { return [] }
        guard lua_type(L, i) == LUA_TTABLE else {
            throw BindingError("\(what): expected an array of strings such as { \"fade\", \"scale(0.8)\" }, got \(typeName(L, i))")
        }
        let count = Int(lua_rawlen(L, i))
        guard count <= 1000 else { throw BindingError("\(what): at most 1000 modifiers") }
        var out: [Modifier] = []
        for k in stride(from: 1, through: count, by: 1) {
            lua_rawgeti(L, i, lua_Integer(k))
            defer { ah_pop(L, 1) }
            let text = try checkName(L, -1, "\(what)[\(k)]")
            do { out.append(try Modifier(parsing: text)) } catch let e as ModifierError {
                throw BindingError("\(what)[\(k)]: \(e.description)")
            }
        }
        return out
    }

    /// Pushes the parsed modifiers: one table per modifier, its name under `name` and its arguments
    /// (numbers, strings, nested modifier tables) as the array part.
    static func pushParsed(_ L: OpaquePointer, _ modifiers: [Modifier]) {
        lua_createtable(L, Int32(modifiers.count), 0)
        for (i, m) in modifiers.enumerated() {
            let args = m.arguments
            lua_createtable(L, Int32(args.count), 1)
            LuaHost.push(L, m.name)
            lua_setfield(L, -2, "name")
            for (j, arg) in args.enumerated() {
                switch arg {
                case .number(let n): lua_pushnumber(L, n)
                case .string(let s): LuaHost.push(L, s)
                case .modifier(let inner): pushParsed(L, [inner]); lua_rawgeti(L, -1, 1); ah_remove(L, -2)
                }
                lua_rawseti(L, -2, lua_Integer(j + 1))
            }
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// `parsedModifiers(node)`: the node's modifiers, parsed; handed to the shared-element library only.
    static let parsed: LuaBinding = { L in
        let L = L!
        return binding(L) {
            pushParsed(L, try NodeBinding.checkNode(L, 1, "modifiers(node)").model.modifiers)
            return 1
        }
    }
}

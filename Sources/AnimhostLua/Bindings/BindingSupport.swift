import Foundation
import CLua
import AnimhostCore

/// A mistake in how plugin code called a binding; raised in Lua at the caller's line.
package struct BindingError: Error, CustomStringConvertible {
    package let description: String
    package init(_ message: String) { description = message }
}

/// Runs a binding's body, turning Swift errors into a pushed message and the code the trampoline raises.
@inline(__always)
package func binding(_ L: OpaquePointer, _ body: () throws -> Int32) -> Int32 {
    do {
        return try body()
    } catch let failure as NestedFailure {
        LuaHost.push(L, failure.error.headline)
        return LuaHost.reraise
    } catch let error as PluginError {
        LuaHost.push(L, error.headline)
        return LuaHost.reraise
    } catch {
        LuaHost.push(L, plainDescription(error))
        return LuaHost.raise
    }
}

/// An error as a plugin may read it: Foundation's errors by their sentence, never by their domain and
/// code (`NSCocoaErrorDomain`, user info); the host's own errors by their description.
func plainDescription(_ error: Error) -> String {
    let ns = error as NSError
    return ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain ? ns.localizedDescription : "\(error)"
}

/// Installs every bound type into a fresh state.
enum Bindings {
    static func install(in L: OpaquePointer) {
        ValueBinding.install(in: L)
        PathBinding.install(in: L)
        Transform3DBinding.install(in: L)
        TimingBinding.install(in: L)
        NodeBinding.install(in: L)
        AnimateBinding.install(in: L)
        ContextBinding.install(in: L)
    }

    /// Creates metatable `meta` with `__index`/`__metatable` and leaves it on the stack.
    static func newMetatable(_ L: OpaquePointer, _ meta: Metatable, index: LuaBinding?) {
        luaL_newmetatable(L, UnsafeRawPointer(meta.name.utf8Start).assumingMemoryBound(to: CChar.self))
        lua_pushvalue(L, -1)
        lua_rawsetp(L, ah_registryindex(), meta.key)
        if let index {
            LuaHost.push(L, index)
            lua_setfield(L, -2, "__index")
        }
        LuaHost.push(L, "locked")
        lua_setfield(L, -2, "__metatable")
    }
}

// MARK: Read-only tables

extension Bindings {
    /// Replaces the table on top of the stack with a read-only view of it: an empty table that
    /// reads through to it (`pairs` included) and whose every write, `rawset` too, raises `message`.
    static func makeReadOnly(_ L: OpaquePointer, message: String) {
        let fields = lua_gettop(L)
        ah_newtable(L)
        lua_createtable(L, 0, 4)
        lua_pushvalue(L, fields); lua_setfield(L, -2, "__index")
        LuaHost.push(L, message); LuaHost.push(L, rejectWrite, upvalues: 1); lua_setfield(L, -2, "__newindex")
        lua_pushvalue(L, fields); LuaHost.push(L, pairsOfFields, upvalues: 1); lua_setfield(L, -2, "__pairs")
        LuaHost.push(L, "locked"); lua_setfield(L, -2, "__metatable")
        lua_setmetatable(L, -2)
        Sandbox.seal(L, -1, message: message)
        ah_remove(L, fields)
    }

    /// `__newindex` of a read-only view: raises its message (the first upvalue after the binding's own).
    private static let rejectWrite: LuaBinding = { L in
        let L = L!
        lua_pushvalue(L, ah_upvalueindex(2))
        return LuaHost.raise
    }

    /// `__pairs` of a read-only view: Lua's `next` over a copy of the fields it reads through to
    /// (handing out the fields themselves would let the plugin write to them).
    private static let pairsOfFields: LuaBinding = { L in
        let L = L!
        Sandbox.pushNext(L)
        ah_newtable(L)
        let copy = lua_gettop(L), fields = ah_upvalueindex(2)
        lua_pushnil(L)
        while lua_next(L, fields) != 0 {
            lua_pushvalue(L, -2)
            lua_pushvalue(L, -2)
            lua_rawset(L, copy)
            ah_pop(L, 1)
        }
        lua_pushnil(L)
        return 3
    }
}

// MARK: Reading arguments

/// Lua's name of the value's type at `index`, as messages show it.
func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
    let type = lua_type(L, index)
    if type == LUA_TUSERDATA || type == LUA_TLIGHTUSERDATA, lua_getmetatable(L, index) != 0 {
        lua_pushstring(L, "__name")
        lua_rawget(L, -2)
        let name = LuaHost.string(L, -1)
        ah_pop(L, 2)
        if let name { return name.replacingOccurrences(of: "animhost.", with: "") }
    }
    return String(cString: lua_typename(L, lua_type(L, index)))
}

/// A number within ±``Bounds/magnitude`` at `index`, or an error naming `what`: no value a plugin
/// passes can be too large for the arithmetic after it. Inlined: bindings read several numbers
/// per call (a `rect` four), and the check is a few instructions beside the call it would cost.
@inline(__always)
package func checkNumber(_ L: OpaquePointer, _ index: Int32, _ what: @autoclosure () -> String) throws -> Double {
    if lua_type(L, index) == LUA_TNUMBER {
        let n = lua_tonumberx(L, index, nil)
        if abs(n) <= Bounds.magnitude { return n }
    }
    throw notANumber(L, index, what())
}

/// Why the value at `index` is not a number in range.
@inline(never)
private func notANumber(_ L: OpaquePointer, _ index: Int32, _ what: String) -> BindingError {
    guard lua_type(L, index) == LUA_TNUMBER else { return BindingError("\(what): expected a number, got \(typeName(L, index))") }
    let n = lua_tonumberx(L, index, nil)
    guard n.isFinite else { return BindingError("\(what): expected a finite number, got \(n.isNaN ? "nan" : "\(n)")") }
    return BindingError("\(what): \(LuaHost.string(L, index) ?? "\(n)") is out of range (at most ±1e9)")
}

package func optionalNumber(_ L: OpaquePointer, _ index: Int32, _ what: @autoclosure () -> String) throws -> Double? {
    ah_isnoneornil(L, index) != 0 ? nil : try checkNumber(L, index, what())
}

package func checkString(_ L: OpaquePointer, _ index: Int32, _ what: @autoclosure () -> String) throws -> String {
    guard let s = LuaHost.string(L, index) else { throw BindingError("\(what()): expected a string, got \(typeName(L, index))") }
    return s
}

/// A string the host keeps for the plugin (an id, a tag, an image name): at most ``Bounds/nameBytes``,
/// and counted against the state's memory limit (see ``keptString(_:_:_:)``).
func checkName(_ L: OpaquePointer, _ index: Int32, _ what: @autoclosure () -> String) throws -> String {
    let s = try checkString(L, index, what())
    if let problem = Bounds.nameProblem(s) { throw BindingError("\(what()): \(problem)") }
    LuaHost.of(L).charge(s.utf8.count)
    return s
}

/// A string the host keeps for the plugin (a node's text), counted at its length against the state's
/// memory limit, as nodes are: the copy lives in the host, outside Lua's allocator, until the state closes.
package func keptString(_ L: OpaquePointer, _ index: Int32, _ what: @autoclosure () -> String) throws -> String {
    let s = try checkString(L, index, what())
    LuaHost.of(L).charge(s.utf8.count)
    return s
}

package func checkBool(_ L: OpaquePointer, _ index: Int32, _ what: @autoclosure () -> String) throws -> Bool {
    guard lua_type(L, index) == LUA_TBOOLEAN else { throw BindingError("\(what()): expected true or false, got \(typeName(L, index))") }
    return lua_toboolean(L, index) != 0
}

/// Reads `table[key]` without metamethods (plugins' tables may carry hostile ones) and pushes it.
@discardableResult
package func rawField(_ L: OpaquePointer, _ table: Int32, _ key: String) -> Int32 {
    let t = lua_absindex(L, table)
    LuaHost.push(L, key)
    return lua_rawget(L, t)
}

/// The string keys of the table at `index` that are not in `allowed`, sorted (raw traversal).
func unknownKeys(_ L: OpaquePointer, _ index: Int32, allowed: Set<String>) -> [String] {
    let t = lua_absindex(L, index)
    var unknown: [String] = []
    lua_pushnil(L)
    while lua_next(L, t) != 0 {
        if lua_type(L, -2) == LUA_TSTRING, let k = LuaHost.string(L, -2), !allowed.contains(k) { unknown.append(k) }
        ah_pop(L, 1)
    }
    return unknown.sorted()
}

/// Throws for the first key of a table of options that the binding does not know.
package func rejectUnknownKeys(_ L: OpaquePointer, _ index: Int32, allowed: [String], in what: String) throws {
    if let key = unknownKeys(L, index, allowed: Set(allowed)).first {
        let hint = closestName(to: key, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
        throw BindingError("\(what): unknown field '\(key)'\(hint)")
    }
}

/// A bound type's metatable, found in the registry by the address of its key (no string lookups).
/// The same address tags every value of the type (see ``pushUserValue(_:_:_:metatable:)``).
struct Metatable: @unchecked Sendable {  // the key is never written through: only its address is used
    let name: StaticString
    let key: UnsafeMutableRawPointer

    init(_ name: StaticString) {
        self.name = name
        key = .allocate(byteCount: 1, alignment: 1)  // lives as long as the program: only its address matters
    }

    /// Sets this metatable on the value on top of the stack.
    @inline(__always)
    func set(_ L: OpaquePointer) {
        lua_rawgetp(L, ah_registryindex(), key)
        lua_setmetatable(L, -2)
    }
}

/// A user value's block starts with its type's tag (its ``Metatable/key``), then the value. Lua code
/// cannot write into a block, so one comparison of the tag tells the type.
private let tagSize = MemoryLayout<UnsafeRawPointer>.stride

/// Pushes a Swift value as userdata of type `meta`; values are plain data, copied in. `metatable`
/// is the stack index of the type's metatable when the caller has it at hand (an upvalue).
func pushUserValue<T>(_ L: OpaquePointer, _ value: T, _ meta: Metatable, metatable: Int32? = nil) {
    assert(MemoryLayout<T>.alignment <= tagSize, "a user value must not need more alignment than its tag")
    let block = ah_newuserdata(L, tagSize + MemoryLayout<T>.stride)!
    block.storeBytes(of: UnsafeRawPointer(meta.key), as: UnsafeRawPointer.self)
    (block + tagSize).bindMemory(to: T.self, capacity: 1).initialize(to: value)
    if let metatable {
        lua_pushvalue(L, metatable)
        lua_setmetatable(L, -2)
    } else {
        meta.set(L)
    }
}

/// The value of userdata of type `meta` at `index`, or nil.
@inline(__always)
func userValue<T>(_ L: OpaquePointer, _ index: Int32, _ meta: Metatable, as: T.Type) -> T? {
    guard lua_type(L, index) == LUA_TUSERDATA, let block = lua_touserdata(L, index),
        block.load(as: UnsafeRawPointer.self) == UnsafeRawPointer(meta.key)
    else { return nil }
    return (block + tagSize).load(as: T.self)
}

import CLua
import AnimhostCore

/// `path.new(data)`, `path.ellipse(rect)` and `path.rect(rect[, radius])`: paths as strings of SVG
/// path data (``ShapePath``), which `shape.path`, `mask` and `shadowPath` take. Each builds in Swift,
/// reading no global a plugin could replace.
enum PathBinding {
    static func install(in L: OpaquePointer) {
        ah_pushglobaltable(L)
        ah_newtable(L)
        LuaHost.setFunction(L, "new", newPath)
        LuaHost.setFunction(L, "ellipse", ellipse)
        LuaHost.setFunction(L, "rect", rect)
        lua_setfield(L, -2, "path")
        ah_pop(L, 1)
    }

    /// The path the SVG path data at `v` describes, or an error naming the character at fault. A path
    /// the host `kept` for a node is charged against the plugin's memory limit at what its elements
    /// take, which may be many times the text's bytes (`h1 1 1…` is two bytes an element).
    static func check(_ L: OpaquePointer, _ v: Int32, _ what: @autoclosure () -> String, kept: Bool = false) throws -> ShapePath {
        guard lua_type(L, v) == LUA_TSTRING else { throw BindingError("\(what()): expected SVG path data as a string, got \(typeName(L, v))") }
        let data = try checkString(L, v, what())
        let path: ShapePath
        do throws(ShapePathError) { path = try ShapePath(svg: data) } catch { throw BindingError("\(what()): \(error.description)") }
        if kept { LuaHost.of(L).charge(path.heldBytes) }
        return path
    }

    /// `path.new(data)`: the data checked and written in normal form (absolute `M`, `L`, `C`, `Z`).
    private static let newPath: LuaBinding = { L in
        let L = L!
        return binding(L) {
            LuaHost.push(L, try check(L, 1, "path.new(data)").svg)
            return 1
        }
    }

    /// `path.ellipse(rect)`: the ellipse inscribed in the rectangle, four cubic quarters.
    private static let ellipse: LuaBinding = { L in
        let L = L!
        return binding(L) {
            LuaHost.push(L, ShapePath.ellipse(in: try ValueBinding.checkRect(L, 1, "path.ellipse(rect)")).svg)
            return 1
        }
    }

    /// `path.rect(rect[, radius])`: the rectangle with rounded corners, four lines and four corners.
    private static let rect: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let r = try ValueBinding.checkRect(L, 1, "path.rect(rect, radius)")
            let radius = try optionalNumber(L, 2, "path.rect(rect, radius): radius") ?? 0
            LuaHost.push(L, ShapePath.rect(r, radius: radius).svg)
            return 1
        }
    }
}

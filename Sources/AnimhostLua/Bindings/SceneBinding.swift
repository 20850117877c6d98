import CLua
import AnimhostCore

/// The two scenes as plugins see them: `{ name, view, size, overlay, delegate }`. The delegate is the
/// scene's script when it names one (its table, with `view` set to the scene's root, like a screen's
/// view controller), else answers from the scene file (like `ZoomAnimatorDelegate`); either way the
/// hooks are logged in the run's calls and missing methods fall back to the scene file's answers.
enum SceneBinding {
    static let delegateMethods = ["referenceNode", "referenceFrame", "backgroundColor", "willBegin", "didEnd", "didCancel"]
    private static let hooks: Set<String> = ["willBegin", "didEnd", "didCancel"]

    /// Pushes the table for `scene`; `side` is "from" or "to", `serial` the transition's, `script` a
    /// registry reference to the table the scene's delegate script returned.
    static func push(_ L: OpaquePointer, _ scene: Scene, side: String, serial: Int, script: Int32? = nil) throws {
        lua_createtable(L, 0, 5)
        LuaHost.push(L, scene.name); lua_setfield(L, -2, "name")
        NodeBinding.push(L, scene.root); lua_setfield(L, -2, "view")
        ValueBinding.push(L, scene.size); lua_setfield(L, -2, "size")
        lua_pushboolean(L, scene.isOverlay ? 1 : 0); lua_setfield(L, -2, "overlay")
        if let script {
            try pushScripted(L, scene, side: side, serial: serial, script: script)
        } else {
            lua_createtable(L, 0, Int32(delegateMethods.count))
            pushMethods(L, side: side, serial: serial, script: nil)
            Bindings.makeReadOnly(L, message: "a scene's delegate is read-only")
        }
        lua_setfield(L, -2, "delegate")
        Bindings.makeReadOnly(L, message: "ctx.\(side) is read-only (set values on its nodes, such as ctx.\(side).view)")
    }

    /// Sets the delegate methods in the table on top: each calls the script's own method of that name
    /// when `script` (the index of its table) has one, else answers from the scene file.
    private static func pushMethods(_ L: OpaquePointer, side: String, serial: Int, script: Int32?) {
        for name in delegateMethods {
            LuaHost.push(L, side)
            LuaHost.push(L, name)
            lua_pushinteger(L, lua_Integer(serial))
            if let script, rawField(L, script, name) == LUA_TFUNCTION {
                lua_pushnil(L); lua_setfield(L, script, name)  // reached through the dispatcher, which logs hooks
            } else if script != nil {
                ah_pop(L, 1); lua_pushnil(L)
            } else {
                lua_pushnil(L)
            }
            LuaHost.push(L, dispatch, upvalues: 4)
            lua_setfield(L, -2, name)
        }
    }

    /// Pushes the script's table as the delegate: `view` set to the scene's root, and the delegate
    /// methods it lacks answered from the scene file (through its metatable).
    private static func pushScripted(_ L: OpaquePointer, _ scene: Scene, side: String, serial: Int, script: Int32) throws {
        let host = LuaHost.of(L)
        host.pushRef(script)
        let table = lua_gettop(L)
        if lua_getmetatable(L, table) != 0 {
            ah_pop(L, 2)
            throw PluginError(file: scene.delegate.map(displayPath) ?? scene.name, message: "a delegate's table must not have a metatable (the host gives it one, for the methods it lacks)")
        }
        NodeBinding.push(L, scene.root); lua_setfield(L, table, "view")
        lua_createtable(L, 0, 2)
        lua_createtable(L, 0, Int32(delegateMethods.count))
        pushMethods(L, side: side, serial: serial, script: table)
        lua_setfield(L, -2, "__index")
        LuaHost.push(L, "locked"); lua_setfield(L, -2, "__metatable")  // the host's, like every host metatable
        lua_setmetatable(L, table)
    }

    /// A delegate method: logs the hooks, then runs the script's method (the fifth upvalue) with every
    /// argument when there is one, else the scene file's answer.
    private static let dispatch: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let (ctx, scene, side) = try currentScene(L)
            let name = LuaHost.string(L, ah_upvalueindex(3)) ?? ""
            if hooks.contains(name) { ContextBinding.logging(L, ctx) { ctx.log("\(side).\(name)") } }
            if lua_type(L, ah_upvalueindex(5)) == LUA_TFUNCTION {
                let n = lua_gettop(L)
                lua_pushvalue(L, ah_upvalueindex(5))
                for i in 0..<n { lua_pushvalue(L, i + 1) }
                try LuaHost.of(L).callNested(nargs: n, nresults: LUA_MULTRET, on: L)
                return lua_gettop(L) - n
            }
            switch name {
            case "referenceNode":
                NodeBinding.push(L, try reference(in: scene, side: side, for: ctx.operation, method: name))
            case "referenceFrame":
                let node = try reference(in: scene, side: side, for: ctx.operation, method: name)
                ValueBinding.push(L, referenceFrame(of: node, in: scene, container: ctx.container))
            case "backgroundColor": ValueBinding.push(L, scene.background)
            default: return 0
            }
            return 1
        }
    }

    /// The scene the delegate method belongs to, from its upvalues (side, method name, transition serial).
    private static func currentScene(_ L: OpaquePointer) throws -> (TransitionContext, Scene, String) {
        guard let t = LuaHost.of(L).transition, t.serial == Int(lua_tointegerx(L, ah_upvalueindex(4), nil)) else {
            throw BindingError("this delegate belongs to a transition that has ended")
        }
        let side = LuaHost.string(L, ah_upvalueindex(2)) ?? "from"
        let scene = side == "chrome" ? t.context.chrome ?? t.context.to : side == "from" ? t.context.from : t.context.to
        return (t.context, scene, side)
    }

    /// The scene's reference node for `operation`; a scene that names none is an error, so plugins get a node, never nil.
    private static func reference(in scene: Scene, side: String, for operation: TransitionOperation, method: String) throws -> Node {
        if let node = scene.referenceNode(for: operation) { return node }
        throw BindingError(
            "ctx.\(side).delegate:\(method): scene '\(scene.name)' names no reference node for \(operation.rawValue); "
                + "add \"reference\": \"<node id>\" to its file (docs/scenes.md)")
    }

    /// The node's frame in container coordinates; a scene not yet in the container is placed as it will be.
    static func referenceFrame(of node: Node, in scene: Scene, container: Node) -> Rect {
        if node.isDescendant(of: container) { return node.frame(in: container) }
        let inRoot = node === scene.root ? Rect(origin: .zero, size: node.model.frame.size) : node.frame(in: scene.root)
        return Rect.bounding(
            [Point(x: inRoot.minX, y: inRoot.minY), Point(x: inRoot.maxX, y: inRoot.maxY)]
                .map(Node.toParentTransform(scene.root.model).apply))
    }
}

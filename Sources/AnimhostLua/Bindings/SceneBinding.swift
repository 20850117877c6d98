import CLua
import AnimhostCore

/// The two scenes as plugins see them: `{ name, view, size, overlay, delegate }`, where the delegate
/// answers from the scene file (like `ZoomAnimatorDelegate`) and logs its hooks in the run's calls.
enum SceneBinding {
    static let delegateMethods = ["referenceNode", "referenceFrame", "backgroundColor", "willBegin", "didEnd", "didCancel"]

    /// Pushes the table for `scene`; `side` is "from" or "to", `serial` the transition's.
    static func push(_ L: OpaquePointer, _ scene: Scene, side: String, serial: Int) {
        lua_createtable(L, 0, 5)
        LuaHost.push(L, scene.name); lua_setfield(L, -2, "name")
        NodeBinding.push(L, scene.root); lua_setfield(L, -2, "view")
        ValueBinding.push(L, scene.size); lua_setfield(L, -2, "size")
        lua_pushboolean(L, scene.isOverlay ? 1 : 0); lua_setfield(L, -2, "overlay")
        lua_createtable(L, 0, Int32(delegateMethods.count))
        for (name, f) in [("referenceNode", referenceNode), ("referenceFrame", referenceFrame),
                          ("backgroundColor", backgroundColor), ("willBegin", hook), ("didEnd", hook), ("didCancel", hook)] {
            LuaHost.push(L, side)
            LuaHost.push(L, name)
            lua_pushinteger(L, lua_Integer(serial))
            LuaHost.push(L, f, upvalues: 3)
            lua_setfield(L, -2, name)
        }
        Bindings.makeReadOnly(L, message: "a scene's delegate is read-only")
        lua_setfield(L, -2, "delegate")
        Bindings.makeReadOnly(L, message: "ctx.\(side) is read-only (set values on its nodes, such as ctx.\(side).view)")
    }

    /// The scene the delegate method belongs to, from its upvalues (side, method name, transition serial).
    private static func currentScene(_ L: OpaquePointer) throws -> (TransitionContext, Scene, String) {
        guard let t = LuaHost.of(L).transition, t.serial == Int(lua_tointegerx(L, ah_upvalueindex(4), nil)) else {
            throw BindingError("this delegate belongs to a transition that has ended")
        }
        let side = LuaHost.string(L, ah_upvalueindex(2)) ?? "from"
        return (t.context, side == "from" ? t.context.from : t.context.to, side)
    }

    private static let referenceNode: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let (ctx, scene, side) = try currentScene(L)
            NodeBinding.push(L, try reference(in: scene, side: side, for: ctx.operation, method: "referenceNode"))
            return 1
        }
    }

    private static let referenceFrame: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let (ctx, scene, side) = try currentScene(L)
            let node = try reference(in: scene, side: side, for: ctx.operation, method: "referenceFrame")
            ValueBinding.push(L, referenceFrame(of: node, in: scene, container: ctx.container))
            return 1
        }
    }

    /// The scene's reference node for `operation`; a scene that names none is an error, so plugins get a node, never nil.
    private static func reference(in scene: Scene, side: String, for operation: TransitionOperation, method: String) throws -> Node {
        if let node = scene.referenceNode(for: operation) { return node }
        throw BindingError("ctx.\(side).delegate:\(method): scene '\(scene.name)' names no reference node for \(operation.rawValue); "
                           + "add \"reference\": \"<node id>\" to its file (docs/scenes.md)")
    }

    /// The node's frame in container coordinates; a scene not yet in the container is placed as it will be.
    static func referenceFrame(of node: Node, in scene: Scene, container: Node) -> Rect {
        if node.isDescendant(of: container) { return node.frame(in: container) }
        let inRoot = node === scene.root ? Rect(origin: .zero, size: node.model.frame.size) : node.frame(in: scene.root)
        return Rect.bounding([Point(x: inRoot.minX, y: inRoot.minY), Point(x: inRoot.maxX, y: inRoot.maxY)]
            .map(Node.toParentTransform(scene.root.model).apply))
    }

    private static let backgroundColor: LuaBinding = { L in
        let L = L!
        return binding(L) {
            ValueBinding.push(L, try currentScene(L).1.background)
            return 1
        }
    }

    private static let hook: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let (ctx, _, side) = try currentScene(L)
            ctx.log("\(side).\(LuaHost.string(L, ah_upvalueindex(3)) ?? "hook")")
            return 0
        }
    }
}

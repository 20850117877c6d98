import CLua
import AnimhostCore

/// The names a node answers to in Lua: who it is and its place in the tree, every declared property
/// (``NodeProperty/all``; the fields of a group such as `border` as one table), the frame's
/// `bounds` and `center`, and the methods. Plain values, so that looking one up counts no references.
enum NodeKey: Equatable {
    case id, scene, isSnapshot, parent, children
    /// A property of its own: its position in ``NodeProperty/all``.
    case property(Int)
    /// A group of properties, read and set as a table: its position in ``groups``.
    case group(Int)
    case bounds, center, imageSize
    case add, insert, remove, snapshot, find, convert

    /// Each group's key and its properties' positions in ``NodeProperty/all``.
    static let groups: [(key: String, members: [Int])] = NodeProperty.all.indices.reduce(into: []) { groups, i in
        guard let group = NodeProperty.all[i].group else { return }
        if let g = groups.firstIndex(where: { $0.key == group }) { groups[g].members.append(i) } else { groups.append((group, [i])) }
    }

    /// Every key with its name, in the order `node{}` applies them: the properties (the frame
    /// first) before `bounds` and `center`, which change the frame given beside them.
    private static let named: [(String, NodeKey)] = {
        var keys: [(String, NodeKey)] = [("id", .id), ("scene", .scene), ("isSnapshot", .isSnapshot), ("parent", .parent), ("children", .children)]
        for (i, property) in NodeProperty.all.enumerated() {
            if let group = property.group {
                let g = groups.firstIndex { $0.key == group }!
                if !keys.contains(where: { $0.1 == .group(g) }) { keys.append((group, .group(g))) }
            } else {
                keys.append((property.key, .property(i)))
            }
        }
        return keys + [
            ("bounds", .bounds), ("center", .center), ("imageSize", .imageSize), ("add", .add), ("insert", .insert), ("remove", .remove),
            ("snapshot", .snapshot), ("find", .find), ("convert", .convert)
        ]
    }()

    /// The frame's position in ``NodeProperty/all``: read and set as UIKit does under a transform.
    static let frame = NodeProperty.all.firstIndex { $0.key == "frame" }!

    /// Each key by its position, by which the Lua side finds it.
    static let byOrdinal = named.map(\.1)
    /// Each key's name, by the same position.
    static let names = named.map(\.0)

    /// What the binding checks of each declared property, by position in ``NodeProperty/all``.
    static let checks = NodeProperty.all.map {
        PropertyCheck(kind: $0.kind, range: $0.range ?? NumberRange(-Bounds.magnitude...Bounds.magnitude), animation: $0.animation)
    }
}

/// The plain parts of a property's declaration that checking a plugin's value needs.
struct PropertyCheck {
    let kind: PropertyKind
    let range: NumberRange
    let animation: AnimatableProperty?
}

/// Nodes in Lua: `node{…}`, property reads and writes (animated inside `animate{}`), and the tree methods.
///
/// A node is a full userdata, one per node, whose node the state holds in a slot of its
/// ``NodeHandles``: a weak-valued table of the state's, keyed by that slot, hands out the same
/// userdata for as long as Lua can reach it, so identity (`==`, table keys) is the node's. Once Lua
/// cannot, its collector frees the userdata, and the state gives the node back at the end of a run
/// after that (``LuaHost/end(_:)``) or after a full collection (``LuaHost/collectGarbage()``): a
/// state keeps no node beyond what its plugin keeps and what its collector has not reached yet.
enum NodeBinding {
    static let meta = Metatable("animhost.node")

    static func install(in L: OpaquePointer) {
        // The upvalue of `__index`: method name → function, property name → true. Its keys keep
        // every key's string alive for ``InternedKeys``.
        ah_newtable(L)
        for (ordinal, name) in NodeKey.names.enumerated() {
            assert(name.utf8.count <= 40, "Lua interns strings of up to 40 bytes only")
            LuaHost.push(L, name)
            LuaHost.of(L).nodeKeys.insert(ah_tostring(L, -1, nil), ordinal: ordinal)
            lua_pushboolean(L, 1)
            lua_rawset(L, -3)
        }
        for (name, method) in [("add", add), ("insert", insert), ("remove", remove), ("snapshot", snapshot), ("find", find), ("convert", convert)] {
            LuaHost.push(L, method)
            lua_setfield(L, -2, name)
        }
        let keys = lua_gettop(L)

        Bindings.newMetatable(L, meta, index: nil)
        lua_pushvalue(L, keys)
        LuaHost.push(L, index, upvalues: 1)
        lua_setfield(L, -2, "__index")
        LuaHost.setFunction(L, "__newindex", newIndex)
        LuaHost.setFunction(L, "__tostring", toString)
        LuaHost.of(L).nodeMetatable = luaL_ref(L, ah_registryindex())

        // The userdata of the nodes Lua holds, by slot: weak values, so that it keeps none alive.
        ah_newtable(L)
        lua_createtable(L, 0, 1)
        LuaHost.push(L, "v")
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        LuaHost.of(L).nodeCache = luaL_ref(L, ah_registryindex())

        ah_pushglobaltable(L)
        LuaHost.setFunction(L, "node", newNode)
        ah_pop(L, 2)
    }

    // MARK: Nodes as userdata

    /// What a node costs the host, counted against the plugin's memory limit when it makes one.
    static let nodeBytes = 2 * MemoryLayout<NodeProperties>.stride + 256

    /// What `node` costs the host as a plugin keeps it past a run: ``nodeBytes`` and the strings
    /// the host keeps for it, as making it and setting them charged.
    static func hostBytes(of node: Node) -> Int {
        let p = node.model
        return nodeBytes + node.id.utf8.count + (p.text?.string.utf8.count ?? 0) + (p.tag?.utf8.count ?? 0) + (p.image?.utf8.count ?? 0)
            + p.outOfLineBytes
    }

    /// Pushes `node`'s userdata: the one Lua holds already, else a new one.
    static func push(_ L: OpaquePointer, _ node: Node) {
        push(L, node, new: false)
    }

    /// Pushes the userdata of `node`; `new`: a node just made, which Lua cannot hold yet. The state's
    /// table of node userdata is keyed by the slot of ``NodeHandles`` that holds the node (plus one),
    /// so that it is an array, and a node the state handed over last finds its slot in itself.
    private static func push(_ L: OpaquePointer, _ node: Node, new: Bool) {
        let host = LuaHost.of(L)
        lua_rawgeti(L, ah_registryindex(), lua_Integer(host.nodeCache))
        if !new && pushHeld(L, node, by: host) {
            ah_remove(L, -2)
            return
        }
        let slot = host.nodes.hold(node, markedBy: host.holderMark)
        lua_rawgeti(L, ah_registryindex(), lua_Integer(host.nodeMetatable))
        pushUserValue(L, Unmanaged.passUnretained(node), meta, metatable: lua_gettop(L))
        lua_copy(L, -1, -2)  // the userdata over the metatable
        lua_rawseti(L, -3, lua_Integer(slot + 1))
        ah_remove(L, -2)
        if let run = host.transition { pin(L, in: run) }
    }

    /// Keeps the userdata on top alive until `run` ends, in the run's table of pinned userdata (made
    /// on first use with every userdata the state's cache holds then, ``LuaTransition/pinsRef``): a
    /// node keeps one userdata through its run, so that a plugin's weak-keyed table keyed by a node
    /// keeps its entry while the run goes, as it would for a view in UIKit, whatever the collector
    /// does in between. The nodes are held until the run's end anyway (``NodeHandles``).
    private static func pin(_ L: OpaquePointer, in run: LuaTransition) {
        if run.pinsRef == LUA_NOREF {
            ah_newtable(L)
            lua_rawgeti(L, ah_registryindex(), lua_Integer(LuaHost.of(L).nodeCache))
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                run.pinned += 1
                lua_rawseti(L, -4, lua_Integer(run.pinned))
            }
            ah_pop(L, 1)
            run.pinsRef = luaL_ref(L, ah_registryindex())
        }
        lua_rawgeti(L, ah_registryindex(), lua_Integer(run.pinsRef))
        lua_pushvalue(L, -2)
        run.pinned += 1
        lua_rawseti(L, -2, lua_Integer(run.pinned))
        ah_pop(L, 1)
    }

    /// Pushes the userdata `host` holds for `node`, below it the table of node userdata, and returns
    /// true; false, pushing nothing, when it holds none. A node another state marked since is looked
    /// for among the slots (two states sharing nodes, rare).
    private static func pushHeld(_ L: OpaquePointer, _ node: Node, by host: LuaHost) -> Bool {
        if let slot = host.slot(of: node) { return slot >= 0 && pushSlot(L, slot) }
        return !node.neverHandedOver && host.nodes.slots(holding: node).contains { pushSlot(L, $0) }
    }

    /// Pushes the userdata in `slot` of the table on top and returns true, or pushes nothing and
    /// returns false when Lua's collector has freed it.
    private static func pushSlot(_ L: OpaquePointer, _ slot: Int) -> Bool {
        if lua_rawgeti(L, -1, lua_Integer(slot + 1)) == LUA_TUSERDATA { return true }
        ah_pop(L, 1)
        return false
    }

    /// Gives back the nodes whose userdata Lua's collector has freed: a slot with no userdata left in
    /// the table (the collector clears a freed one in the cycle that finds it unreachable; no plugin
    /// code can reach it after that, there being no finalizers). After a full collection, every one
    /// Lua cannot reach.
    static func releaseCollected(in host: LuaHost) {
        guard host.nodes.count > 0 else { return }
        let L = host.L
        // The slots whose userdata is still there, read in one walk of the table (Lua skips the
        // cleared entries without coming back to the host), then the others given back at once.
        var live = [Bool](repeating: false, count: host.nodes.slotCount)
        lua_rawgeti(L, ah_registryindex(), lua_Integer(host.nodeCache))
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            ah_pop(L, 1)
            let slot = Int(lua_tointegerx(L, -1, nil)) - 1
            if live.indices.contains(slot) { live[slot] = true }
        }
        ah_pop(L, 1)
        host.nodes.release(keeping: live) { node, slot in host.released(node, from: slot) }
    }

    /// The node at `i`. The userdata holds it unretained (Lua's memory cannot hold a reference):
    /// sound because the slot of ``NodeHandles`` that holds the node outlives the userdata.
    @inline(__always)
    static func node(_ L: OpaquePointer, _ i: Int32) -> Node? {
        userValue(L, i, meta, as: Unmanaged<Node>.self)?.takeUnretainedValue()
    }

    static func checkNode(_ L: OpaquePointer, _ i: Int32, _ what: @autoclosure () -> String) throws -> Node {
        guard let n = node(L, i) else { throw BindingError("\(what()): expected a node, got \(typeName(L, i))") }
        return n
    }

    private static let toString: LuaBinding = { L in
        let L = L!
        let n = node(L, 1)!
        LuaHost.push(L, "node '\(n.id)'" + (n.scene.map { " of scene '\($0)'" } ?? ""))
        return 1
    }

    /// The key at `i` as a ``NodeKey``, or an error naming the closest one.
    @inline(__always)
    static func key(_ L: OpaquePointer, _ i: Int32) throws -> NodeKey {
        if lua_type(L, i) == LUA_TSTRING, let ordinal = LuaHost.of(L).nodeKeys.ordinal(of: ah_tostring(L, i, nil)) {
            return NodeKey.byOrdinal[ordinal]
        }
        return try unknownKey(L, i)
    }

    private static func unknownKey(_ L: OpaquePointer, _ i: Int32) throws -> NodeKey {
        guard lua_type(L, i) == LUA_TSTRING, let name = LuaHost.string(L, i) else {
            throw BindingError("a node's keys are property names, got \(typeName(L, i))")
        }
        let hint = closestName(to: name, among: NodeKey.names).map { " (did you mean '\($0)'?)" } ?? ""
        throw BindingError("a node has no property '\(name)'\(hint)")
    }

    // MARK: Reading

    private static let index: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let key = try key(L, 2)
            if key == .imageSize { return try pushImageSize(L, of: node(L, 1)!) }
            read(L, key, of: node(L, 1)!)
            return 1
        }
    }

    /// Pushes the size in points of the node's image (nil without one), read from the file in its scene's folder.
    private static func pushImageSize(_ L: OpaquePointer, of node: Node) throws -> Int32 {
        guard let image = node.model.image else { lua_pushnil(L); return 1 }
        let scenes = LuaHost.of(L).transition?.context.scenes ?? []
        let folder = scenes.first { $0.name == node.scene }?.directory
        do { ValueBinding.push(L, try ImageSize.of(image, in: folder)) } catch let e as ImageSizeError {
            throw BindingError("node.imageSize of '\(node.id)': \(e.description)")
        }
        return 1
    }

    /// Pushes the value of property `key` of `node` (a method's function for a method's name).
    private static func read(_ L: OpaquePointer, _ key: NodeKey, of node: Node) {
        switch key {
        case .id: LuaHost.push(L, node.id)
        case .scene: if let s = node.scene { LuaHost.push(L, s) } else { lua_pushnil(L) }
        case .isSnapshot: lua_pushboolean(L, node.isSnapshot ? 1 : 0)
        case .parent: if let p = node.parent { push(L, p) } else { lua_pushnil(L) }
        case .children:
            lua_createtable(L, Int32(node.children.count), 0)
            for (i, c) in node.children.enumerated() { push(L, c); lua_rawseti(L, -2, lua_Integer(i + 1)) }
        case .property(let i) where i == NodeKey.frame:
            ValueBinding.push(L, node.model.visibleFrame)  // the transformed bounds' box, as UIKit reads `frame`
        case .property(let i): push(L, NodeProperty.all[i].read(node.model))
        case .group(let g):
            let members = NodeKey.groups[g].members
            lua_createtable(L, 0, Int32(members.count))
            for i in members {
                push(L, NodeProperty.all[i].read(node.model))
                lua_setfield(L, -2, NodeProperty.all[i].key)
            }
        case .bounds: ValueBinding.push(L, Rect(origin: .zero, size: node.model.frame.size))
        case .center: ValueBinding.push(L, node.model.frame.center)
        case .imageSize: lua_pushnil(L)  // read by pushImageSize, which needs the run's scenes
        case .add, .insert, .remove, .snapshot, .find, .convert:
            lua_pushvalue(L, 2)
            lua_rawget(L, ah_upvalueindex(2))  // the method's function
        }
    }

    // MARK: Writing

    private static let newIndex: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let host = LuaHost.of(L)
            let target = node(L, 1)!, setting = try key(L, 2)
            var writer = LiveWriter(node: target, engine: host.engine)
            try assign(L, key: setting, value: 3, to: &writer)
            if PlacingSets.places(setting) { PlacingSets.note(L, target) }
            return 0
        }
    }

    /// Pushes a property's value: rectangles, sizes, colours and transforms as values, text as its string.
    private static func push(_ L: OpaquePointer, _ value: PropertyValue) {
        switch value {
        case .number(let n): lua_pushnumber(L, n)
        case .rect(let r): ValueBinding.push(L, r)
        case .size(let s): ValueBinding.push(L, s)
        case .color(let c): if let c { ValueBinding.push(L, c) } else { lua_pushnil(L) }
        case .transform(let t): ValueBinding.push(L, t)
        case .flag(let b): lua_pushboolean(L, b ? 1 : 0)
        case .string(let s): if let s { LuaHost.push(L, s) } else { lua_pushnil(L) }
        case .text(let t): if let t { LuaHost.push(L, t.string) } else { lua_pushnil(L) }
        case .modifiers(let m): ModifierBinding.pushStrings(L, m)
        case .point(let q): ValueBinding.push(L, q)
        case .colors(let c): GradientBinding.push(L, c)
        case .numbers(let n): GradientBinding.push(L, n)
        case .path(let p): if let p { LuaHost.push(L, p.svg) } else { lua_pushnil(L) }
        case .transform3D(let t): Transform3DBinding.push(L, t)
        case .names(let n): ChoiceSetBinding.push(L, n)
        }
    }

    /// Sets property `key` from the Lua value at `value` through `writer`: a live node (animated
    /// inside a block) or the properties of a node being built.
    static func assign<W: PropertyWriter>(_ L: OpaquePointer, key: NodeKey, value v: Int32, to writer: inout W) throws {
        func what() -> String { "node.\(NodeKey.names[NodeKey.byOrdinal.firstIndex(of: key)!])" }
        switch key {
        case .property(let i) where i == NodeKey.frame:
            // Core Animation's rule: under a transform, the frame moves center and bounds and keeps the transform.
            let rect = try nonNegative(ValueBinding.checkRect(L, v, what()), what())
            guard let frame = writer.untransformedFrame(showing: rect) else {
                throw BindingError(
                    "\(what()): no size shows rect(\([rect.x, rect.y, rect.width, rect.height].map(formatNumber).joined(separator: ", "))) under the node's rotation (as Core Animation, set frame only under rotations by multiples of 90°; set center and bounds instead)"
                )
            }
            writer.set(.frame, .rect(frame))
        case .property(let i): try assign(L, property: i, value: v, to: &writer)
        case .group(let g) where ah_isnoneornil(L, v) != 0:
            // nil: every field back to its default, so `n.shape = nil` removes the shape (`path = nil`).
            for i in NodeKey.groups[g].members {
                push(L, NodeProperty.all[i].defaultValue)
                defer { ah_pop(L, 1) }
                try assign(L, property: i, value: -1, to: &writer)
            }
        case .group(let g):
            let members = NodeKey.groups[g].members
            try table(L, v, what(), keys: members.map { NodeProperty.all[$0].key }) { field in
                let i = members.first { NodeProperty.all[$0].key == field }!
                try assign(L, property: i, value: -1, to: &writer)
            }
        case .bounds:
            let b = try nonNegative(ValueBinding.checkRect(L, v, what()), what())
            let c = writer.frame.center
            writer.set(.frame, .rect(Rect(x: c.x - b.width / 2, y: c.y - b.height / 2, width: b.width, height: b.height)))
        case .center:
            let c = try ValueBinding.checkPoint(L, v, what())
            let f = writer.frame
            writer.set(.frame, .rect(Rect(x: c.x - f.width / 2, y: c.y - f.height / 2, width: f.width, height: f.height)))
        default:
            throw BindingError("\(what()) is read-only")
        }
    }

    /// Sets the declared property `i` from the Lua value at `v`: animated through the engine when it
    /// animates, at once otherwise.
    private static func assign<W: PropertyWriter>(_ L: OpaquePointer, property i: Int, value v: Int32, to writer: inout W) throws {
        let check = NodeKey.checks[i]
        if let animation = check.animation {
            writer.set(animation, try animatable(L, v, check, label(i)))
        } else {
            let value = try discrete(L, v, property: i, check, label(i))
            writer.discrete { NodeProperty.all[i].write(&$0, value) }
        }
    }

    /// How messages name the declared property `i`: `node.alpha`, `node.shadow.radius`.
    @inline(never)
    private static func label(_ i: Int) -> String { "node." + NodeProperty.all[i].path }

    /// A value of an animatable kind, checked; a number beyond its range is clamped into it, or
    /// refused past a limit on the host's work.
    @inline(__always)
    private static func animatable(_ L: OpaquePointer, _ v: Int32, _ check: PropertyCheck, _ what: @autoclosure () -> String) throws -> AnimatableValue {
        switch check.kind {
        case .number:
            let n = try checkNumber(L, v, what()), range = check.range
            if range.refusesAbove && n > range.max {
                throw BindingError("\(what()): \(formatNumber(n)) is out of range (at most \(formatNumber(range.max)))")
            }
            return .number(min(max(n, range.min), range.max))
        case .rect: return .rect(try nonNegative(ValueBinding.checkRect(L, v, what()), what()))
        case .size: return .size(try ValueBinding.checkSize(L, v, what()))
        case .color: return .color(try ValueBinding.checkColor(L, v, what()))
        case .optionalColor: return .color(ah_isnoneornil(L, v) != 0 ? .clear : try ValueBinding.checkColor(L, v, what()))
        case .transform: return .transform(try ValueBinding.checkTransform(L, v, what()))
        case .point: return .point(try ValueBinding.checkPoint(L, v, what()))
        case .colors: return .colors(try GradientBinding.checkColors(L, v, what()))
        case .numbers: return .numbers(try GradientBinding.checkNumbers(L, v, what(), range: check.range))
        case .path: return .path(ah_isnoneornil(L, v) != 0 ? nil : try PathBinding.check(L, v, what(), kept: true))
        case .transform3D:
            let t = try Transform3DBinding.check(L, v, what())
            LuaHost.of(L).charge(MemoryLayout<Layer3D>.stride)  // the node's 3-D values, boxed out of line
            return .transform3D(t)
        case .flag, .label, .choice, .imagePath, .text, .modifiers, .choiceSet: throw BindingError("\(what()) cannot animate")
        }
    }

    /// A value of a property that changes at once, checked.
    private static func discrete(
        _ L: OpaquePointer, _ v: Int32, property i: Int, _ check: PropertyCheck,
        _ what: @autoclosure () -> String
    ) throws -> PropertyValue {
        let absent = ah_isnoneornil(L, v) != 0
        switch check.kind {
        case .flag: return .flag(try checkBool(L, v, what()))
        case .label: return .string(absent ? nil : try checkName(L, v, what()))
        case .choice:
            let names = NodeProperty.all[i].choices, quoted = names.map { "\"\($0)\"" }
            let expected = "\(what()): expected \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last!)"
            guard lua_type(L, v) == LUA_TSTRING else { throw BindingError("\(expected), got \(typeName(L, v))") }
            let s = try checkString(L, v, what())
            guard names.contains(s) else { throw BindingError("\(expected), got '\(s)'") }
            return .string(s)
        case .imagePath:
            let s = absent ? nil : try checkName(L, v, what())
            if let s, !s.hasPrefix("placeholder:"), !ContainedPath.isPlainRelative(s) {
                throw BindingError("\(what()): images must lie inside the scene's folder: give a relative path without '..', got '\(s)'")
            }
            return .string(s)
        case .text:
            let t = absent ? nil : TextStyle(string: try keptString(L, v, what()))
            if let t, let problem = Bounds.textProblem(t.string) { throw BindingError("\(what()): \(problem)") }
            return .text(t)
        case .modifiers: return .modifiers(try ModifierBinding.check(L, v, what()))
        case .choiceSet: return .names(try ChoiceSetBinding.check(L, v, NodeProperty.all[i].choices, what()))
        case .number, .rect, .size, .color, .optionalColor, .transform, .point, .colors, .numbers, .path, .transform3D:
            return PropertyValue(try animatable(L, v, check, what()))
        }
    }

    /// Values are finite by construction; sizes must also not be negative.
    private static func nonNegative(_ r: Rect, _ what: @autoclosure () -> String) throws -> Rect {
        guard r.width >= 0, r.height >= 0 else { throw BindingError("\(what()): width and height must not be negative") }
        return r
    }

    /// Calls `each` with every known field of the table at `v` pushed on top (fields left out keep their values).
    private static func table(_ L: OpaquePointer, _ v: Int32, _ what: String, keys: [String], each: (String) throws -> Void) throws {
        guard lua_type(L, v) == LUA_TTABLE else { throw BindingError("\(what): expected a table with \(keys.joined(separator: ", "))") }
        try rejectUnknownKeys(L, v, allowed: keys, in: what)
        for key in keys {
            defer { ah_pop(L, 1) }
            if rawField(L, v, key) != LUA_TNIL { try each(key) }
        }
    }

    // MARK: Creating

    private static let newNode: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let host = LuaHost.of(L)
            guard lua_type(L, 1) == LUA_TTABLE else { throw BindingError("node{…}: expected a table of fields, such as node{ id = \"badge\", frame = rect(0, 0, 20, 20) }") }
            var id: String?
            var writer = InitialWriter()
            var hasChildren = false, placed = false
            // Fields apply in NodeKey's order (frame before bounds before center), whatever the
            // table's traversal order, which differs between runs: each known key's value stays on
            // the stack where the walk left it, `at` notes its place by the key's position, and
            // `given` marks the positions filled (at most 64 keys, see ``InternedKeys``), so that
            // only those are visited.
            let base = lua_gettop(L)
            guard lua_checkstack(L, Int32(NodeKey.byOrdinal.count) + 4) != 0 else { throw BindingError("node{…}: Lua's stack is full") }
            try withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { at in
                var given: UInt64 = 0
                var unknown: [String] = []
                lua_pushnil(L)
                while lua_next(L, 1) != 0 {
                    if lua_type(L, -2) == LUA_TSTRING, let ordinal = host.nodeKeys.ordinal(of: ah_tostring(L, -2, nil)) {
                        lua_rotate(L, -2, 1)  // the value below its key, which the walk goes on from
                        at[ordinal] = lua_gettop(L) - 1
                        given |= 1 << UInt64(ordinal)
                    } else {
                        unknown.append(LuaHost.string(L, -2) ?? typeName(L, -2))
                        ah_pop(L, 1)
                    }
                }
                if let first = unknown.min() {
                    LuaHost.push(L, first)
                    _ = try unknownKey(L, -1)
                }
                while given != 0 {
                    let ordinal = given.trailingZeroBitCount
                    given &= given - 1
                    let value = at[ordinal], key = NodeKey.byOrdinal[ordinal]
                    switch key {
                    case .id: id = try checkName(L, value, "node{}.id")
                    case .children: hasChildren = true
                    default:
                        try assign(L, key: key, value: value, to: &writer)
                        placed = placed || PlacingSets.places(key)
                    }
                }
            }
            lua_settop(L, base)
            host.charge(nodeBytes)
            if host.overMemoryLimit { return 0 }  // refused before its userdata is made: the trampoline raises
            let made = host.countNodeMade()
            let node = Node(id: id ?? defaultID(made), properties: (consume writer).properties)
            if placed { PlacingSets.note(L, node) }
            if hasChildren {
                rawField(L, 1, "children")
                try addChildren(L, to: node)
                ah_pop(L, 1)
            }
            push(L, node, new: true)
            return 1
        }
    }

    /// `node-N` for the N-th node a plugin made without an id, written digit by digit (a plugin may
    /// make thousands of nodes; formatting through `String(n)` and appending costs several times more).
    private static func defaultID(_ n: Int) -> String {
        let prefix: StaticString = "node-"
        var digits = 1
        var rest = n / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + digits) { out in
            UnsafeMutableRawBufferPointer(out).copyMemory(from: UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
            var value = n
            for i in (prefix.utf8CodeUnitCount..<out.count).reversed() {
                out[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            return out.count
        }
    }

    private static func addChildren(_ L: OpaquePointer, to node: Node) throws {
        guard lua_type(L, -1) == LUA_TTABLE else { throw BindingError("node{}.children: expected an array of nodes") }
        let n = lua_rawlen(L, -1)
        guard n > 0 else { return }
        for i in 1...n {
            lua_rawgeti(L, -1, lua_Integer(i))
            defer { ah_pop(L, 1) }
            try node.add(try checkNode(L, -1, "node{}.children[\(i)]"))
        }
    }

    // MARK: Methods

    private static let add: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let parent = try checkNode(L, 1, "node:add")
            let child = try checkNode(L, 2, "node:add(child)")
            try parent.add(child)
            lua_settop(L, 2)
            return 1
        }
    }

    private static let insert: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let parent = try checkNode(L, 1, "node:insert")
            let child = try checkNode(L, 2, "node:insert(child, …)")
            guard lua_type(L, 3) == LUA_TTABLE else { throw BindingError("node:insert(child, {below = n} or {above = n})") }
            try rejectUnknownKeys(L, 3, allowed: ["below", "above"], in: "node:insert")
            if rawField(L, 3, "below") != LUA_TNIL {
                try parent.insert(child, at: .below(try checkNode(L, -1, "node:insert: below")))
            } else if rawField(L, 3, "above") != LUA_TNIL {
                try parent.insert(child, at: .above(try checkNode(L, -1, "node:insert: above")))
            } else {
                throw BindingError("node:insert needs {below = sibling} or {above = sibling}")
            }
            lua_settop(L, 2)
            return 1
        }
    }

    private static let remove: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let node = try checkNode(L, 1, "node:remove")
            let engine = LuaHost.of(L).engine
            for n in node.subtree() { engine.removeAnimations(of: n) }
            node.removeFromParent()
            return 0
        }
    }

    private static let snapshot: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let source = try checkNode(L, 1, "node:snapshot")
            let host = LuaHost.of(L)
            // Counted before copying, so that a copy past the limit is refused without being made.
            host.charge(source.subtree().count * nodeBytes)
            if host.overMemoryLimit { return 0 }
            push(L, source.snapshot(), new: true)
            return 1
        }
    }

    private static let find: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let node = try checkNode(L, 1, "node:find")
            if let hit = node.find(try checkString(L, 2, "node:find(id)")) { push(L, hit) } else { lua_pushnil(L) }
            return 1
        }
    }

    private static let convert: LuaBinding = { L in
        let L = L!
        return binding(L) {
            let node = try checkNode(L, 1, "node:convert")
            let target = ah_isnoneornil(L, 3) != 0 ? nil : try checkNode(L, 3, "node:convert(value, toNode)")
            let overflow = BindingError("node:convert: the transforms between the two nodes carry the value past any finite number")
            if let r = ValueBinding.rect(L, 2) {
                let converted = node.convert(r, to: target)
                guard [converted.x, converted.y, converted.width, converted.height].allSatisfy(\.isFinite) else { throw overflow }
                ValueBinding.push(L, converted)
            } else if let p = ValueBinding.point(L, 2) {
                let converted = node.convert(p, to: target)
                guard converted.x.isFinite, converted.y.isFinite else { throw overflow }
                ValueBinding.push(L, converted)
            } else {
                throw BindingError("node:convert: expected a rect or a point, got \(typeName(L, 2))")
            }
            return 1
        }
    }
}

/// Where ``NodeBinding/assign(_:key:value:to:)`` writes.
protocol PropertyWriter {
    /// The frame the node has now, for `center` and `bounds`.
    var frame: Rect { get }
    /// The untransformed frame that shows `rect` under the node's transform now, for `frame`.
    func untransformedFrame(showing rect: Rect) -> Rect?
    mutating func set(_ property: AnimatableProperty, _ value: AnimatableValue)
    mutating func discrete(_ change: (inout NodeProperties) -> Void)
}

/// Writes to a node in a scene through the engine, so changes inside `animate{}` animate.
struct LiveWriter: PropertyWriter {
    let node: Node
    let engine: AnimationEngine
    var frame: Rect { node.modelFrame }
    func untransformedFrame(showing rect: Rect) -> Rect? { node.untransformedModelFrame(showing: rect) }
    func set(_ property: AnimatableProperty, _ value: AnimatableValue) { engine.set(property, of: node, to: value) }
    func discrete(_ change: (inout NodeProperties) -> Void) { engine.setDiscrete(of: node, change) }
}

/// Collects the properties of a node that `node{}` is building.
struct InitialWriter: PropertyWriter {
    var properties = NodeProperties()
    var frame: Rect { properties.frame }
    func untransformedFrame(showing rect: Rect) -> Rect? { properties.untransformedFrame(showing: rect) }
    mutating func set(_ property: AnimatableProperty, _ value: AnimatableValue) { property.set(value, in: &properties) }
    mutating func discrete(_ change: (inout NodeProperties) -> Void) { change(&properties) }
}

/// Finds a node key by the address of a Lua string, without calling Lua. Lua interns short strings
/// and never moves them, and the keys' strings stay alive for the state's life (keys of `__index`'s
/// upvalue), so a string at a key's address is that key.
///
/// The table lives in storage of its own (reading it never copies it); ``deallocate()`` frees it.
struct InternedKeys {
    private static let capacity = 128
    private let slots: UnsafeMutablePointer<(address: UnsafeRawPointer?, ordinal: Int)>

    init() {
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: (nil, 0), count: Self.capacity)
    }

    func deallocate() { slots.deallocate() }

    @inline(__always)
    private static func slot(_ p: UnsafeRawPointer) -> Int { (Int(bitPattern: p) >> 4) & (capacity - 1) }

    /// Adds a key; the table holds up to half its capacity, so that look-ups stay short. It writes
    /// only the storage, so that the state's table can be a constant, read without an exclusivity check.
    func insert(_ string: UnsafePointer<CChar>?, ordinal: Int) {
        guard let string else { return }
        let count = (0..<Self.capacity).count { slots[$0].address != nil } + 1
        precondition(count <= Self.capacity / 2, "more node keys than InternedKeys holds")
        var i = Self.slot(string)
        while slots[i].address != nil { i = (i + 1) & (Self.capacity - 1) }
        slots[i] = (UnsafeRawPointer(string), ordinal)
    }

    /// The ordinal of the key whose string is at `string`, or nil for any other string.
    @inline(__always)
    func ordinal(of string: UnsafePointer<CChar>?) -> Int? {
        guard let string else { return nil }
        var i = Self.slot(string)
        while let address = slots[i].address {
            if address == UnsafeRawPointer(string) { return slots[i].ordinal }
            i = (i + 1) & (Self.capacity - 1)
        }
        return nil
    }
}

import CLua
import Foundation
import AnimhostCore
import AnimhostLua

/// `animhost.run{ plugin =, from =, to =, chrome =, operation =, fps =, params =, gesture =, reducedMotion = }` in specs: runs a
/// transition in its own sandboxed state and returns the run as Lua tables (the timeline's fields,
/// with rects and points as values).
enum RunBinding {
    static let optionKeys = ["plugin", "from", "to", "chrome", "operation", "fps", "params", "gesture", "reducedMotion"]

    /// Installs the `animhost` table; plugin and scene names resolve from `folder` first.
    static func install(in L: OpaquePointer) {
        ah_pushglobaltable(L)
        ah_newtable(L)
        LuaHost.setFunction(L, "run", run)
        lua_setfield(L, -2, "animhost")
        ah_pop(L, 1)
    }

    private static let run: LuaBinding = { L in
        let L = L!
        return binding(L) {
            guard lua_type(L, 1) == LUA_TTABLE else { throw BindingError("animhost.run{ plugin = …, operation = … }: expected a table") }
            try rejectUnknownKeys(L, 1, allowed: optionKeys, in: "animhost.run")
            func string(_ key: String) throws -> String? {
                rawField(L, 1, key)
                defer { ah_pop(L, 1) }
                return ah_isnoneornil(L, -1) != 0 ? nil : try checkString(L, -1, "animhost.run." + key)
            }
            let host = LuaHost.of(L), spec = SpecState.of(L)
            guard let name = try string("plugin") else { throw BindingError("animhost.run: plugin = \"name\" or a .lua path is required") }
            /// A path the spec gives, relative to its folder; a name stays a name.
            func besideSpec(_ path: String?, _ isPath: (String) -> Bool) -> String? {
                path.map { isPath($0) && !$0.hasPrefix("/") ? spec.folder.appendingPathComponent($0).path : $0 }
            }
            let scenePath = { (s: String) in s.hasSuffix(".json") || s.contains("/") }
            var request = TransitionRequest(from: besideSpec(try string("from"), scenePath), to: besideSpec(try string("to"), scenePath))
            request.chrome = besideSpec(try string("chrome"), scenePath)
            if let op = try string("operation") {
                guard let parsed = TransitionOperation(rawValue: op) else { throw BindingError("animhost.run.operation: expected push, pop, present or dismiss, got '\(op)'") }
                request.operation = parsed
            }
            rawField(L, 1, "fps")
            if let fps = try optionalNumber(L, -1, "animhost.run.fps") {
                let range = TransitionRequest.fpsRange
                guard fps == fps.rounded(), Double(range.lowerBound)...Double(range.upperBound) ~= fps else {
                    throw BindingError("animhost.run.fps: a whole number from 1 to 1000")
                }
                request.fps = Int(fps)
            }
            ah_pop(L, 1)
            rawField(L, 1, "reducedMotion")
            request.reducedMotion = ah_isnoneornil(L, -1) != 0 ? false : try checkBool(L, -1, "animhost.run.reducedMotion")
            ah_pop(L, 1)
            request.params = try params(L)
            request.gesture = besideSpec(try string("gesture")) { $0.hasSuffix(".json") }
            let catalog =
                spec.searchPath?.searching(first: spec.folder, origin: "the spec's folder")
                ?? PluginCatalog(pluginFolders: [spec.folder.path], environment: [:], workingDirectory: spec.folder)
            let confined = ConfinedFiles(catalog.folders.map(\.url), namer: "the spec")
            request.confined = confined
            releaseDroppedRuns(L)
            let frames = KeptFrames(room: max(host.limits.maxMemory - host.memoryInUse, 0), limit: host.limits.maxMemory)
            let outcome: TransitionOutcome
            do {
                let located = try catalog.locate(besideSpec(name) { $0.hasSuffix(".lua") || $0.contains("/") } ?? name).url
                let file = try confined.check(located, named: name)
                let session = try presentationSession(for: file, request, spec, catalog) {
                    try Plugin(url: file, limits: host.limits, printSink: { [weak host] in host?.printLine($0) })  // within the spec's budget
                }
                if let note = (session.plugin as? Plugin)?.fallbackScenesNote, request.from == nil || request.to == nil, spec.notesSaid.insert(note).inserted {
                    host.printSink(note)
                }
                outcome = try session.run(request, sink: frames)
                spec.presentations[file] = session.presentation?.state == .presented ? session : nil
            } catch let e as PluginError { throw BindingError(e.headline) } catch let e as SceneError {
                throw BindingError(e.description)
            } catch let e as GestureError { throw BindingError(e.description) } catch let e as ConfinementError { throw BindingError(e.description) }
            push(L, outcome, frames.frames)
            remember(L, Recorded(info: outcome.info, frames: frames.frames, bytes: frames.bytes))
            return 1
        }
    }

    /// The session to run `request` of the plugin at `file` in: for a dismiss, the one whose present
    /// left a presentation; else a new one of the plugin `load` loads (dropping any kept one).
    private static func presentationSession(
        for file: URL, _ request: TransitionRequest, _ spec: SpecState, _ catalog: PluginCatalog, load: () throws -> Plugin
    ) throws -> TransitionSession {
        if request.operation == .dismiss, let kept = spec.presentations[file] { return kept }
        spec.presentations[file] = nil
        return TransitionSession(try load(), scenes: catalog)
    }

    /// A run's frames as the host sampled them, for image snapshots.
    struct Recorded {
        let info: TimelineInfo
        let frames: [FrameSample]
        /// What the frames hold in the host (``FrameSample/heldBytes``), counted against the spec's
        /// memory limit while the spec's state keeps the run.
        let bytes: Int
    }

    /// Gives back the recorded runs whose tables the spec no longer reaches: after a full collection,
    /// a run whose table is gone from the weak-keyed table of run tables is dropped and what its
    /// frames were charged is given back, so that a spec may call `animhost.run{}` in a loop.
    private static func releaseDroppedRuns(_ L: OpaquePointer) {
        let spec = SpecState.of(L)
        guard spec.runs.contains(where: { $0 != nil }) else { return }
        ah_collect(L)  // runs no plugin code: a spec cannot make finalizers (the sandbox's setmetatable)
        var reached = Set<Int>()
        if lua_getfield(L, ah_registryindex(), runsKey) == LUA_TTABLE {
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                reached.insert(Int(lua_tointegerx(L, -1, nil)))
                ah_pop(L, 1)
            }
        }
        ah_pop(L, 1)
        for i in spec.runs.indices where !reached.contains(i) {
            guard let run = spec.runs[i] else { continue }
            LuaHost.of(L).charge(-run.bytes)
            spec.runs[i] = nil
        }
    }

    /// The registry's weak-keyed table from run tables to their index in ``SpecState/runs``.
    private static let runsKey = "animhost.runs"

    /// Links the run table on top of the stack to `run`.
    private static func remember(_ L: OpaquePointer, _ run: Recorded) {
        let host = LuaHost.of(L), spec = SpecState.of(L)
        spec.runs.append(run)
        host.charge(run.bytes)  // until the spec lets go of the run's table (``releaseDroppedRuns(_:)``)
        if lua_getfield(L, ah_registryindex(), runsKey) != LUA_TTABLE {
            ah_pop(L, 1)
            ah_newtable(L)
            ah_newtable(L)
            LuaHost.push(L, "k")
            lua_setfield(L, -2, "__mode")
            lua_setmetatable(L, -2)
            lua_pushvalue(L, -1)
            lua_setfield(L, ah_registryindex(), runsKey)
        }
        lua_pushvalue(L, -2)
        lua_pushinteger(L, lua_Integer(spec.runs.count - 1))
        lua_rawset(L, -3)
        ah_pop(L, 1)
    }

    /// The run whose table is at `index`, if animhost.run{} made it.
    static func recorded(_ L: OpaquePointer, _ index: Int32) -> Recorded? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        let table = lua_absindex(L, index)
        guard lua_getfield(L, ah_registryindex(), runsKey) == LUA_TTABLE else { ah_pop(L, 1); return nil }
        defer { ah_pop(L, 2) }
        lua_pushvalue(L, table)
        guard lua_rawget(L, -2) == LUA_TNUMBER else { return nil }
        let runs = SpecState.of(L).runs
        let i = Int(lua_tointegerx(L, -1, nil))
        return runs.indices.contains(i) ? runs[i] : nil
    }

    /// `params = { key = value }`, passed on as `--param` text.
    private static func params(_ L: OpaquePointer) throws -> [String: String] {
        defer { ah_pop(L, 1) }
        guard rawField(L, 1, "params") != LUA_TNIL else { return [:] }
        guard lua_type(L, -1) == LUA_TTABLE else { throw BindingError("animhost.run.params: expected a table") }
        var out: [String: String] = [:]
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            defer { ah_pop(L, 1) }
            let key = try checkString(L, -2, "animhost.run.params key")
            switch lua_type(L, -1) {
            case LUA_TNUMBER: out[key] = formatNumber(lua_tonumberx(L, -1, nil))
            case LUA_TBOOLEAN: out[key] = lua_toboolean(L, -1) != 0 ? "true" : "false"
            default: out[key] = try checkString(L, -1, "animhost.run.params." + key)
            }
        }
        return out
    }

    private static func push(_ L: OpaquePointer, _ o: TransitionOutcome, _ frames: [FrameSample]) {
        lua_createtable(L, 0, 8)
        LuaHost.push(L, o.info.plugin); lua_setfield(L, -2, "plugin")
        LuaHost.push(L, o.info.operation.rawValue); lua_setfield(L, -2, "operation")
        lua_pushboolean(L, o.result.completed ? 1 : 0); lua_setfield(L, -2, "completed")
        lua_pushboolean(L, o.result.cancelled ? 1 : 0); lua_setfield(L, -2, "cancelled")
        lua_pushnumber(L, o.info.duration); lua_setfield(L, -2, "duration")
        lua_pushinteger(L, lua_Integer(o.info.fps)); lua_setfield(L, -2, "fps")
        lua_createtable(L, Int32(frames.count), 0)
        for (i, frame) in frames.enumerated() {
            push(L, frame)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_setfield(L, -2, "frames")
        lua_createtable(L, Int32(o.calls.count), 0)
        for (i, call) in o.calls.enumerated() {
            LuaHost.push(L, call.call)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_setfield(L, -2, "calls")
    }

    private static func push(_ L: OpaquePointer, _ frame: FrameSample) {
        lua_createtable(L, 0, 4)
        lua_pushinteger(L, lua_Integer(frame.index)); lua_setfield(L, -2, "index")
        lua_pushnumber(L, frame.time); lua_setfield(L, -2, "t")
        if let touch = frame.touch { GestureBinding.push(L, touch); lua_setfield(L, -2, "touch") }
        lua_createtable(L, Int32(frame.nodes.count), 0)
        for (i, n) in frame.nodes.enumerated() {
            push(L, n)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_setfield(L, -2, "nodes")
    }

    /// A node of a frame: exactly its timeline fields (``NodeSample/timelineFields``), with
    /// rectangles, sizes, colours and transforms as values and null fields left out.
    private static func push(_ L: OpaquePointer, _ n: NodeSample) {
        push(L, n.timelineFields)
    }

    /// A point as a value, a list as an array of its items (colours as values).
    private static func push(_ L: OpaquePointer, _ value: TimelineValue) {
        switch value {
        case .point(let q): ValueBinding.push(L, q)
        case .array(let items):
            lua_createtable(L, Int32(items.count), 0)
            for (i, item) in items.enumerated() {
                switch item {
                case .color(let c): ValueBinding.push(L, c)
                case .number(let n): lua_pushnumber(L, n)
                default: lua_pushnil(L)
                }
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        default: lua_pushnil(L)
        }
    }

    private static func push(_ L: OpaquePointer, _ fields: [TimelineField]) {
        lua_createtable(L, 0, Int32(fields.count))
        for field in fields {
            switch field.value {
            case .null: continue
            case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
            case .integer(let n): lua_pushinteger(L, lua_Integer(n))
            case .number(let x): lua_pushnumber(L, x)
            case .string(let s): LuaHost.push(L, s)
            case .rect(let r): ValueBinding.push(L, r)
            case .size(let s): ValueBinding.push(L, s)
            case .color(let c): ValueBinding.push(L, c)
            case .transform(let t): ValueBinding.push(L, t)
            case .point(let p): ValueBinding.push(L, p)
            case .transform3D(let t): Transform3DBinding.push(L, t)
            case .object(let inner): push(L, inner)
            case .array: push(L, field.value)
            case .names(let names): ChoiceSetBinding.push(L, names)
            }
            lua_setfield(L, -2, field.key)
        }
    }
}

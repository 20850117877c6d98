import AnimhostCore
import AnimhostLua
import CLua

/// `animhost.snapshot(name, text)`: the spec framework's link to the ``SnapshotStore``.
enum SnapshotBinding {
    static func install(in L: OpaquePointer) {
        lua_getglobal(L, "animhost")
        LuaHost.setFunction(L, "snapshot", check)
        LuaHost.setFunction(L, "image_snapshot", checkImage)
        ah_pop(L, 1)
    }

    /// `animhost.image_snapshot(name, run, index, scale, tolerance)`: "matched", "recorded", or
    /// "differs", the number of differing pixels, the frame's pixel count and the diff image's path.
    private static let checkImage: LuaBinding = { L in
        let L = L!
        return binding(L) {
            guard let store = SpecState.of(L).snapshots else { throw BindingError("snapshots are available in specs only") }
            let name = try keptString(L, 1, "snapshot name")
            guard let run = RunBinding.recorded(L, 2) else { throw BindingError("image snapshots take a run from animhost.run{}") }
            let index = checkedInt(try checkNumber(L, 3, "frame index"))
            guard run.frames.indices.contains(index) else { throw BindingError("the run has frames 0 to \(run.frames.count - 1)") }
            let scale = try checkNumber(L, 4, "scale")
            guard (0.5...4).contains(scale) else { throw BindingError("scale: from 0.5 to 4, got \(formatNumber(scale))") }
            let tolerance = checkedInt(try checkNumber(L, 5, "tolerance"))
            switch try store.checkImage(name: name, frame: run.frames[index], info: run.info, scale: scale, tolerance: tolerance) {
            case .matched: LuaHost.push(L, "matched"); return 1
            case .recorded: LuaHost.push(L, "recorded"); return 1
            case .differs(let pixels, let total, let diff):
                LuaHost.push(L, "differs")
                lua_pushinteger(L, lua_Integer(pixels))
                lua_pushinteger(L, lua_Integer(total))
                LuaHost.push(L, diff)
                return 4
            }
        }
    }

    /// Returns "matched", "recorded", or "differs" and the recorded text.
    private static let check: LuaBinding = { L in
        let L = L!
        return binding(L) {
            guard let store = SpecState.of(L).snapshots else { throw BindingError("snapshots are available in specs only") }
            let name = try keptString(L, 1, "snapshot name")
            let text = try keptString(L, 2, "snapshot text")
            switch try store.check(name: name, text: text) {
            case .matched: LuaHost.push(L, "matched"); return 1
            case .recorded: LuaHost.push(L, "recorded"); return 1
            case .differs(let recorded):
                LuaHost.push(L, "differs")
                LuaHost.push(L, recorded)
                return 2
            }
        }
    }
}

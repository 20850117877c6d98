import CLua

/// Where `assert.matches_snapshot` keeps its recorded traces (the harness decides: files beside the spec).
public protocol SnapshotStore: AnyObject {
    /// Compares `text` with the snapshot `name`, recording it when there is none (or when re-recording).
    func check(name: String, text: String) throws -> SnapshotVerdict
}

/// How a snapshot comparison ended.
public enum SnapshotVerdict: Equatable, Sendable {
    case matched, recorded
    /// The recorded text, which differs from the new one.
    case differs(recorded: String)
}

/// `animhost.snapshot(name, text)`: the spec framework's link to the ``SnapshotStore``.
enum SnapshotBinding {
    static func install(in L: OpaquePointer, store: SnapshotStore) {
        LuaHost.of(L).snapshots = store
        lua_getglobal(L, "animhost")
        LuaHost.setFunction(L, "snapshot", check)
        ah_pop(L, 1)
    }

    /// Returns "matched", "recorded", or "differs" and the recorded text.
    private static let check: LuaBinding = { L in
        let L = L!
        return binding(L) {
            guard let store = LuaHost.of(L).snapshots else { throw BindingError("snapshots are available in specs only") }
            let name = try checkString(L, 1, "snapshot name")
            let text = try checkString(L, 2, "snapshot text")
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

import Foundation
import AnimhostCore
import AnimhostLua

/// What a spec's Lua state keeps for the harness's bindings (`animhost.run{}`, the snapshots): the
/// harness's attachment to the state (``LuaHost/attachment``), which the Lua module never reads.
final class SpecState {
    /// The spec's folder: the plugins and scenes it names resolve from here.
    let folder: URL
    /// Where the spec's plugins are looked up after its folder (`--plugins`, `$ANIMHOST_PATH`, …); nil: the folder alone.
    let searchPath: PluginCatalog?
    /// Where the spec's snapshots are kept.
    let snapshots: SnapshotStore?
    /// Notes the spec's runs have already said (each is said once).
    var notesSaid: Set<String> = []
    /// The runs `animhost.run{}` made, for image snapshots; nil for one the spec let go of.
    var runs: [RunBinding.Recorded?] = []
    /// The sessions whose last run left a presentation (a completed present, a cancelled dismiss), by
    /// plugin file: a dismiss of that plugin continues it (``TransitionSession/presentation``).
    var presentations: [URL: TransitionSession] = [:]

    init(folder: URL, searchPath: PluginCatalog?, snapshots: SnapshotStore?) {
        self.folder = folder; self.searchPath = searchPath; self.snapshots = snapshots
    }

    /// The state of the spec running in `L`; a binding of the harness runs only in a spec's state.
    static func of(_ L: OpaquePointer) -> SpecState {
        LuaHost.of(L).attachment as! SpecState
    }
}

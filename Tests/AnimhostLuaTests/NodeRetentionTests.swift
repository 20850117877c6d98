import XCTest
import CLua
import AnimhostCore
@testable import AnimhostLua

/// A loaded plugin keeps no node of a run that has ended: re-running it, as docs/embedding.md
/// recommends to previewers, holds as many nodes after the sixtieth run as after the first.
final class NodeRetentionTests: XCTestCase {
    /// A node, not kept alive.
    private struct Watched { weak var node: Node? }

    func testRerunningALoadedPluginHoldsNoNodesOfEndedRuns() throws {
        let catalog = PluginCatalog()
        let plugin = try Plugin(url: try catalog.locate("zoom").url)
        let session = TransitionSession(plugin, scenes: catalog)
        var watched: [Watched] = []
        func live() -> Int {
            ah_collect(plugin.host.L)
            return watched.filter { $0.node != nil }.count
        }
        var afterFirst = 0, perRun = 0
        for run in 1...60 {
            let request = TransitionRequest(operation: run.isMultiple(of: 2) ? .pop : .push)
            do {
                let scenes = try session.scenes(for: request)
                let nodes = scenes.from.root.subtree() + scenes.to.root.subtree()
                perRun = nodes.count
                watched += nodes.map { Watched(node: $0) }
                let outcome = try session.run(request, from: scenes.from, to: scenes.to)
                XCTAssertTrue(outcome.result.completed)
            }
            if run == 1 { afterFirst = live() }
        }
        XCTAssertGreaterThan(perRun, 10, "the probe watches whole scene trees")
        XCTAssertEqual(live(), afterFirst, "nodes of ended runs still held after 60 runs")
        XCTAssertLessThan(afterFirst, perRun, "a run's scenes are released once it ends")
    }

    /// Lua clears a collected key from a weak-keyed table one collection after its finalizer ran, so
    /// a plugin's table can hand out a node's userdata once its node was released: reading it is an
    /// error at the plugin's line, never a read of freed memory.
    func testANodeReleasedByTheCollectorIsAnErrorWhereverLuaStillFindsIt() throws {
        let plugin = try makePlugin(animatorSource("ctx:complete(true)"))
        let host = plugin.host
        try host.load(source: "local weak = setmetatable({}, { __mode = 'k' }); weak[node{ id = 'gone' }] = true; return weak", chunkName: "keep.lua")
        try host.call(nargs: 0, nresults: 1)
        let weak = host.ref()
        defer { host.unref(weak) }
        ah_collect(host.L)  // the node's userdata is finalized; the weak table still holds it as a key
        try host.load(source: "local weak = ...; for n in pairs(weak) do return tostring(n) .. ' ' .. n.alpha end; return 'none'", chunkName: "read.lua")
        host.pushRef(weak)
        XCTAssertThrowsError(try host.call(nargs: 1, nresults: 1)) { error in
            XCTAssertEqual((error as? PluginError)?.headline, "read.lua:1: node.alpha: expected a node, got node")
        }
    }
}

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
            plugin.host.collectGarbage()
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

    /// A node Lua still reaches keeps its userdata through a collection (the same key, the same
    /// node); one it no longer reaches is gone from a weak-keyed table, and its node is given back.
    func testACollectionReleasesTheNodesLuaLetGoOfAndKeepsTheOthers() throws {
        let plugin = try makePlugin(animatorSource("ctx:complete(true)"))
        let host = plugin.host
        let source = """
            local kept, weak = node{ id = 'kept' }, setmetatable({}, { __mode = 'k' })
            weak[kept] = 'kept'; weak[node{ id = 'dropped' }] = 'dropped'
            return function()
              local ids = {}
              for n, name in pairs(weak) do ids[#ids + 1] = name .. '=' .. n.id end
              return table.concat(ids, ' ') .. ' ' .. tostring(weak[kept] ~= nil)
            end
            """
        try host.load(source: source, chunkName: "weak.lua")
        try host.call(nargs: 0, nresults: 1)
        let read = host.ref()
        defer { host.unref(read) }
        func readWeak() throws -> String? {
            host.pushRef(read)
            try host.call(nargs: 0, nresults: 1)
            defer { ah_pop(host.L, 1) }
            return host.string(at: -1)
        }
        XCTAssertEqual(try readWeak(), "kept=kept dropped=dropped true")
        XCTAssertEqual(host.nodes.count, 2)
        host.collectGarbage()
        XCTAssertEqual(try readWeak(), "kept=kept true")
        XCTAssertEqual(host.nodes.count, 1, "the dropped node is given back")
    }

    /// A run's nodes are counted against the memory limit while the plugin holds them: 3,000 nodes of
    /// at least 1 KB each (``NodeBinding/nodeBytes``) a run, 40 runs, are 120 MB, far past 16 MiB if
    /// ended runs stayed counted; 3,000 of them fit easily in one run.
    func testNodesOfEndedRunsNoLongerCountAgainstTheMemoryLimit() throws {
        XCTAssertGreaterThan(NodeBinding.nodeBytes, 1000)
        let limits = SandboxLimits(maxMemory: 16 << 20)
        let dropping = try makePlugin(animatorSource("for i = 1, 3000 do node{ id = 'n' .. i } end\nctx:complete(true)"), limits: limits)
        let session = TransitionSession(dropping, scenes: PluginCatalog())
        for run in 1...40 {
            XCTAssertNoThrow(try session.run(TransitionRequest()), "run \(run)")
        }
    }

    /// The nodes a plugin keeps past its runs stay counted, their subtrees with them: one that keeps
    /// 3,000 nodes a run runs out of memory within the 40 runs (the same arithmetic).
    func testNodesKeptPastTheirRunStillCountAgainstTheMemoryLimit() throws {
        let limits = SandboxLimits(maxMemory: 16 << 20)
        let body = """
            local root = node{}
            kept = kept or {}
            kept[#kept + 1] = root
            for i = 1, 3000 do root:add(node{ id = 'n' .. i }) end
            ctx:complete(true)
            """
        let keeping = try makePlugin(animatorSource(body), limits: limits)
        let session = TransitionSession(keeping, scenes: PluginCatalog())
        var failure: String?
        for _ in 1...40 where failure == nil {
            do { _ = try session.run(TransitionRequest()) } catch let e as PluginError { failure = e.headline }
        }
        XCTAssertTrue(failure?.contains("not enough memory") == true, failure ?? "every run succeeded")
    }

    /// A node keeps one userdata through its run: per-node state in a weak-keyed table stays while
    /// the node is in the run's scenes, however many collections the plugin's garbage causes (UIKit's
    /// weak-keyed map keeps a live view's entry). 300,000 tables are several collection cycles.
    func testAWeakKeyedTableKeepsTheNodesOfTheRunWhileItGoes() throws {
        let body = """
            local state = setmetatable({}, { __mode = 'k' })
            local made = node{ id = 'made' }
            ctx.container:add(made)
            for _, c in ipairs(ctx.from.view.children) do state[c] = c.id end
            state[made] = 'made'
            made = nil
            local junk
            for i = 1, 300000 do junk = { i } end
            local ids = {}
            for _, c in ipairs(ctx.from.view.children) do ids[#ids + 1] = state[c] end
            ids[#ids + 1] = state[ctx.container:find('made')]
            print(#ctx.from.view.children + 1, #ids)
            """
        let lines = try evalLua(body)
        XCTAssertEqual(lines.count, 1)
        let counts = lines.first?.split(separator: "\t") ?? []
        XCTAssertEqual(counts.count, 2)
        XCTAssertEqual(counts.first, counts.last, "entries of live nodes lost")
        XCTAssertGreaterThan(Int(counts.first ?? "") ?? 0, 2)
    }
}

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

    /// Without a full collection, a state re-run any number of times still holds a bounded number
    /// of nodes: each run's end gives back those whose userdata Lua's collector has freed since, so
    /// what the last 30 of 90 runs hold at most is no more than the first 30 held (a state that
    /// kept them would hold three times as many).
    func testRunsEndingGiveBackWhatTheCollectorFreedWithoutAFullCollection() throws {
        let catalog = PluginCatalog()
        let plugin = try Plugin(url: try catalog.locate("zoom").url)
        let session = TransitionSession(plugin, scenes: catalog)
        var held: [Int] = []
        for run in 1...90 {
            let request = TransitionRequest(operation: run.isMultiple(of: 2) ? .pop : .push)
            let scenes = try session.scenes(for: request)
            let outcome = try session.run(request, from: scenes.from, to: scenes.to)
            XCTAssertTrue(outcome.result.completed)
            held.append(plugin.host.nodes.count)
        }
        let early = try XCTUnwrap(held[..<30].max()), late = try XCTUnwrap(held[60...].max())
        XCTAssertGreaterThan(early, 0)
        XCTAssertLessThanOrEqual(late, early, "held nodes per run: \(held)")
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
}

import XCTest
import AnimhostCore
@testable import AnimhostLua
import AnimhostTestSupport

final class SandboxTests: XCTestCase {
    func testNothingReachesOutsideTheState() throws {
        let out = try evalLua(
            """
            print(io, load, loadfile, dofile, debug, package, string.dump, os.execute, os.remove, os.getenv)
            print(type(os.clock), type(os.time), type(require), type(pcall), type(coroutine.wrap), type(utf8.char))
            """)
        XCTAssertEqual(
            out,
            [
                Array(repeating: "nil", count: 10).joined(separator: "\t"),
                "function\tfunction\tfunction\tfunction\tfunction\tfunction"
            ])
    }

    func testBytecodeIsNeverLoaded() throws {
        let dir = try temporaryFolder("bytecode")
        let url = dir.appendingPathComponent("binary.lua")
        try Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00]).write(to: url)
        XCTAssertThrowsError(try Plugin(url: url)) { error in
            XCTAssertTrue("\(error)".contains("attempt to load a binary chunk"), "\(error)")
        }
    }

    func testFinalizersAndGlobalCollectionAreRefused() {
        XCTAssertEqual(
            luaError("setmetatable({}, { __gc = function() while true do end end })"),
            "p.lua:4: setmetatable: __gc finalizers are not available to plugins")
        XCTAssertEqual(luaError("collectgarbage()"), "p.lua:4: collectgarbage: only collectgarbage(\"count\") is available to plugins")
        XCTAssertTrue(luaError("getmetatable('').__index = {}").contains("attempt to index a string value"))
    }

    func testRandomNumbersAreDeterministic() throws {
        let a = try evalLua("print(math.random(1, 1000000), math.random())")
        let b = try evalLua("print(math.random(1, 1000000), math.random())")
        XCTAssertEqual(a, b)
        XCTAssertTrue(luaError("math.randomseed()").contains("runs are deterministic"))
    }

    func testAnEndlessLoopInsidePcallStillStops() {
        let limits = SandboxLimits(timeout: 0.3)
        let start = Date()
        let message = luaError("while true do pcall(function() while true do end end) end", limits: limits)
        XCTAssertEqual(message, "p.lua:4: the plugin ran past its time limit of 0.3 s (an endless loop? raise the limit with --timeout)")
        // The bound is on the deadline, not the machine's speed: the deadline, the watchdog's grace
        // (docs/security.md) and a wide margin for a loaded machine.
        XCTAssertLessThan(Date().timeIntervalSince(start), limits.timeout + Watchdog.grace + 2)
    }

    func testAnEndlessLoopInACompletionStops() {
        let message = luaError(
            "animate{ duration = 0.1, function() ctx.from.view.alpha = 0 end, completion = function()\n  local n = 0\n  repeat n = n + 1 until false\nend }",
            complete: false, limits: SandboxLimits(timeout: 0.3))
        XCTAssertEqual(message, "p.lua:6: the plugin ran past its time limit of 0.3 s (an endless loop? raise the limit with --timeout)")
    }

    /// Writing frames (rendering them, say) is the host's time, not the plugin's.
    func testTimeSpentInFrameSinksIsNotThePluginsTime() throws {
        final class SlowSink: FrameSink {
            var frames = 0
            func begin(_ info: TimelineInfo) throws { Thread.sleep(forTimeInterval: 0.2) }
            func write(_ frame: FrameSample) throws { frames += 1; Thread.sleep(forTimeInterval: 0.05) }
            func finish(_ result: TransitionRun.Result) throws { Thread.sleep(forTimeInterval: 0.2) }
        }
        let source = animatorSource("animate{ duration = 0.3, function() ctx.from.view.alpha = 0 end, completion = function() ctx:complete(true) end }")
        let plugin = try makePlugin(source, limits: SandboxLimits(timeout: 0.5))
        let sink = SlowSink()
        let outcome = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: sink)
        XCTAssertTrue(outcome.result.completed)
        XCTAssertEqual(sink.frames, 19, "about 1.4 s in the sink against a 0.5 s budget")
    }

    func testMemoryIsCapped() {
        let limits = SandboxLimits(maxMemory: 16 << 20)
        XCTAssertEqual(
            luaError("local t = {} for i = 1, 1e8 do t[i] = { i } end", limits: limits),
            "p.lua: the plugin ran out of memory (limit 16 MiB; raise it with --max-memory)")
        XCTAssertEqual(
            luaError("local s = string.rep('x', 64 * 1024 * 1024)", limits: limits),
            "p.lua: the plugin ran out of memory (limit 16 MiB; raise it with --max-memory)")
        XCTAssertEqual(
            luaError("local s = 'x' for i = 1, 40 do s = s .. s end", limits: limits),
            "p.lua: the plugin ran out of memory (limit 16 MiB; raise it with --max-memory)")
    }

    func testBlocksKeepTheirContentsAsTheyGrowAndAreReused() throws {
        // Tables and strings growing through every small size and past it, then dropped and made
        // again many times over within a limit they would exceed if freed memory were not reused.
        let out = try evalLua(
            """
            local t, s = {}, ""
            for i = 1, 3000 do t[i] = i * 2; s = s .. string.char(65 + i % 26) end
            local ok = true
            for i = 1, 3000 do ok = ok and t[i] == i * 2 and s:byte(i) == 65 + i % 26 end
            for i = 3000, 2, -1 do t[i] = nil end
            collectgarbage("count")
            for i = 1, 3e5 do local garbage = { i, tostring(i) } end  -- about 40 MB made in all
            print(ok, #t, #s)
            """, limits: SandboxLimits(maxMemory: 16 << 20, timeout: 120))  // about a second of work: no deadline on a busy machine
        XCTAssertEqual(out, ["true\t1\t3000"])
    }

    func testNodesCountAgainstTheMemoryLimit() {
        // Nodes live in the host, outside Lua's allocator: each one is charged to the plugin's limit.
        let limits = SandboxLimits(maxMemory: 16 << 20)
        // 30,000 nodes hold a few MiB of Lua memory (their userdata and the table finding them) but
        // far more of the host's: the host's charge crosses the limit, inside `node{}`, at its line.
        XCTAssertGreaterThan(30_000 * NodeBinding.nodeBytes, 16 << 20)
        XCTAssertEqual(
            luaError("for i = 1, 30000 do node{} end", limits: limits),
            "p.lua:4: not enough memory (the plugin's memory limit)")
        // Copies are charged too; whichever allocation crosses the limit first reports it.
        let copies = luaError("local n = node{ children = { node{}, node{} } } for i = 1, 1e6 do n:snapshot() end", limits: limits)
        XCTAssertTrue(copies.hasPrefix("p.lua") && copies.contains("memory"), copies)
        XCTAssertNoThrow(try evalLua("for i = 1, 1000 do node{} end", limits: limits))
    }

    func testHostileErrorValuesAreDescribed() {
        XCTAssertEqual(luaError("error(setmetatable({}, { __tostring = function() error('boom') end }))"), "p.lua:4: (error object is a table value)")
        XCTAssertEqual(luaError("error({ code = 1 })"), "p.lua:4: (error object is a table value)")
    }

    func testYieldingAcrossTheHostIsAnError() {
        let message = luaError(
            """
            local co = coroutine.wrap(function() animate{ duration = 0.1, function() coroutine.yield() end } end)
            co()
            """)
        XCTAssertTrue(message.contains("attempt to yield across a C-call boundary"), message)
    }

    func testPrintGoesToTheHostPrefixedByThePluginName() throws {
        var lines: [String] = []
        let plugin = try makePlugin(animatorSource("print('hello', 42, nil)\nctx:complete(true)"), file: "greeter.lua") { lines.append($0) }
        _ = try plugin.run(TransitionRequest())
        XCTAssertEqual(lines, ["[greeter] hello\t42\tnil"])
    }

    func testRequireLoadsOnlyBesideThePlugin() throws {
        let plugin = try makePlugin(
            animatorSource(
                """
                local helpers = require("helpers")
                print(helpers.twice(21), require("helpers") == helpers)
                print(pcall(require, "../etc/passwd"))
                ctx:complete(true)
                """))
        try "return { twice = function(x) return 2 * x end }".write(
            to: plugin.url.deletingLastPathComponent().appendingPathComponent("helpers.lua"), atomically: true, encoding: .utf8)
        var lines: [String] = []
        plugin.host.printSink = { lines.append($0) }
        _ = try plugin.run(TransitionRequest())
        XCTAssertEqual(lines[0], "[p] 42\ttrue")
        XCTAssertTrue(lines[1].contains("false") && lines[1].contains("module names are words"), lines[1])
    }
}

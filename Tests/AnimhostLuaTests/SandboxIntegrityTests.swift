import XCTest
import AnimhostCore
@testable import AnimhostLua
import AnimhostTestSupport

/// The sandbox against plugins that redefine globals, read addresses or the clock, raise odd error
/// values, write through `rawset`, or reach outside their folder with `require`.
final class SandboxIntegrityTests: XCTestCase {
    // MARK: Finalizers

    func testRedefinedGlobalsDoNotLetAFinalizerThrough() {
        for redefinition in [
            "rawget = function() return nil end", "type = function() return 'nil' end",
            "error = function() end", "select = nil; table = nil; string = nil"
        ] {
            XCTAssertEqual(
                luaError(redefinition + "\nsetmetatable({}, { __gc = function() end })"),
                "p.lua:5: setmetatable: __gc finalizers are not available to plugins", redefinition)
        }
    }

    /// Lua marks an object for finalization only when its metatable is set (Lua 5.4 manual, §2.5.3):
    /// a `__gc` added to the metatable afterwards is never called.
    func testAFinalizerAddedAfterSetmetatableNeverRuns() throws {
        let out = try evalLua(
            """
            local mt = {}
            local marked = setmetatable({}, mt)
            mt.__gc = function() print("finalized") end
            marked = nil
            for i = 1, 300000 do local garbage = { i } end
            print("done")
            """)
        XCTAssertEqual(out, ["done"])
    }

    // MARK: Determinism

    /// `node{}` applies frame, then bounds, then center, whatever order Lua's table traversal gives:
    /// each expected frame is worked out by hand from that order.
    func testNodeFieldsApplyInTheirDocumentedOrder() throws {
        for _ in 0..<3 {  // fresh states: Lua seeds its string hashes differently in each
            let out = try evalLua(
                """
                local extras = { "alpha", "cornerRadius", "zIndex", "tag", "hidden", "clips" }
                local values = { alpha = 0.5, cornerRadius = 2, zIndex = 1, tag = "t", hidden = false, clips = true }
                local wrong = 0
                local function same(r, x, y, w, h) return r.x == x and r.y == y and r.width == w and r.height == h end
                for mask = 0, 63 do
                  local a = { center = point(100, 100), frame = rect(0, 0, 20, 40) }
                  local b = { bounds = rect(0, 0, 10, 10), frame = rect(0, 0, 20, 40) }
                  local c = { center = point(100, 100), bounds = rect(0, 0, 10, 10), frame = rect(0, 0, 20, 40) }
                  for bit = 1, 6 do
                    if mask & (1 << (bit - 1)) ~= 0 then
                      local k = extras[bit]
                      a[k], b[k], c[k] = values[k], values[k], values[k]
                    end
                  end
                  if not same(node(a).frame, 90, 80, 20, 40) then wrong = wrong + 1 end
                  if not same(node(b).frame, 5, 15, 10, 10) then wrong = wrong + 1 end
                  if not same(node(c).frame, 95, 95, 10, 10) then wrong = wrong + 1 end
                end
                print(wrong)
                """)
            XCTAssertEqual(out, ["0"])
        }
    }

    /// `pairs` and `next` walk keys in the documented order (numbers ascending, strings in byte order,
    /// false before true, then other keys by their `tostring` number), in every state: Lua's own order
    /// follows a hash seeded anew in each state, so fresh states would disagree without it.
    func testPairsAndNextWalkKeysInAFixedOrder() throws {
        let expected = [
            "-1,1,2.5,3,alpha,mu,zeta,false,true,table: #1,table: #2",
            "-1,1,2.5,3,alpha,mu,zeta,false,true,table: #1,table: #2",
            "a,c", "duration,lift,scale"
        ]
        for _ in 0..<4 {
            let out = try evalLua(
                """
                local first, second = {}, {}
                tostring(first); tostring(second)
                local t = { zeta = 1, alpha = 2, [3] = 'c', [1] = 'a', [2.5] = 'h', [true] = 't', [false] = 'f', mu = 3, [-1] = 'n' }
                t[second] = 2; t[first] = 1
                local order = {}
                for k in pairs(t) do order[#order + 1] = tostring(k) end
                print(table.concat(order, ","))
                local walked, k = {}, next(t)
                while k ~= nil do walked[#walked + 1] = tostring(k); k = next(t, k) end
                print(table.concat(walked, ","))
                local cleared, seen = { a = 1, b = 2, c = 3 }, {}
                for key in pairs(cleared) do seen[#seen + 1] = key; cleared.b = nil end
                print(table.concat(seen, ","))
                local params = {}
                for key in pairs(setmetatable({ scale = 1, duration = 2, lift = 3 }, {})) do params[#params + 1] = key end
                print(table.concat(params, ","))
                """)
            XCTAssertEqual(out, expected)
        }
    }

    func testUnknownNodeFieldsAreReportedInNameOrder() {
        for _ in 0..<3 {
            XCTAssertEqual(
                luaError("node{ zeta = 1, alpah = 1, frame = rect(0, 0, 1, 1), beta = 2 }"),
                "p.lua:4: a node has no property 'alpah' (did you mean 'alpha'?)")
        }
    }

    func testTextOfValuesNeverShowsAnAddress() throws {
        let source = """
            local t, f = {}, function() end
            print(t, tostring(t), f, print, tostring(t) == tostring(t))
            print(string.format("%s|%p|%10s|%5.1f|%%|%s", t, t, "x", 1.5, f))
            print(coroutine.create(f), easing("linear"), rect(0, 0, 1, 2))
            print(select(2, pcall(error, {})))
            """
        let first = try evalLua(source)
        XCTAssertEqual(
            first,
            [
                "table: #1\ttable: #1\tfunction: #2\tfunction: #3\ttrue",
                "table: #1|table: #1|         x|  1.5|%|function: #2",
                "thread: #4\tanimhost.easing: #5\trect(0, 0, 1, 2)",
                "table: #6"
            ])
        XCTAssertEqual(try evalLua(source), first, "the same text on every run")
    }

    func testStringFormatErrorsStillNameThePluginsLine() {
        XCTAssertEqual(
            luaError("local s = string.format('%d', 'x')"),
            "p.lua:4: bad argument #2 to 'format' (number expected, got string)")
        XCTAssertEqual(
            luaError("local s = ('%d'):format({})"),
            "p.lua:4: bad argument #2 to 'format' (number expected, got table)")
        XCTAssertEqual(
            luaError("local s = string.format(nil, {})"),
            "p.lua:4: bad argument #1 to 'format' (string expected, got nil)")
    }

    /// `os.clock()` is the transition's virtual time: 0 when `animate` runs, the animation's
    /// duration when its completion runs. There is no date and no wall clock.
    func testTheClockIsTheTransitionsVirtualClock() throws {
        let out = try evalLua(
            """
            print(os.clock(), os.time(), os.date, os.getenv, os.exit)
            animate{ duration = 0.3, function() ctx.from.view.alpha = 0 end,
                     completion = function() print(os.clock()) ctx:complete(true) end }
            """, complete: false)
        XCTAssertEqual(out, ["0.0\t0\tnil\tnil\tnil", "0.3"])
    }

    // MARK: Messages

    func testErrorValuesThatAreNotStringsNameTheirLine() {
        XCTAssertEqual(luaError("error(nil)"), "p.lua:4: (error object is a nil value)")
        XCTAssertEqual(luaError("local function fail()\n  error({ code = 1 })\nend\nfail()"), "p.lua:5: (error object is a table value)")
        XCTAssertEqual(
            luaError("local co = coroutine.wrap(function()\n  error(true)\nend)\nco()"),
            "p.lua:7: (error object is a boolean value)")
    }

    func testLongMessagesAreCutToFourKilobytes() {
        let huge = luaError("error(string.rep('x', 10 * 1024 * 1024))")
        XCTAssertEqual(huge, "p.lua:4: " + String(repeating: "x", count: 4096) + "… (10481664 more bytes left out)")
        // 1 + 2 × 3000 bytes: byte 4096 falls inside an "é", which is kept whole or not at all.
        let accented = luaError("error('a' .. string.rep('é', 3000))")
        XCTAssertEqual(accented, "p.lua:4: a" + String(repeating: "é", count: 2047) + "… (1906 more bytes left out)")
    }

    func testRawWritesToHostTablesFailLikeOtherWrites() throws {
        let ctxMessage = "p.lua:4: ctx is read-only (set values on nodes, or keep your own state in a local table)"
        XCTAssertEqual(luaError("rawset(ctx, 'from', {})"), ctxMessage)
        XCTAssertEqual(luaError("ctx.from = {}"), ctxMessage)
        let sceneMessage = "p.lua:4: ctx.from is read-only (set values on its nodes, such as ctx.from.view)"
        XCTAssertEqual(luaError("rawset(ctx.from, 'view', node{})"), sceneMessage)
        XCTAssertEqual(luaError("ctx.from.view = node{}"), sceneMessage)
        // grid and detail bring delegate scripts, the screens' own objects; a scene-file delegate is read-only
        XCTAssertNoThrow(try evalLua("ctx.to.delegate.selected = 1"))
        let news = try makePlugin(animatorSource("rawset(ctx.to.delegate, 'referenceNode', print)").replacingOccurrences(of: #"from = "grid", to = "detail""#, with: #"from = "news", to = "article""#))
        XCTAssertThrowsError(try news.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil)) { error in
            XCTAssertEqual(withoutTemporaryFolder((error as? PluginError)?.headline ?? "\(error)"), "p.lua:4: a scene's delegate is read-only")
        }
        XCTAssertEqual(luaError("rawset(ctx.params, 'x', 1)"), "p.lua:4: ctx.params is read-only (copy a value into a local to change it)")
        XCTAssertTrue(luaError("rawset(ctx.from.view, 'alpha', 0)").contains("table expected"))
        XCTAssertTrue(luaError("rawset(rect(0, 0, 1, 1), 'x', 5)").contains("table expected"))
        // Read-only views still list their fields, and a plugin's own tables take raw writes.
        let out = try evalLua(
            """
            local keys = {}
            for k in pairs(ctx.from) do keys[#keys + 1] = k end
            table.sort(keys)
            local _, fields = pairs(ctx.from)
            fields.name = "changed"
            local own = {}
            rawset(own, "x", 1)
            print(table.concat(keys, ","), ctx.from.name, own.x)
            """)
        XCTAssertEqual(out, ["delegate,name,overlay,size,view\tgrid\t1"])
    }

    // MARK: require

    func testRequireDoesNotFollowSymbolicLinksOutOfThePluginsFolder() throws {
        let plugin = try makePlugin(
            animatorSource(
                """
                print(pcall(require, "helpers"))
                print(pcall(require, "lib.secret"))
                print(pcall(require, "broken"))
                ctx:complete(true)
                """))
        let folder = plugin.url.deletingLastPathComponent()
        let outside = try temporaryFolder("outside")
        try "this secret text is not Lua\n".write(to: outside.appendingPathComponent("secret.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("helpers.lua"),
            withDestinationURL: outside.appendingPathComponent("secret.lua"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("lib"), withDestinationURL: outside)
        try "local x = 1\nlocal = 2\n".write(to: folder.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        var lines: [String] = []
        plugin.host.printSink = { lines.append(withoutTemporaryFolder($0)) }
        _ = try plugin.run(TransitionRequest())
        XCTAssertEqual(lines.count, 3)
        for line in lines.prefix(2) {
            XCTAssertTrue(line.hasPrefix("[p] false\t") && line.contains("leads outside the plugin's folder"), line)
            XCTAssertFalse(line.contains("secret text"), line)
        }
        XCTAssertTrue(lines[2].contains("broken.lua:2:"), lines[2])
    }

    /// The deadline's error names the file and line where the time ran out: a loop in a module the
    /// plugin requires is the module's, not the plugin's.
    func testTheDeadlineNamesTheModuleWhereTheTimeRanOut() throws {
        let module = """
            local m = {}
            function m.spin()
              local n = 0
              while true do n = n + 1 end
            end
            function m.spinInACoroutine()
              coroutine.resume(coroutine.create(function() while true do end end))
            end
            return m
            """
        // The time runs out in the module's loop; in a coroutine's, though the plugin loops on after it.
        for (call, place) in [("spin()", "spinner.lua:4"), ("spinInACoroutine()\nwhile true do end", "spinner.lua:7")] {
            let plugin = try makePlugin(animatorSource("require('spinner').\(call)\nctx:complete(true)"), limits: SandboxLimits(timeout: 0.3))
            try module.write(to: plugin.url.deletingLastPathComponent().appendingPathComponent("spinner.lua"), atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try plugin.run(TransitionRequest(), catalog: PluginCatalog(environment: [:]))) { error in
                let e = error as? PluginError
                XCTAssertTrue(e?.isTimeout ?? false, "\(error)")
                XCTAssertEqual(e.map { "\($0.file.split(separator: "/").last ?? ""):\($0.line ?? 0)" }, place, "\(error)")
            }
        }
    }
}

import XCTest
import Foundation
@testable import AnimhostLua
import AnimhostTestSupport

/// Plugins that attack the host: each must end with a clear error naming the plugin file, soon after
/// the deadline, with exit code 1, no crash and no output.
final class HostilePluginTests: XCTestCase {
    var work: URL!
    /// The deadline of the attacks on time.
    let timeout = 1.0
    /// The deadline of every other attack: long enough never to come first, however busy the machine.
    let noDeadline = 60.0
    /// How long a native call may run past the deadline before the process ends (docs/security.md).
    let watchdogGrace = Watchdog.grace
    /// Process start and exit on a loaded machine: the bound is on the plugin's time, not the machine's speed.
    let startMargin = 2.0

    override func setUpWithError() throws {
        work = try temporaryFolder("hostile")
    }

    /// Runs `body` as the plugin's `animate` and checks the run failed as promised; returns standard error.
    @discardableResult
    func attack(
        _ body: String, expect fragment: String, maxMemory: Int = 256, timeout: Double? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let timeout = timeout ?? noDeadline
        try CLI.writeHostilePlugin(body, in: work)
        return try run(
            ["run", "hostile.lua", "--timeout", String(timeout), "--max-memory", String(maxMemory)],
            expect: fragment, timeout: timeout, file: file, line: line)
    }

    func run(_ args: [String], expect fragment: String, timeout: Double? = nil, file: StaticString, line: UInt) throws -> String {
        let timeout = timeout ?? noDeadline
        let r = try CLI.run(args, in: work)
        let text = r.err
        XCTAssertFalse(r.crashed, "no crash: \(text)", file: file, line: line)
        XCTAssertEqual(r.code, 1, text, file: file, line: line)
        XCTAssertTrue(text.hasPrefix("animhost: hostile.lua"), "names the plugin file: \(text)", file: file, line: line)
        XCTAssertTrue(text.contains(fragment), "expected '\(fragment)' in: \(text)", file: file, line: line)
        XCTAssertLessThan(r.seconds, timeout + watchdogGrace + startMargin, "ends soon after the deadline and the watchdog's grace", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "writes nothing", file: file, line: line)
        return text
    }

    let overTime = "ran past its time limit of 1.0 s"
    let outOfMemory = "ran out of memory"

    /// The grace docs/security.md promises is the watchdog's own.
    func testTheDocumentedGraceIsTheWatchdogs() throws {
        let security = try String(contentsOf: packageRoot.appendingPathComponent("docs/security.md"), encoding: .utf8)
        XCTAssertTrue(security.contains("still inside Lua \(watchdogGrace) s after the deadline"), "docs/security.md names \(watchdogGrace) s")
    }

    func testEndlessLoops() throws {
        try attack("while true do end", expect: overTime, timeout: timeout)
        try attack("while true do pcall(function() while true do end end) end", expect: overTime, timeout: timeout)
        try attack("while true do local ok = xpcall(function() while true do end end, function() while true do end end) end", expect: overTime, timeout: timeout)
        try attack("local co = coroutine.create(function() while true do end end)\ncoroutine.resume(co)", expect: overTime, timeout: timeout)
        try attack("local f = coroutine.wrap(function() while true do pcall(string.rep, 'x', 10) end end)\nf()", expect: overTime, timeout: timeout)
        try attack("animate{ duration = 0.1, function() ctx.from.view.alpha = 0 end, completion = function() while true do end end }", expect: overTime, timeout: timeout)
    }

    func testNativeCallsThatCannotBeInterrupted() throws {
        let s = "local s = string.rep('a', 5000)\n"
        try attack(s + "string.find(s, '.-.-.-.-.-.-.-.-b')", expect: "cannot be interrupted", timeout: timeout)
        try attack(s + "string.match(s, '.-.-.-.-.-.-.-.-b')", expect: "cannot be interrupted", timeout: timeout)
        try attack(s + "string.gsub(s, '.-.-.-.-.-.-.-.-b', '')", expect: "cannot be interrupted", timeout: timeout)
        try attack(s + "for m in string.gmatch(s, '.-.-.-.-.-.-.-.-b') do end", expect: "cannot be interrupted", timeout: timeout)
    }

    func testMemoryBombs() throws {
        // A small limit, so the bombs reach it quickly.
        try attack("local t = {} for i = 1, 1e9 do t[i] = { i } end", expect: outOfMemory, maxMemory: 32)
        try attack("local s = 'x' while true do s = s .. s end", expect: outOfMemory, maxMemory: 32)
        try attack("local s = string.rep('x', 2^40)", expect: "resulting string too large")
        try attack("local s = string.rep('abcdefgh', 2^26)", expect: outOfMemory)
        try attack("local s, t = string.rep('x', 2000), {}\nfor i = 1, 2e5 do t[i] = s end\nlocal all = table.concat(t)", expect: outOfMemory, maxMemory: 32)
        try attack("table.unpack({}, 1, 1e8)", expect: "too many results to unpack")
        try attack("table.move({}, 1, 2^40, 2)", expect: "table.move: at most 10000000 elements")
        // A million levels of Lua stack take most of a second to build.
        try attack("local function f() return 1 + f() end\nf()", expect: "stack overflow")
    }

    func testReachingOutside() throws {
        try attack("io.open('/etc/passwd')", expect: "attempt to index a nil value (global 'io')")
        try attack("os.execute('true')", expect: "attempt to call a nil value (field 'execute')")
        try attack("os.remove('x')", expect: "attempt to call a nil value (field 'remove')")
        try attack("package.loadlib('x', 'y')", expect: "attempt to index a nil value (global 'package')")
        try attack("require('../../etc/passwd')", expect: "module names are words separated by dots")
        try attack("require('nosuchmodule')", expect: "no module 'nosuchmodule'")
        try attack("load('return 1')()", expect: "attempt to call a nil value (global 'load')")
        try attack("loadstring('return 1')()", expect: "attempt to call a nil value (global 'loadstring')")
        try attack("dofile('/etc/passwd')", expect: "attempt to call a nil value (global 'dofile')")
        try attack("loadfile('/etc/passwd')", expect: "attempt to call a nil value (global 'loadfile')")
        try attack("string.dump(print)", expect: "attempt to call a nil value (field 'dump')")
        try attack("debug.getregistry()", expect: "attempt to index a nil value (global 'debug')")
        try attack("collectgarbage('collect')", expect: "only collectgarbage(\"count\")")
        try attack("getmetatable('').__index.upper = nil", expect: "attempt to index a nil value (field '__index')")
    }

    func testFinalizersAreRefused() throws {
        try attack("setmetatable({}, { __gc = function() while true do end end })", expect: "__gc finalizers are not available")
        try attack("local mt = { __gc = function() error('boom') end }\nsetmetatable({}, mt)", expect: "__gc finalizers are not available")
    }

    func testHostileErrorValuesAndYields() throws {
        try attack("error({ code = 1 })", expect: "(error object is a table value)")
        try attack("error(setmetatable({}, { __tostring = function() while true do end end }))", expect: "(error object is a table value)")
        try attack(
            "local co = coroutine.wrap(function() animate{ duration = 0.1, function() coroutine.yield() end } end)\nco()",
            expect: "attempt to yield across a C-call boundary")
    }

    func testBytecodeIsRefused() throws {
        try Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93]).write(to: work.appendingPathComponent("hostile.lua"))
        _ = try run(["run", "hostile.lua"], expect: "attempt to load a binary chunk", file: #filePath, line: #line)
    }
}

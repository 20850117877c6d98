import XCTest
import CLua
@testable import AnimhostLua

/// An interrupt that lands between the host's check for one and its call into Lua must still stop
/// that call, not leave it running to its deadline.
final class InterruptRaceTests: XCTestCase {
    func testACallStartingAsTheInterruptLandsStopsAtOnce() throws {
        let host = try LuaHost(chunkName: "p.lua", printPrefix: "p", limits: SandboxLimits(timeout: 3))
        try host.load(source: "count = 0 while true do count = count + 1 end", chunkName: "p.lua")
        // The interrupt comes while nothing runs (it only asks), then the call begins, as when the
        // host's check for an interrupt has just passed.
        ah_interrupt(host.L)
        host.startClock()
        XCTAssertNotEqual(ah_pcall(host.L, 0, 0), LUA_OK)
        ah_pop(host.L, 1)
        lua_getglobal(host.L, "count")
        let count = lua_tointegerx(host.L, -1, nil)
        // Stopped at its first instructions; left running, it counts for the whole 3 s deadline.
        XCTAssertLessThan(count, 1_000, "the loop ran \(count) times")
    }
}

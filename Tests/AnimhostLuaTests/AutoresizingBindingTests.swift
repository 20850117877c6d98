import XCTest

/// `autoresizingMask` in Lua: an array of `UIView.AutoresizingMask`'s flag names, read back in
/// UIKit's bit order; a table that is not such an array is refused, never read as an empty mask.
final class AutoresizingBindingTests: XCTestCase {
    func testTheMaskIsSetAndReadBackInUIKitsOrder() throws {
        let out = try evalLua(
            """
            local n = node{ id = "n", autoresizingMask = { "flexibleHeight", "flexibleWidth" } }
            print(table.concat(n.autoresizingMask, ","))
            n.autoresizingMask = {}; print(#n.autoresizingMask)
            """)
        XCTAssertEqual(out, ["flexibleWidth,flexibleHeight", "0"])
    }

    func testATableWithKeysThatAreNotAnArrayIsRefused() {
        // UIKit's Swift spelling is a set literal; `{ flexibleWidth = true }` looks like one in Lua.
        XCTAssertTrue(
            luaError(#"node{ id = "n", autoresizingMask = { flexibleWidth = true } }"#)
                .contains("node.autoresizingMask: expected an array of names such as { \"flexibleLeftMargin\", \"flexibleWidth\" }, got a table with the key 'flexibleWidth'"))
        XCTAssertTrue(
            luaError(#"local n = node{ id = "n" }; n.autoresizingMask = { "flexibleWidth", flexibleHeight = true }"#)
                .contains("got a table with the key 'flexibleHeight'"))
        XCTAssertTrue(luaError(#"node{ id = "n", maskedCorners = { minXMinY = true } }"#).contains("got a table with the key 'minXMinY'"))
        XCTAssertTrue(
            luaError(#"node{ id = "n", autoresizingMask = { [1] = "flexibleWidth", [3] = "flexibleHeight" } }"#)
                .contains("node.autoresizingMask"))
        XCTAssertTrue(luaError(#"node{ id = "n", autoresizingMask = { [2] = "flexibleWidth" } }"#).contains("node.autoresizingMask"))
    }
}

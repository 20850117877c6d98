import XCTest
@testable import AnimhostLua

final class TimingBindingTests: XCTestCase {
    func testEasingIsAHostFunction() throws {
        let out = try evalLua(
            """
            local e = easing("easeInQuad")
            print(e(0.5), easing("linear")(0.25), easing("steps(2, jump-start)")(0.1))
            """)
        XCTAssertEqual(out, ["0.25\t0.25\t0.5"])
        XCTAssertTrue(luaError("easing('bounce')").contains("unknown easing 'bounce'"))
    }

    func testSpringsInBothParameterisations() throws {
        let out = try evalLua(
            """
            local s = spring{ dampingRatio = 1, response = 0.5 }
            print(string.format("%.6f %.6f", s.stiffness, s.damping), s:value(0), s.settlingDuration > 0)
            local ca = spring{ mass = 1, stiffness = 100, damping = 20 }
            print(string.format("%.9f", ca:value(0.1)))
            """)
        XCTAssertEqual(out[0], String(format: "%.6f %.6f", pow(4 * Double.pi, 2), 8 * Double.pi) + "\t0.0\ttrue")
        XCTAssertEqual(out[1], String(format: "%.9f", 1 - exp(-1.0) * (1 + 1)))
        XCTAssertTrue(luaError("spring{ dampingratio = 1 }").contains("did you mean 'dampingRatio'"))
    }
}

import XCTest
@testable import AnimhostOutput

/// The Lottie export's accounting: each limit refuses the count that passes it, not the one that reaches it.
final class BudgetTests: XCTestCase {
    func testPixelsAddUpAcrossImages() throws {
        let budget = LottieBudget(plugin: "p")
        // 5,000 × 5,000 = 25 Mi-ish pixels each, under the one-image limit; the sixth passes 128 Mi in all.
        for _ in 0..<5 { try budget.pixels(5000, 5000, for: "a shadow") }
        XCTAssertThrowsError(try budget.pixels(5000, 5000, for: "the text of node 'x'")) {
            XCTAssertEqual(
                "\($0)",
                "the Lottie export of plugin 'p' goes past its limit of 134,217,728 pixels of images drawn at the text of node 'x' (5000×5000 pixels): export smaller or fewer distinct texts and shadows, or a lower --scale (docs/lottie.md, Limits)"
            )
        }
    }

    func testSizesPastWhatADoubleHoldsAreRefused() {
        let budget = LottieBudget(plugin: "p")
        XCTAssertThrowsError(try budget.pixels(.infinity, 1, for: "a text"))
        XCTAssertThrowsError(try budget.pixels(.nan, 1, for: "a text"))
    }

    func testKeyframesCountTheirNumbers() throws {
        let budget = LottieBudget(plugin: "p")
        try budget.keyframes(40_000, of: 48, layer: "a")  // 1,920,000 numbers
        XCTAssertThrowsError(try budget.keyframes(2_000, of: 48, layer: "b")) {
            XCTAssertTrue("\($0)".contains("2,000,000 numbers in keyframes at layer 'b'"), "\($0)")
        }
    }
}

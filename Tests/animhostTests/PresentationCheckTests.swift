import XCTest
import Foundation
import AnimhostTestSupport

/// `check` on a plugin with a presentation: the dismiss runs after its present, starts from the
/// present's last frame and must end at the presenting screen at rest.
final class PresentationCheckTests: XCTestCase {
    func testTheDeckExampleConforms() throws {
        let r = try CLI.run(["check", "Examples/presentations/deck.lua"], in: packageRoot)
        XCTAssertEqual(r.code, 0, r.out)
        XCTAssertTrue(r.out.hasPrefix("✓ deck: conforms (20 runs)"), r.out)
    }

    /// A dismissal that forgets to bring the sunk screen forward ends with it at scale 0.93: 14 pt in
    /// from each side, (1 − 0.93) / 2 of 390.
    func testADismissalThatLeavesTheScreenSunkFails() throws {
        let dir = try temporaryFolder("deck")
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Examples/presentations/deck.lua"), encoding: .utf8)
        let broken = source.replacingOccurrences(of: "behind.transform, behind.cornerRadius = transform.identity, 0", with: "behind.cornerRadius = 0")
        XCTAssertNotEqual(broken, source)
        try broken.write(to: dir.appendingPathComponent("deck.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "deck.lua", "--operation", "dismiss", "--fps", "60"], in: dir)
        XCTAssertEqual(r.code, 1, r.out)
        XCTAssertTrue(r.out.contains("dismiss@60fps: ends at the destination's resting state: frame 27"), r.out)
        XCTAssertTrue(r.out.contains("'news' is at [14, 30, 363, 785], [0, 0, 390, 844] at rest"), r.out)
    }
}

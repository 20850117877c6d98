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

    /// The probes of a plugin with a presentation drive its dismissal, a pan down on the deck: one
    /// whose dismissal, once cancelled, takes the dimming away leaves the 40 pt strip above the card
    /// (the sunk screen, 14 pt in) undimmed where the present left it dimmed.
    func testTheProbesDriveTheDismissal() throws {
        let dir = try temporaryFolder("deck-probe")
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Examples/presentations/deck.lua"), encoding: .utf8)
        let broken = source.replacingOccurrences(
            of: "dismissalDidEnd = function(self, _, completed)\n", with: "dismissalDidEnd = function(self, _, completed)\n    self.dim.alpha = 0\n")
        XCTAssertNotEqual(broken, source)
        try broken.write(to: dir.appendingPathComponent("deck.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", "deck.lua", "--operation", "dismiss", "--fps", "60"], in: dir)
        XCTAssertEqual(r.code, 1, r.out)
        XCTAssertTrue(r.out.contains("dismiss+slow-release@60fps: an interactive pop or dismiss released slowly near its start cancels"), r.out)
        XCTAssertTrue(r.out.contains("in [14, 30, 363, 11], where 'deck-dim' (added by the plugin) is drawn"), r.out)
        let pop = try CLI.run(["check", "deck.lua", "--operation", "pop", "--fps", "60", "--output", "json"], in: dir)
        XCTAssertTrue(pop.out.contains("\"runs\": 2,"), "the pop and its reduced-motion run, no probe: \(pop.out)")
    }
}

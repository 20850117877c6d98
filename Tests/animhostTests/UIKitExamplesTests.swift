import XCTest
import Foundation
import AnimhostTestSupport

/// The animators ported from UIKit code (docs/porting-from-uikit.md) conform as written.
final class UIKitExamplesTests: XCTestCase {
    func testEveryPortedAnimatorConforms() throws {
        let names = ["zoom-transitioning", "rmp-zoom", "fluidphoto", "affine-crossfade", "photo-lift", "list-detail"]
        // Two checks of half the plugins each, side by side on two cores; their reports one after the other.
        let plugins = names.map { "Examples/uikit/\($0).lua" } + ["Examples/popup/popup.lua"]
        let halves = [Array(plugins.prefix(plugins.count / 2)), Array(plugins.dropFirst(plugins.count / 2))]
        let runs = try sideBySide(2) { i in try CLI.run(["check"] + halves[i], in: packageRoot) }
        for r in runs { XCTAssertEqual(r.code, 0, r.out) }
        let lines = runs.map(\.out).joined().split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  motion (") }
        XCTAssertEqual(lines.count, names.count + 1, runs.map(\.out).joined())
        for (line, name) in zip(lines, names + ["popup"]) { XCTAssertTrue(line.hasPrefix("✓ \(name): conforms ("), line) }
    }
}

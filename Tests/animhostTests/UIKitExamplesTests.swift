import XCTest
import Foundation
import AnimhostTestSupport

/// The animators ported from UIKit code (docs/porting-from-uikit.md) conform as written.
final class UIKitExamplesTests: XCTestCase {
    func testEveryPortedAnimatorConforms() throws {
        let names = ["zoom-transitioning", "rmp-zoom", "fluidphoto", "affine-crossfade", "photo-lift", "list-detail"]
        let r = try CLI.run(["check"] + names.map { "Examples/uikit/\($0).lua" } + ["Examples/popup/popup.lua"], in: packageRoot)
        XCTAssertEqual(r.code, 0, r.out)
        let lines = r.out.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  motion (") }
        XCTAssertEqual(lines.count, names.count + 1, r.out)
        for (line, name) in zip(lines, names + ["popup"]) { XCTAssertTrue(line.hasPrefix("✓ \(name): conforms ("), line) }
    }
}

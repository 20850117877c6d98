import XCTest
import Foundation

/// The animators ported from UIKit code (docs/porting-from-uikit.md) conform as written.
final class UIKitExamplesTests: XCTestCase {
    func testEveryPortedAnimatorConforms() throws {
        let names = ["zoom-transitioning", "rmp-zoom", "fluidphoto", "affine-crossfade", "photo-lift", "list-detail"]
        let r = try CLI.run(["check"] + names.map { "Examples/uikit/\($0).lua" } + ["Examples/popup/popup.lua"], in: CLI.repository)
        XCTAssertEqual(r.code, 0, r.out)
        XCTAssertEqual(r.out, (names + ["popup"]).map { "✓ \($0): conforms (14 runs)\n" }.joined())
    }
}

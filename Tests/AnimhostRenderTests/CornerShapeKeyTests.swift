import XCTest
import AnimhostCore
@testable import AnimhostRender

/// Caches key a box's corners as they are drawn: `CALayer` clamps a corner radius to half the box's
/// shorter side, so radii past it draw the same pixels and must find the same cached image.
final class CornerShapeKeyTests: XCTestCase {
    func testRadiiPastHalfTheShorterSideShareAShadowMask() {
        let pill = Size(width: 100, height: 40)
        let keys = [20.0, 50, 1000, .greatestFiniteMagnitude].map {
            ShadowMasks.key(size: pill, corners: CornerShape(radius: $0), radius: 4, color: .black)
        }
        XCTAssertEqual(Set(keys).count, 1, "every radius from 20 (half of 40) up draws one pill")
        let smaller = ShadowMasks.key(size: pill, corners: CornerShape(radius: 19), radius: 4, color: .black)
        XCTAssertNotEqual(smaller, keys[0])
        let square = [0.0, -5].map { ShadowMasks.key(size: pill, corners: CornerShape(radius: $0), radius: 4, color: .black) }
        XCTAssertEqual(square[0], square[1], "a negative radius draws square corners")
    }
}

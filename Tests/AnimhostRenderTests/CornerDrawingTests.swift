import XCTest
import AnimhostCore
@testable import AnimhostRender

/// `maskedCorners` and `cornerCurve` reach every drawing of the corners: the background, the border,
/// the shadow and the clip of the children.
final class CornerDrawingTests: XCTestCase {
    let size = Size(width: 200, height: 200)

    /// How dark a pixel is: 0 for white, 255 for black (the green channel).
    func darkness(_ px: Bitmap, _ x: Int, _ y: Int) -> Int { 255 - Int(px[x, y][1]) }

    /// A black 120 × 120 box at (40, 40) with radius 30, configured further.
    func box(_ configure: (inout NodeProperties) -> Void) -> NodeProperties {
        props(Rect(x: 40, y: 40, width: 120, height: 120), background: "#000000") {
            $0.cornerRadius = 30; configure(&$0)
        }
    }

    func testMaskedCornersRoundOnlyTheNamedCornersOfTheBackgroundBorderAndClip() throws {
        let sheet = box { $0.maskedCorners = [.minXMinY, .maxXMinY] }
        let bordered = box {
            $0.maskedCorners = [.minXMinY, .maxXMinY]; $0.backgroundColor = nil; $0.border = Border(width: 4, color: .black)
        }
        let clipping = box {
            $0.maskedCorners = [.minXMinY, .maxXMinY]; $0.backgroundColor = nil; $0.clips = true
        }
        let child = props(Rect(x: 0, y: 0, width: 120, height: 120), background: "#000000")
        for (what, node, children) in [("background", sheet, []), ("border", bordered, []), ("clip", clipping, [child])] {
            let px = try render(try screen(size, [(node, children)]), size: size)
            // Rounded: the corner pixel lies 42 px from the arc's centre (30 in from the corner).
            XCTAssertEqual(darkness(px, 41, 41), 0, "\(what): top left rounded")
            XCTAssertEqual(darkness(px, 158, 41), 0, "\(what): top right rounded")
            XCTAssertEqual(darkness(px, 41, 158), 255, "\(what): bottom left square")
            XCTAssertEqual(darkness(px, 158, 158), 255, "\(what): bottom right square")
        }
    }

    func testAShadowFollowsTheMaskedCorners() throws {
        // A white box's black shadow, offset 60 down, tight: below the box only the shadow shows.
        let shadowed = box {
            $0.backgroundColor = Color(r: 1, g: 1, b: 1); $0.maskedCorners = [.minXMaxY]
            $0.shadow = Shadow(color: .black, opacity: 1, radius: 0.5, offset: Size(width: 0, height: 30))
        }
        let px = try render(try screen(size, [(shadowed, [])]), size: size)
        XCTAssertLessThan(darkness(px, 42, 188), 20, "the shadow's bottom-left corner is round")
        XCTAssertGreaterThan(darkness(px, 157, 188), 235, "its bottom-right corner square")
    }

    func testContinuousCornersCutFurtherAlongTheEdgeAndMeetTheCircleAtTheDiagonal() throws {
        let size = Size(width: 400, height: 400)
        let square = { (curve: CornerCurve) in
            props(Rect(x: 20, y: 20, width: 360, height: 360), background: "#000000") {
                $0.cornerRadius = 100; $0.cornerCurve = curve
            }
        }
        let circular = try render(try screen(size, [(square(.circular), [])]), size: size, scale: 4)
        let continuous = try render(try screen(size, [(square(.continuous), [])]), size: size, scale: 4)
        // One radius from the corner along the top edge, the top quarter point: the circular corner has
        // reached the straight edge, the continuous one is still 0.45 points below it.
        XCTAssertEqual(darkness(circular, 4 * 120, 80), 255)
        XCTAssertEqual(darkness(continuous, 4 * 120, 80), 0)
        // Both leave the edge by 1.528665 radii from the corner.
        XCTAssertEqual(darkness(continuous, 4 * 175, 80), 255)
        // On the diagonal both pass through the circle: 100·(1 − 1/√2) = 29.29 points in.
        for px in [circular, continuous] {
            XCTAssertEqual(darkness(px, 199, 199), 255)
            XCTAssertEqual(darkness(px, 195, 195), 0)
        }
        // The continuous corner lies within the circular one: it never paints where the circular does not
        // (but for the rounding of two approximations of the arc: Cairo's and the outline's).
        for y in 80..<720 {
            for x in 80..<720 where darkness(circular, x, y) == 0 {
                XCTAssertLessThanOrEqual(darkness(continuous, x, y), 2, "(\(x), \(y)): no more than two arcs' rounding")
            }
        }
    }
}

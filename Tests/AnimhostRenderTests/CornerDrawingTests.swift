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
        props(Rect(x: 40, y: 40, width: 120, height: 120), background: "#000000") { $0.cornerRadius = 30; configure(&$0) }
    }

    func testMaskedCornersRoundOnlyTheNamedCornersOfTheBackgroundBorderAndClip() throws {
        let sheet = box { $0.maskedCorners = [.minXMinY, .maxXMinY] }
        let bordered = box { $0.maskedCorners = [.minXMinY, .maxXMinY]; $0.backgroundColor = nil; $0.border = Border(width: 4, color: .black) }
        let clipping = box { $0.maskedCorners = [.minXMinY, .maxXMinY]; $0.backgroundColor = nil; $0.clips = true }
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
        let circular = try render(try screen(size, [(box { _ in }, [])]), size: size, scale: 4)
        let continuous = try render(try screen(size, [(box { $0.cornerCurve = .continuous }, [])]), size: size, scale: 4)
        // 1.2 r from the corner along the top edge, a quarter point down: the circular corner has
        // reached the straight edge, the continuous one still curves away from it.
        let (x, y) = (4 * (40 + 120 - 36), 4 * 40)
        XCTAssertEqual(darkness(circular, x, y), 255)
        XCTAssertLessThan(darkness(continuous, x, y), 200)
        // On the diagonal both pass through the same point of the circle: 30·(1 − 1/√2) = 8.79 points in.
        let inside = 4 * (40 + 9) + 1, outside = 4 * (40 + 8) + 2
        for px in [circular, continuous] {
            XCTAssertEqual(darkness(px, inside, inside), 255)
            XCTAssertEqual(darkness(px, outside, outside), 0)
        }
        // The continuous corner is within the circular one: it never paints where the circular does not.
        for yy in stride(from: 160, to: 400, by: 1) {
            for xx in 160..<400 where darkness(circular, xx, yy) == 0 {
                XCTAssertEqual(darkness(continuous, xx, yy), 0, "(\(xx), \(yy))")
            }
        }
    }
}

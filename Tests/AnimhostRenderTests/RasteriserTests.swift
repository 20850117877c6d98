import XCTest
import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

final class RasteriserTests: XCTestCase {
    let size = Size(width: 40, height: 40)

    func testASolidSquareCoversExactlyItsPixels() throws {
        let frame = try screen(size, [(props(Rect(x: 10, y: 12, width: 8, height: 6)), [])])
        let px = try render(frame, size: size)
        XCTAssertEqual(px[10, 12], [255, 0, 0])
        XCTAssertEqual(px[17, 17], [255, 0, 0])
        XCTAssertEqual(px[9, 12], [255, 255, 255])
        XCTAssertEqual(px[18, 12], [255, 255, 255])
        XCTAssertEqual(px[10, 18], [255, 255, 255])
        XCTAssertEqual(px[10, 11], [255, 255, 255])
    }

    func testScaleMultipliesPixels() throws {
        let frame = try screen(size, [(props(Rect(x: 10, y: 12, width: 8, height: 6)), [])])
        let px = try render(frame, size: size, scale: 3)
        XCTAssertEqual(px.width, 120)
        XCTAssertEqual(px[30, 36], [255, 0, 0])
        XCTAssertEqual(px[53, 53], [255, 0, 0])
        XCTAssertEqual(px[29, 36], [255, 255, 255])
        XCTAssertEqual(px[54, 36], [255, 255, 255])
    }

    func testAlphaBlendsOverWhatIsBelow() throws {
        let frame = try screen(size, [(props(Rect(x: 0, y: 0, width: 20, height: 20)) { $0.alpha = 0.5 }, [])])
        assertClose(try render(frame, size: size)[5, 5], [255, 128, 128])
    }

    /// A half-transparent parent flattens with its child before fading (CALayer.allowsGroupOpacity):
    /// the blue parent must not show through its opaque red child.
    func testAlphaAppliesToTheSubtreeAsAGroup() throws {
        let parent = props(Rect(x: 0, y: 0, width: 20, height: 20), background: "#0000FF") { $0.alpha = 0.5 }
        let child = props(Rect(x: 0, y: 0, width: 10, height: 20), background: "#FF0000")
        let px = try render(try screen(size, [(parent, [child])]), size: size)
        assertClose(px[5, 5], [255, 128, 128])
        assertClose(px[15, 5], [128, 128, 255])
    }

    func testRoundedCornersAreAntialiased() throws {
        let frame = try screen(size, [(props(Rect(x: 0, y: 0, width: 40, height: 40)) { $0.cornerRadius = 12 }, [])])
        let px = try render(frame, size: size)
        XCTAssertEqual(px[0, 0], [255, 255, 255], "outside the arc")
        XCTAssertEqual(px[20, 20], [255, 0, 0], "inside")
        XCTAssertEqual(px[20, 0], [255, 0, 0], "a straight edge is not rounded")
        // On the diagonal the arc crosses at 12·(1 − 1/√2) ≈ 3.51 px: pixel 3 is partly covered.
        let edge = px[3, 3]
        XCTAssertEqual(edge[0], 255)
        XCTAssertTrue((40...215).contains(edge[1]), "partial coverage on the arc, got \(edge)")
    }

    func testBorderIsDrawnInsideTheBounds() throws {
        let p = props(Rect(x: 10, y: 10, width: 20, height: 20), background: nil) { $0.border = Border(width: 2, color: Color(hex: "#00FF00")!) }
        let px = try render(try screen(size, [(p, [])]), size: size)
        XCTAssertEqual(px[10, 20], [0, 255, 0])
        XCTAssertEqual(px[11, 20], [0, 255, 0])
        XCTAssertEqual(px[12, 20], [255, 255, 255])
        XCTAssertEqual(px[9, 20], [255, 255, 255])
    }

    func testARotationOf45DegreesTurnsTheSquareIntoADiamond() throws {
        let p = props(Rect(x: 10, y: 10, width: 20, height: 20)) { $0.transform = .rotation(.pi / 4) }
        let px = try render(try screen(size, [(p, [])]), size: size)
        XCTAssertEqual(px[20, 20], [255, 0, 0], "the centre stays")
        XCTAssertEqual(px[20, 7], [255, 0, 0], "a vertex now points up, 14.1 px from the centre")
        XCTAssertEqual(px[11, 11], [255, 255, 255], "the old corner is empty")
    }

    func testChildrenAreClippedToARoundedParentOnlyWhenItClips() throws {
        let child = props(Rect(x: 0, y: 0, width: 30, height: 30))
        for clips in [false, true] {
            let parent = props(Rect(x: 10, y: 10, width: 20, height: 20), background: nil) {
                $0.clips = clips; $0.cornerRadius = 6
            }
            let px = try render(try screen(size, [(parent, [child])]), size: size)
            XCTAssertEqual(px[35, 35], clips ? [255, 255, 255] : [255, 0, 0])
            XCTAssertEqual(px[10, 10], clips ? [255, 255, 255] : [255, 0, 0])
            XCTAssertEqual(px[20, 20], [255, 0, 0])
        }
    }

    func testHiddenAndTransparentNodesDrawNothing() throws {
        let hidden = props(Rect(x: 0, y: 0, width: 20, height: 20)) { $0.hidden = true }
        let clear = props(Rect(x: 20, y: 20, width: 20, height: 20)) { $0.alpha = 0 }
        let px = try render(try screen(size, [(hidden, []), (clear, [])]), size: size)
        XCTAssertEqual(px[5, 5], [255, 255, 255])
        XCTAssertEqual(px[25, 25], [255, 255, 255])
    }

    func testAShadowFallsOffSmoothlyFromTheEdge() throws {
        let canvas = Size(width: 120, height: 60)
        let p = props(Rect(x: 40, y: 10, width: 40, height: 40), background: "#000000") {
            $0.shadow = Shadow(color: .black, opacity: 1, radius: 6, offset: Size(width: 0, height: 0))
        }
        let px = try render(try screen(canvas, [(p, [])]), size: canvas)
        let row = (80..<110).map { px[$0, 30][0] }
        XCTAssertTrue(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 }, "brightness rises away from the edge: \(row)")
        XCTAssertTrue(zip(row, row.dropFirst()).allSatisfy { $1 - $0 <= 40 }, "no hard step: \(row)")
        XCTAssertTrue((80...175).contains(row[0]), "about half dark at the edge: \(row[0])")
        XCTAssertGreaterThanOrEqual(row[18], 250, "gone at three radii")
        XCTAssertEqual(px[60, 30], [0, 0, 0], "the node itself covers its shadow")
    }

    func testTheSameFrameGivesTheSamePixelsWithFreshOrWarmCaches() throws {
        let p = props(Rect(x: 4, y: 4, width: 30, height: 24)) {
            $0.image = "placeholder:3"; $0.contentMode = .aspectFill; $0.clips = true; $0.cornerRadius = 5
            $0.shadow = Shadow(color: .black, opacity: 0.3, radius: 4, offset: Size(width: 0, height: 2))
            $0.transform = .rotation(0.2)
        }
        let frame = try screen(size, [(p, [])])
        let renderer = try FrameRenderer(size: size, scale: 2, images: ImageStore())
        let (first, again) = try withExtendedLifetime(renderer) { (Bitmap(try renderer.render(frame)), Bitmap(try renderer.render(frame))) }
        let fresh = try render(frame, size: size, scale: 2)
        XCTAssertEqual(first.differences(from: again), 0)
        XCTAssertEqual(first.differences(from: fresh), 0)
    }

    func testANodeTooLargeToRasteriseIsNamedInTheError() throws {
        let huge = props(Rect(x: 0, y: 0, width: 1e6, height: 40)) { $0.image = "placeholder:1" }
        XCTAssertThrowsError(try render(try screen(size, [(huge, [])]), size: size)) {
            XCTAssertTrue(
                "\($0)".hasPrefix("node 'n0' of scene 'test': its backing store would be a 1000000×40-pixel image; one image holds at most 33,554,432 pixels (32 Mi) and 32,767 a side"), "\($0)")
        }
    }
}

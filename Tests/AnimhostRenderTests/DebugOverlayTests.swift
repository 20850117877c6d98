import XCTest
@testable import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

/// The debug overlay: outlines where the boxes are, motion paths through the centres, the touch trail.
final class DebugOverlayTests: XCTestCase {
    private let size = Size(width: 100, height: 100)

    /// A 1-point magenta outline lies on the box's edges (at 2×: two device pixels wide); inside and
    /// outside, the pixels are the frame's own.
    func testBoxOutlinesAreDrawnOnTheNodesEdges() throws {
        let frame = try screen(size, [(props(Rect(x: 20, y: 30, width: 40, height: 20), background: "#00FF00"), [])])
        let plain = try render(frame, size: size, scale: 2)
        let debug = try overlaid(frame)
        // The edge x = 20 pt is the stroke's centre: device pixels 39 and 40 are covered half each side.
        for (x, y) in [(39, 80), (40, 80), (119, 80), (120, 80), (80, 59), (80, 60), (80, 99), (80, 100)] {
            assertClose(debug[x, y], [255, 0, 255], within: 2, "outline at (\(x), \(y))")
        }
        assertClose(debug[100, 90], plain[100, 90], within: 0, "inside the box, away from the id and the anchor")
        assertClose(debug[10, 150], plain[10, 150], within: 0, "outside")
        assertClose(plain[40, 80], [0, 255, 0], within: 0, "without the overlay the edge is the box's colour")
        // The anchor cross at the centre (40, 40) pt.
        assertClose(debug[80, 74], [255, 0, 255], within: 2, "anchor cross, vertical arm")
    }

    /// A rotated box's outline follows the rotation: the corner of the unrotated box is left alone.
    func testOutlinesFollowTransforms() throws {
        let frame = try screen(size, [(props(Rect(x: 30, y: 30, width: 40, height: 40), background: nil) { $0.transform = .rotation(.pi / 4) }, [])])
        let plain = try render(frame, size: size, scale: 2)
        let drawn = try overlaid(frame)
        assertClose(drawn[139, 139], plain[139, 139], within: 0, "the unrotated bottom-right corner is not outlined")
        // The rotated square's edge from (50, 50 − 20√2) to (50 + 20√2, 50) pt passes through its midpoint,
        // (64.14, 35.86) pt: device pixel (128, 71) at 2×, over the white screen.
        let onEdge = drawn[128, 71]
        XCTAssertTrue(onEdge[0] == 255 && onEdge[2] == 255 && onEdge[1] < 100, "magenta on the rotated edge: \(onEdge)")
    }

    /// Under a perspective the outline is the projected quadrilateral, not its 2-D fit: a 40-point
    /// card turned 60° about y under a perspective of 100 has its near edge (w = 1 − 20 sin 60°/100)
    /// 40 / w ≈ 48.4 points tall, 20 cos 60° / w ≈ 12.1 points from the centre, where its fit's edges
    /// are about 41 points tall. The cross marks the anchor point, wherever it is.
    func testOutlinesFollowThePerspectiveAndTheAnchorPoint() throws {
        let card = props(Rect(x: 30, y: 30, width: 40, height: 40), background: nil) {
            $0.transform3D = Transform3D.rotation(-.pi / 3, 0, 1, 0) * .perspective(100)
        }
        let drawn = try overlaid(try screen(size, [(card, [])]))
        let w = 1 - 20 * sin(Double.pi / 3) / 100, reach = 10 / w
        XCTAssertGreaterThan(20 / w, 24)  // the near edge reaches y = 50 + 24.2: y = 72 lies on it
        let near = [50 + reach, 50 - reach].map { drawn[Int(($0 * 2).rounded(.down)), 144] }
        XCTAssertTrue(near.contains { $0[0] > 200 && $0[2] > 200 && $0[1] < 100 }, "magenta on the near edge at y = 72: \(near)")
        let box = props(Rect(x: 20, y: 30, width: 40, height: 20), background: nil) { $0.anchorPoint = Point(x: 0.25, y: 0.5) }
        let cross = try overlaid(try screen(size, [(box, [])]))[60, 76]  // the vertical arm at (30, 38) pt, a quarter across
        XCTAssertTrue(cross[0] > 200 && cross[2] > 200 && cross[1] < 100, "the cross at the anchor point: \(cross)")
    }

    /// The overlay is drawn whatever the container does: faded, moved, or both (the renderer draws such a
    /// container as one tree, a plain one screen by screen). The scene has no magenta of its own.
    func testOverlayIsDrawnOverAFadedOrMovedContainer() throws {
        let box = props(Rect(x: 20, y: 30, width: 40, height: 20), background: "#00FF00")
        let containers: [(name: String, alpha: Double, origin: Point, transform: Transform2D)] = [
            ("plain", 1, .zero, .identity), ("faded", 0.5, .zero, .identity), ("moved", 1, Point(x: 10, y: 0), .identity),
            ("moved and faded", 0.8, .zero, .translation(5, 5))
        ]
        for c in containers {
            let frame = try screen(size, [(box, [])]) { container in
                container.alpha = c.alpha
                container.frame.origin = c.origin
                container.transform = c.transform
            }
            XCTAssertEqual(magentaPixels(try render(frame, size: size, scale: 2)), 0, "\(c.name): no magenta without the overlay")
            XCTAssertGreaterThan(magentaPixels(try overlaid(frame)), 200, "\(c.name): the overlay's outlines are drawn")
        }
    }

    /// How many pixels of `bitmap` are the overlay's magenta.
    private func magentaPixels(_ bitmap: Bitmap) -> Int {
        (0..<bitmap.width * bitmap.height).filter { i in
            let p = bitmap.pixel(i % bitmap.width, i / bitmap.width)
            return p.r > 200 && p.g < 60 && p.b > 200
        }.count
    }

    /// `frame` at 2× with an overlay of boxes, ids and anchors only.
    private func overlaid(_ frame: FrameSample) throws -> Bitmap {
        let renderer = try FrameRenderer(size: size, scale: 2, images: ImageStore())
        return try withExtendedLifetime(renderer) { Bitmap(try renderer.render(frame, overlay: DebugOverlay())) }
    }

    /// Paths are the bbox centres of nodes that move, one point per frame; still nodes have none.
    func testPlanTracesMovingCentresAndTheTouchTrail() throws {
        let frames = try (0..<3).map { i -> FrameSample in
            let moving = props(Rect(x: Double(10 * i), y: 0, width: 10, height: 10))
            let still = props(Rect(x: 50, y: 50, width: 10, height: 10))
            let base = try screen(size, [(moving, []), (still, [])])
            let touch = i == 0 ? nil : GestureEvent(time: 0, state: .changed, location: Point(x: Double(i), y: 7), translation: .zero, velocity: .zero, edge: nil)
            return FrameSample(index: i, time: Double(i), nodes: base.nodes, touch: touch)
        }
        let plan = DebugOverlay.plan(frames)
        XCTAssertEqual(plan.count, 3)
        XCTAssertEqual(plan[0].paths.count, 1, "only the moving node")
        XCTAssertEqual(plan[0].paths[0].map(\.x), [5, 15, 25])
        XCTAssertEqual(plan[0].paths[0].map(\.y), [5, 5, 5])
        XCTAssertEqual(plan.map(\.trail.count), [0, 1, 2])
        XCTAssertEqual(plan[2].trail.last, Point(x: 2, y: 7))
    }
}

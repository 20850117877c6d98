import Foundation
import XCTest
import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

/// Layers turned out of the screen's plane: drawn flat, then projected with the divide by w. The
/// expected edges are worked out by hand from the perspective's geometry.
final class ProjectionTests: XCTestCase {
    let size = Size(width: 100, height: 100)
    let red = [255, 0, 0], white = [255, 255, 255]

    /// A red 40 × 40 card at (30, 30) on a white screen, configured by `card`.
    func card(_ card: @escaping (inout NodeProperties) -> Void) throws -> FrameSample {
        try screen(size, [(props(Rect(x: 30, y: 30, width: 40, height: 40), background: "#FF0000", card), [])])
    }

    func testACardTurnedAwayUnderPerspectiveIsATrapezoidWithItsNearEdgeTaller() throws {
        // Turned −60° about y through its centre, the eye 100 away: the right edge comes 20·sin 60° =
        // 17.32 nearer (w = 0.8268) and shows at x = 50 + 10/0.8268 = 62.09, 48.38 tall (25.81…74.19);
        // the left edge goes as far back (w = 1.1732), at x = 50 − 10/1.1732 = 41.48, 34.09 tall (32.95…67.05).
        let frame = try card { $0.transform3D = Transform3D.rotation(-.pi / 3, 0, 1, 0) * .perspective(100) }
        let bbox = try XCTUnwrap(frame.node("n0")).bbox
        XCTAssertEqual(bbox.minX, 41.477, accuracy: 0.01)
        XCTAssertEqual(bbox.maxX, 62.094, accuracy: 0.01)
        XCTAssertEqual(bbox.height, 48.38, accuracy: 0.01)
        let px = try render(frame, size: size)
        XCTAssertEqual(px[61, 50], red)
        XCTAssertEqual(px[63, 50], white)
        XCTAssertEqual(px[42, 50], red)
        XCTAssertEqual(px[40, 50], white)
        // The top edge runs from (41.48, 32.95) to (62.09, 25.81): at x = 60.5 it is at y = 26.4, at
        // x = 43.5 at y = 32.3 (pixels a pixel or more from an edge: the edges are antialiased).
        XCTAssertEqual(px[60, 28], red)
        XCTAssertEqual(px[60, 25], white)
        XCTAssertEqual(px[43, 34], red)
        XCTAssertEqual(px[43, 31], white)
        XCTAssertEqual(px[60, 72], red)
        XCTAssertEqual(px[60, 75], white)
    }

    func testAPerspectiveOnTheParentTurnsTheChildren() throws {
        // The same turn given as the card's own rotation under the screen's sublayerTransform (the
        // screen's centre is the card's), as UIKit code sets m34 on the superlayer.
        let c = Node(id: "container", properties: props(Rect(origin: .zero, size: size), background: nil))
        let screen = Node(
            id: "root", scene: "test",
            properties: props(Rect(origin: .zero, size: size), background: "#FFFFFF") { $0.sublayerTransform = .perspective(100) })
        try c.add(screen)
        try screen.add(
            Node(
                id: "card", scene: "test",
                properties: props(Rect(x: 30, y: 30, width: 40, height: 40)) { $0.transform3D = .rotation(-.pi / 3, 0, 1, 0) }))
        let frame = FrameSampler(container: c).sample(index: 0, time: 0)
        XCTAssertEqual(try XCTUnwrap(frame.node("card")).bbox.height, 48.38, accuracy: 0.01)
        let px = try render(frame, size: size)
        XCTAssertEqual(px[61, 50], red)
        XCTAssertEqual(px[63, 50], white)
        XCTAssertEqual(px[60, 28], red)
        XCTAssertEqual(px[60, 25], white)
    }

    func testAScreenSizedLayerKeepsItsContentInPlace() throws {
        // A 390 × 844 screen turned 25° under its container's perspective of 600, holding a card
        // from y = 140 to 360: the card's bottom edge shows at y = 351.5…366.7 (worked out from the
        // matrices), so at x = 200 the card is at y = 300 and the screen at y = 400 and below.
        let size = Size(width: 390, height: 844)
        let c = Node(id: "container", properties: props(Rect(origin: .zero, size: size), background: nil) { $0.sublayerTransform = .perspective(600) })
        let front = Node(
            id: "front", scene: "t",
            properties: props(Rect(origin: .zero, size: size), background: "#0000FF") { $0.transform3D = .rotation(-25 * .pi / 180, 0, 1, 0) })
        try c.add(front)
        try front.add(Node(id: "card", scene: "t", properties: props(Rect(x: 24, y: 140, width: 342, height: 220), background: "#FFAA00")))
        let px = try render(FrameSampler(container: c).sample(index: 0, time: 0), size: size, scale: 2)
        XCTAssertEqual(px[400, 600], [255, 170, 0])
        XCTAssertEqual(px[400, 800], [0, 0, 255])
        XCTAssertEqual(px[400, 1600], [0, 0, 255])
    }

    func testAnEdgeOnCardDrawsNothing() throws {
        let px = try render(try card { $0.transform3D = .rotation(.pi / 2, 0, 1, 0) * .perspective(100) }, size: size)
        XCTAssertEqual(px[50, 50], white)
    }

    func testACardPartlyBehindTheEyeDrawsOnlyItsFrontPart() throws {
        // The eye 10 away, the card turned 80°: its right edge is 19.7 nearer, past the eye. The
        // left part still shows, the run ends, and the box stays finite.
        let frame = try card { $0.transform3D = Transform3D.rotation(-80 * .pi / 180, 0, 1, 0) * .perspective(10) }
        let bbox = try XCTUnwrap(frame.node("n0")).bbox
        XCTAssertTrue(bbox.width.isFinite && bbox.height.isFinite)
        let px = try render(frame, size: size)
        // The left edge: x = 50 − 20·cos 80°/(1 + 19.7/10) = 48.83; just right of it is red.
        XCTAssertEqual(px[49, 50], red)
        XCTAssertEqual(px[47, 50], white)
        // Nothing of it is drawn mirrored on the left.
        for x in 0..<46 { XCTAssertEqual(px[x, 50], white, "x = \(x)") }
    }

    func testACardWhollyBehindTheEyeDrawsNothing() throws {
        let frame = try card { $0.transform3D = Transform3D.translation(0, 0, 200) * .perspective(100) }
        XCTAssertEqual(try XCTUnwrap(frame.node("n0")).bbox, .zero)
        let px = try render(frame, size: size)
        for y in stride(from: 0, to: 100, by: 5) { for x in stride(from: 0, to: 100, by: 5) { XCTAssertEqual(px[x, y], white) } }
    }

    func testZPositionPaintsASiblingOnTop() throws {
        let below = props(Rect(x: 10, y: 10, width: 50, height: 50), background: "#FF0000") { $0.zPosition = 1 }
        let above = props(Rect(x: 40, y: 40, width: 50, height: 50), background: "#0000FF")
        let px = try render(try screen(size, [(below, []), (above, [])]), size: size)
        XCTAssertEqual(px[50, 50], red, "the higher zPosition is on top, though inserted first")
        let plain = try render(try screen(size, [(props(Rect(x: 10, y: 10, width: 50, height: 50)), []), (above, [])]), size: size)
        XCTAssertEqual(plain[50, 50], [0, 0, 255])
    }
}

import XCTest
@testable import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

/// The debug overlay at 1×, where ids are as tall as small nodes: ids are never written over one
/// another, and nodes an opaque screen covers are not boxed.
final class DebugOverlayClutterTests: XCTestCase {
    private let size = Size(width: 100, height: 100)

    /// Two nodes on the same box: the second id goes on the line below the first (whose line stays as one
    /// id alone draws it), not over it; the line below holds magenta only when there are two.
    func testIdsOnTheSameSpotGoOnSeparateLines() throws {
        let box = Rect(x: 10, y: 10, width: 80, height: 40)
        let one = try overlaid(try screen(size, [(props(box, background: nil), [])]))
        let two = try overlaid(try screen(size, [(props(box, background: nil), []), (props(box, background: nil), [])]))
        // Ids are 9 pt type from the box's top-left corner + 2 pt: the first line is y 10…21, the second 21…32.
        let firstLine = (13..<30).flatMap { x in (12..<21).map { (x, $0) } }
        let secondLine = (13..<30).flatMap { x in (23..<32).map { (x, $0) } }
        XCTAssertEqual(magenta(one, secondLine), 0, "one id: nothing on the second line")
        XCTAssertGreaterThan(magenta(two, secondLine), 10, "the second id on the second line")
        XCTAssertEqual(magenta(two, firstLine), magenta(one, firstLine), "the first line holds one id, not two written over each other")
    }

    /// The placement itself: ids on one spot stack within the box, and one that has no free line left is not written.
    func testPlacesStackWithinTheBox() {
        var labels = OverlayLabels()
        let box = Rect(x: 0, y: 0, width: 50, height: 25)
        XCTAssertEqual(labels.place(width: 20, in: box), Point(x: 2, y: 10))
        XCTAssertEqual(labels.place(width: 20, in: box), Point(x: 2, y: 21))
        XCTAssertNil(labels.place(width: 20, in: box), "a third line would leave the 25-pt box")
        XCTAssertEqual(labels.place(width: 20, in: Rect(x: 30, y: 0, width: 50, height: 25)), Point(x: 32, y: 10), "beside the others: free")
    }

    /// A box of the screen underneath is not outlined while an opaque screen covers it; it is while the
    /// screen on top is translucent.
    func testNodesUnderAnOpaqueScreenAreNotBoxed() throws {
        for (alpha, boxed) in [(1.0, false), (0.5, true)] {
            let container = Node(id: "container", properties: props(Rect(origin: .zero, size: size), background: nil))
            let below = Node(id: "below", scene: "a", properties: props(Rect(origin: .zero, size: size), background: "#FFFFFF"))
            try below.add(Node(id: "card", scene: "a", properties: props(Rect(x: 20, y: 20, width: 40, height: 40), background: "#00FF00")))
            let above = Node(id: "above", scene: "b", properties: props(Rect(origin: .zero, size: size), background: "#0000FF") { $0.alpha = alpha })
            try container.add(below)
            try container.add(above)
            let drawn = try overlaid(FrameSampler(container: container).sample(index: 0, time: 0))
            let all = (0..<100).flatMap { x in (0..<100).map { (x, $0) } }
            XCTAssertEqual(magenta(drawn, all, underBlue: true) > 0, boxed, "screen on top at alpha \(alpha)")
        }
    }

    /// How many of `points` are the overlay's magenta, or (`underBlue`) magenta seen through half-transparent blue.
    private func magenta(_ bitmap: Bitmap, _ points: [(Int, Int)], underBlue: Bool = false) -> Int {
        points.filter { p in
            let c = bitmap.pixel(p.0, p.1)
            return underBlue ? c.r > 100 && c.g < 60 && c.b > 200 : c.r > 150 && c.g < 120 && c.b > 150
        }.count
    }

    /// `frame` at 1× with boxes, ids and anchors.
    private func overlaid(_ frame: FrameSample) throws -> Bitmap {
        let renderer = try FrameRenderer(size: size, scale: 1, images: ImageStore())
        return try withExtendedLifetime(renderer) { Bitmap(try renderer.render(frame, overlay: DebugOverlay())) }
    }
}

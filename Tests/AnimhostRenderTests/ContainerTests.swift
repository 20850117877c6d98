import XCTest
import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

/// The container is drawn as a view: its background where no screen covers it, its transform, alpha
/// and clipping over everything in it. Expected pixels worked out from the geometry.
final class ContainerTests: XCTestCase {
    let size = Size(width: 40, height: 40)

    /// A container of `size` configured by `container`, holding a 20 × 20 blue screen at (10, 10).
    func frame(_ container: (inout NodeProperties) -> Void) throws -> FrameSample {
        let c = Node(id: "container", properties: props(Rect(origin: .zero, size: size), background: nil, container))
        try c.add(Node(id: "screen", scene: "s", properties: props(Rect(x: 10, y: 10, width: 20, height: 20), background: "#0000FF")))
        return FrameSampler(container: c).sample(index: 0, time: 0)
    }

    func testTheBackgroundShowsWhereNoScreenCovers() throws {
        let px = try render(try frame { $0.backgroundColor = Color(hex: "#FF0000") }, size: size)
        XCTAssertEqual(px[2, 2], [255, 0, 0])
        XCTAssertEqual(px[20, 20], [0, 0, 255])
        let bare = try render(try frame { _ in }, size: size)
        XCTAssertEqual(bare[2, 2], [0, 0, 0], "no background: the window's black")
    }

    func testItsTransformAndAlphaApplyToEverythingInIt() throws {
        // scaled by 0.5 about (20, 20): the screen covers 15…25, the background 10…30
        let px = try render(
            try frame {
                $0.backgroundColor = Color(hex: "#FF0000"); $0.transform = .scale(0.5, 0.5)
            }, size: size)
        XCTAssertEqual(px[5, 5], [0, 0, 0])
        XCTAssertEqual(px[12, 12], [255, 0, 0])
        XCTAssertEqual(px[16, 16], [0, 0, 255])
        XCTAssertEqual(px[26, 26], [255, 0, 0])
        // half transparent over black: the screen at half its blue
        let faded = try render(try frame { $0.alpha = 0.5 }, size: size)
        assertClose(faded[20, 20], [0, 0, 128])
    }

    func testChromeIsDrawnAboveTheContainerAndOutsideItsTransform() throws {
        let c = Node(id: "container", properties: props(Rect(origin: .zero, size: size), background: nil) { $0.transform = .scale(0.5, 0.5) })
        try c.add(Node(id: "screen", scene: "s", properties: props(Rect(origin: .zero, size: size), background: "#0000FF")))
        let bars = Node(id: "bars", scene: "bars", properties: props(Rect(origin: .zero, size: size), background: nil))
        try bars.add(Node(id: "bar", scene: "bars", properties: props(Rect(x: 0, y: 30, width: 40, height: 10), background: "#FF0000")))
        for transformed in [true, false] {
            if !transformed { c.model.transform = .identity }
            let px = try render(FrameSampler(container: c, chrome: bars).sample(index: 0, time: 0), size: size)
            XCTAssertEqual(px[20, 35], [255, 0, 0], "the bar, unscaled, over the screen")
            XCTAssertEqual(px[20, 20], [0, 0, 255])
            XCTAssertEqual(px[2, 2], transformed ? [0, 0, 0] : [0, 0, 255])
        }
    }
}

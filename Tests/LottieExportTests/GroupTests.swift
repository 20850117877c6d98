import XCTest
import AnimhostCore
@testable import AnimhostOutput

/// When a node's opacity can go on its layers instead of a precomposition: only where the layers
/// never overlap while the node is translucent, as group opacity and per-layer opacity then draw
/// the same pixels (checked here with the compositing sum itself).
final class GroupTests: XCTestCase {
    private func part(_ boxes: [Rect?], opacity: [Double]) -> LottieLayers.Part {
        LottieLayers.Part(fields: [], anchor: [0, 0], placement: nil, opacity: opacity, boxes: boxes)
    }

    /// Two opaque layers over a background `u`, with group alpha `a`: the group's pixel and the
    /// pixel drawn with `a` on each layer, where the upper layer covers the lower one.
    private func composited(lower: Double, upper: Double, under u: Double, alpha a: Double) -> (group: Double, each: Double) {
        (a * upper + (1 - a) * u, a * upper + (1 - a) * (a * lower + (1 - a) * u))
    }

    func testOverlappingLayersNeedAGroupWhileTranslucent() {
        let (group, each) = composited(lower: 0.2, upper: 0.9, under: 1, alpha: 0.5)
        XCTAssertNotEqual(group, each, accuracy: 0.01, "overlap: per-layer opacity lets the lower layer show through")
        let a = part([Rect(x: 0, y: 0, width: 100, height: 50)], opacity: [1])
        let b = part([Rect(x: 20, y: 10, width: 30, height: 20)], opacity: [1])
        XCTAssertFalse(LottieLayers.apart([a, b], while: [0.5]))
        XCTAssertTrue(LottieLayers.apart([a, b], while: [1]), "opaque group: nothing to composite")
        XCTAssertTrue(LottieLayers.apart([a, b], while: [0]), "invisible group")
    }

    /// Side by side (sharing an edge), or one shown at a time, the layers never cover each other.
    func testLayersApartInSpaceOrTimeTakeTheOpacityThemselves() {
        let left = part([Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 0, y: 0, width: 50, height: 50)], opacity: [1, 1])
        let right = part([Rect(x: 50, y: 0, width: 50, height: 50), Rect(x: 10, y: 10, width: 50, height: 50)], opacity: [1, 0])
        XCTAssertTrue(LottieLayers.apart([left, right], while: [0.3, 0.6]))
        let shownTogether = part(right.boxes, opacity: [1, 0.5])
        XCTAssertFalse(LottieLayers.apart([left, shownTogether], while: [0.3, 0.6]))
    }

    /// The look is paid for: n layers over f frames cost n(n−1)/2 · f comparisons, taken from what the
    /// export has left; past 64 layers, or past what is left, the group is precomposed unlooked at.
    func testComparingLayersSpendsWhatTheExportHasLeft() {
        var left = 10_000
        XCTAssertTrue(LottieLayers.mayCompare(10, frames: 100, pairsLeft: &left))
        XCTAssertEqual(left, 10_000 - 45 * 100)
        XCTAssertTrue(LottieLayers.mayCompare(10, frames: 100, pairsLeft: &left))
        XCTAssertEqual(left, 1_000)
        XCTAssertFalse(LottieLayers.mayCompare(10, frames: 100, pairsLeft: &left), "4,500 pairs with 1,000 left")
        XCTAssertEqual(left, 1_000, "a refused look costs nothing")
        var plenty = Int.max
        XCTAssertFalse(LottieLayers.mayCompare(65, frames: 1, pairsLeft: &plenty))
        XCTAssertTrue(LottieLayers.mayCompare(64, frames: 1, pairsLeft: &plenty))
        XCTAssertTrue(LottieLayers.mayCompare(0, frames: 1_000, pairsLeft: &left))
        XCTAssertEqual(left, 1_000)
    }

    /// 8-bit compositing: an opacity that rounds to 0 or 255 of 255 is written as 0 or 1.
    func testOpacitiesAtTheEightBitEndsAreExact() {
        XCTAssertEqual(LottieLayers.eightBit(0.0019), 0)  // 0.48 of 255
        XCTAssertEqual(LottieLayers.eightBit(0.0020), 0.0020)  // 0.51 of 255
        XCTAssertEqual(LottieLayers.eightBit(0.9981), 1)  // 254.52 of 255
        XCTAssertEqual(LottieLayers.eightBit(0.9979), 0.9979)  // 254.46 of 255
    }

    /// The box of a rectangle turned a quarter and moved.
    func testABoxFollowsTheTransform() {
        let box = LottieLayers.box(Rect(x: 0, y: 0, width: 40, height: 10), through: Transform2D.rotation(.pi / 2).concatenating(.translation(100, 0)))
        XCTAssertEqual(box.x, 90, accuracy: 1e-9)
        XCTAssertEqual(box.y, 0, accuracy: 1e-9)
        XCTAssertEqual(box.width, 10, accuracy: 1e-9)
        XCTAssertEqual(box.height, 40, accuracy: 1e-9)
    }
}

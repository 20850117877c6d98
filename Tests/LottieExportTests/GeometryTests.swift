import XCTest
import AnimhostCore
@testable import AnimhostOutput

/// Layer transforms and paths, checked against Lottie's transform order: a content point moves by
/// minus the anchor, is scaled, rotated (degrees, clockwise on screen), then moved to the position.
final class GeometryTests: XCTestCase {
    /// Where Lottie puts content point (x, y) of a layer with `placement` and `anchor`.
    private func lottie(_ x: Double, _ y: Double, _ placement: [Double], anchor: (Double, Double)) -> (Double, Double) {
        let (sx, sy, r) = (placement[2] / 100, placement[3] / 100, placement[4] * .pi / 180)
        let (u, v) = ((x - anchor.0) * sx, (y - anchor.1) * sy)
        return (placement[0] + u * cos(r) - v * sin(r), placement[1] + u * sin(r) + v * cos(r))
    }

    /// A 200 × 100-pixel image stretched over a 40 × 30 rectangle at (5, 10) of a node scaled, rotated
    /// and moved: every corner lands where the node's own transform puts it.
    func testAPlacementPutsTheContentWhereTheNodeDraws() {
        let toContainer = Transform2D.scale(1.5, 0.8).concatenating(.rotation(0.7)).concatenating(.translation(120, 300))
        let rect = Rect(x: 5, y: 10, width: 40, height: 30)
        let placement = LottieGeometry.placement(over: rect, content: Size(width: 200, height: 100), through: toContainer)
        for (x, y) in [(0.0, 0.0), (200, 0), (0, 100), (200, 100), (50, 25)] {
            let local = (rect.x + x * rect.width / 200, rect.y + y * rect.height / 100)
            let expected = (
                toContainer.a * local.0 + toContainer.c * local.1 + toContainer.tx,
                toContainer.b * local.0 + toContainer.d * local.1 + toContainer.ty
            )
            let got = lottie(x, y, placement, anchor: (100, 50))
            XCTAssertEqual(got.0, expected.0, accuracy: 1e-9)
            XCTAssertEqual(got.1, expected.1, accuracy: 1e-9)
        }
        XCTAssertEqual(placement[4], 0.7 * 180 / .pi, accuracy: 1e-9)
    }

    /// A half-turn and more keeps turning the same way from frame to frame instead of jumping back.
    func testRotationIsUnwrapped() {
        var values: [[Double]] = [[0, 0, 100, 100, 170], [0, 0, 100, 100, -175], [0, 0, 100, 100, -160]]
        LottieGeometry.unwrapRotation(&values)
        XCTAssertEqual(values.map { $0[4] }, [170, 185, 200])
    }

    /// A rounded rectangle's vertices lie on its outline, its handles a quarter circle's
    /// (κ ≈ 0.5523 of the radius), and a transform moves both.
    func testARoundedRectangleIsItsOutline() {
        let flat = LottieGeometry.roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), rx: 10, ry: 10, through: .translation(1, 2))
        XCTAssertEqual(flat.count, 48)
        let vertices = stride(from: 0, to: 48, by: 6).map { [flat[$0], flat[$0 + 1]] }
        XCTAssertEqual(vertices, [[11, 2], [91, 2], [101, 12], [101, 42], [91, 52], [11, 52], [1, 42], [1, 12]])
        XCTAssertEqual(flat[10], 10 * 0.5522847498, accuracy: 1e-9, "the top edge's right end leaves along +x")
        XCTAssertEqual(flat[2], -10 * 0.5522847498, accuracy: 1e-9, "the top edge's left end arrives along +x")
        let radiusTooLarge = LottieGeometry.roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), rx: 80, ry: 80, through: .identity)
        XCTAssertEqual(
            [radiusTooLarge[0], radiusTooLarge[1], radiusTooLarge[12], radiusTooLarge[13]], [50, 0, 100, 25],
            "each corner radius clamps to half its side")
    }
}

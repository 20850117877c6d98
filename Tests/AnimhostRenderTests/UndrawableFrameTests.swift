import XCTest
import AnimhostCore
@testable import AnimhostRender

/// A node flattened by its transform (`transform.scale(0, 1)`, an edge-on turn) draws nothing, as Core
/// Animation draws it, and the frames after it draw what they hold; a frame Cairo cannot draw fails,
/// naming the frame and the node, instead of leaving the pixels of the frame before.
final class UndrawableFrameTests: XCTestCase {
    let size = Size(width: 120, height: 60)

    /// A red box with a blue child at `x`, with `transform`, as the screen's only node; `hidden` hides it.
    func box(x: Double, transform: Transform2D, hidden: Bool = false, alpha: Double = 1, blur: Double = 0) throws -> FrameSample {
        let parent = props(Rect(x: x, y: 10, width: 40, height: 40)) {
            $0.transform = transform; $0.hidden = hidden; $0.alpha = alpha; $0.blur = blur; $0.cornerRadius = 8
            $0.shadow = Shadow(opacity: 0.5, radius: 4)
            $0.border = Border(width: 2, color: .black)
        }
        let child = props(Rect(x: 10, y: 10, width: 20, height: 20), background: "#0000FF")
        return try screen(size, [(parent, [child])])
    }

    func testAFlatNodeDrawsAsHiddenAndTheNextFrameDrawsWhatItHolds() throws {
        let flats: [Transform2D] = [.scale(0, 1), .scale(1, 0), .scale(0, 0), Transform2D(a: 1, b: 1, c: 2, d: 2, tx: 5, ty: 0)]
        for flat in flats {
            for (alpha, blur) in [(1.0, 0.0), (0.5, 0.0), (1, 3)] {  // drawn directly, in a group, blurred
                let renderer = try FrameRenderer(size: size, scale: 2, images: ImageStore())
                let edgeOn = Bitmap(try renderer.render(try box(x: 10, transform: flat, alpha: alpha, blur: blur)))
                let turned = Bitmap(try renderer.render(try box(x: 60, transform: .scale(0.5, 1), alpha: alpha, blur: blur)))
                let what = "\(flat), alpha \(alpha), blur \(blur)"
                XCTAssertEqual(
                    edgeOn, try render(try box(x: 10, transform: .identity, hidden: true), size: size, scale: 2),
                    "edge-on draws as hidden: \(what)")
                XCTAssertEqual(
                    turned, try render(try box(x: 60, transform: .scale(0.5, 1), alpha: alpha, blur: blur), size: size, scale: 2),
                    "the next frame is drawn, not the one before repeated: \(what)")
                XCTAssertNotEqual(edgeOn, turned)
            }
        }
    }

    func testAFrameCairoCannotDrawFailsTheRunNamingTheFrameAndNode() throws {
        let broken = try box(x: 10, transform: Transform2D(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        let pipeline = try RenderPipeline(
            size: size, scale: 1, images: ImageStore(), workers: 1, plugin: "p", parallel: { _, _ in }, ordered: { _, _ in })
        XCTAssertThrowsError(
            try {
                try pipeline.submit(broken); try pipeline.finish()
            }()
        ) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("frame 0 cannot be drawn"), message)
            XCTAssertTrue(message.contains("node 'n0' of scene 'test'"), message)
            XCTAssertTrue(message.contains("invalid matrix"), message)
        }
        let renderer = try FrameRenderer(size: size, scale: 1, images: ImageStore())
        XCTAssertThrowsError(try renderer.render(broken))
        let fine = try box(x: 60, transform: .identity)
        XCTAssertEqual(Bitmap(try renderer.render(fine)), try render(fine, size: size), "the renderer draws again after a failed frame")
    }
}

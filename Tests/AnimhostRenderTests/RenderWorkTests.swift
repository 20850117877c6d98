import XCTest
import AnimhostCore
@testable import AnimhostRender

/// The renderer's own work is bounded (docs/security.md, "drawing per run"): what a frame reuses from
/// the frame before costs nothing, what it draws anew counts, and the node that would pass a limit is
/// refused before it is drawn, with its name and the plugin's.
final class RenderWorkTests: XCTestCase {
    /// A 100 × 100 screen showing one shadowed node of `side` points.
    func shadowed(_ side: Double, radius: Double = 1) throws -> FrameSample {
        try screen(
            Size(width: 100, height: 100),
            [
                (
                    props(Rect(x: 0, y: 0, width: side, height: side)) {
                        $0.shadow.radius = radius; $0.shadow.opacity = 1
                    }, []
                )
            ])
    }

    /// A mask of a `side`-point shape blurred by 1 point at scale 1 (made at full resolution): 3σ of
    /// padding each side, plus one pixel.
    func maskPixels(_ side: Int) -> Int { (side + 6 + 1) * (side + 6 + 1) }

    func testWhatTheFrameBeforeShowedIsNotCountedAgain() throws {
        let caches = RenderCaches(scale: 1, images: ImageStore())
        let work = RenderWork(scale: 1, plugin: "p", limit: maskPixels(40) + maskPixels(41))
        try work.count(try shadowed(40), width: 100, height: 100, caches: caches)
        for _ in 0..<10 { try work.count(try shadowed(40), width: 100, height: 100, caches: caches) }  // the same mask, kept
        try work.count(try shadowed(41), width: 100, height: 100, caches: caches)  // a new one: the budget is used up exactly
        XCTAssertThrowsError(try work.count(try shadowed(40), width: 100, height: 100, caches: caches)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("node 'n0' of scene 'test': drawing its shadow (2,209 pixels) would pass the 4,513 pixels"), text)
            XCTAssertTrue(text.contains("the plugin 'p' changes large ones too often"), text)
        }
    }

    func testOneImageLargerThanAFrameIsRefusedBeforeItIsMade() throws {
        let caches = RenderCaches(scale: 2, images: ImageStore(), plugin: "slab")
        // 3,000 points at scale 2 blurred by 1 point: a mask of (3,000 + 6) × 2 + 1 pixels a side, 36 Mpixels.
        let frame = try shadowed(3000)
        XCTAssertThrowsError(try caches.prepare(frame, width: 200, height: 200)) { error in
            XCTAssertEqual(
                "\(error)",
                "node 'n0' of scene 'test': its shadow would be a 6013×6013-pixel image; one image holds at most 33,554,432 pixels (32 Mi) and 32,767 a side, as a frame does (plugin 'slab'): make the node or its shadow smaller, or lower --scale"
            )
        }
    }

    func testHiddenSubtreesCostNothing() throws {
        let caches = RenderCaches(scale: 2, images: ImageStore())
        let frame = try screen(
            Size(width: 100, height: 100),
            [
                (
                    props(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.hidden = true },
                    [
                        props(Rect(x: 0, y: 0, width: 3000, height: 3000)) {
                            $0.shadow.radius = 1; $0.shadow.opacity = 1
                        }
                    ]
                )
            ])
        XCTAssertNoThrow(try caches.prepare(frame, width: 200, height: 200))
    }

    func testBlurCountsItsRegion() throws {
        let caches = RenderCaches(scale: 1, images: ImageStore())
        let work = RenderWork(scale: 1, plugin: nil, limit: 100 * 100 * 3)
        let frame = try screen(Size(width: 100, height: 100), [(props(Rect(x: 0, y: 0, width: 100, height: 100)) { $0.blur = 2 }, [])])
        for _ in 0..<3 { try work.count(frame, width: 100, height: 100, caches: caches) }  // each frame blurs the whole canvas again
        XCTAssertThrowsError(try work.count(frame, width: 100, height: 100, caches: caches))
    }

    /// A backdrop blur copies and blurs the pixels under the node's bounds widened by 3σ, within the
    /// frame: a node covering a 100 × 100 frame blurs all 10,000 of them anew each frame.
    func testBackdropBlurCountsWhatItCopies() throws {
        let caches = RenderCaches(scale: 1, images: ImageStore())
        let work = RenderWork(scale: 1, plugin: "frost", limit: 100 * 100 * 3)
        let frame = try screen(Size(width: 100, height: 100), [(props(Rect(x: 0, y: 0, width: 100, height: 100)) { $0.backdropBlur = 2 }, [])])
        for _ in 0..<3 { try work.count(frame, width: 100, height: 100, caches: caches) }
        XCTAssertThrowsError(try work.count(frame, width: 100, height: 100, caches: caches)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("node 'n0' of scene 'test': drawing its backdrop blur (10,000 pixels) would pass the 30,000 pixels"), text)
        }
    }

    /// The screen (and its container) cover the frame, and so does each of `count` nodes, half of
    /// each out of the frame but each twice as large: `count` + 2 frames painted.
    func testAFrameMayPaintSixtyFourTimesItsPixels() throws {
        func layers(_ count: Int) throws -> FrameSample {
            try screen(Size(width: 100, height: 100), (0..<count).map { _ in (props(Rect(x: -100, y: 0, width: 200, height: 100)), []) })
        }
        let caches = RenderCaches(scale: 2, images: ImageStore(), plugin: "p")
        XCTAssertNoThrow(try caches.prepare(try layers(62), width: 200, height: 200))
        XCTAssertThrowsError(try caches.prepare(try layers(63), width: 200, height: 200)) { error in
            XCTAssertEqual(
                "\(error)",
                "node 'n62' of scene 'test': frame 0 would paint more than 64 times its 200×200 pixels (65 nodes so far): the plugin 'p' shows too many large nodes at once; remove or hide those that are covered"
            )
        }
    }

    /// A dot's wide shadow paints the whole frame, and so does a translucent group whose children lie
    /// in opposite corners (cleared, then composited): each counts as what it paints, not its box.
    func testShadowsAndGroupsCountWhatTheyPaint() throws {
        let caches = RenderCaches(scale: 1, images: ImageStore(), plugin: "p")
        func dots(_ count: Int) throws -> FrameSample {
            try screen(
                Size(width: 100, height: 100),
                (0..<count).map { _ in
                    (
                        props(Rect(x: 50, y: 50, width: 1, height: 1)) {
                            $0.shadow.radius = 40; $0.shadow.opacity = 1
                        }, []
                    )
                })
        }
        XCTAssertNoThrow(try caches.prepare(try dots(62), width: 100, height: 100))
        XCTAssertThrowsError(try caches.prepare(try dots(63), width: 100, height: 100)) { XCTAssertTrue("\($0)".hasPrefix("node 'n62' of scene 'test': frame 0 would paint"), "\($0)") }
        func groups(_ count: Int) throws -> FrameSample {
            let corners = [props(Rect(x: -50, y: -50, width: 1, height: 1)), props(Rect(x: 49, y: 49, width: 1, height: 1))]
            return try screen(Size(width: 100, height: 100), (0..<count).map { _ in (props(Rect(x: 50, y: 50, width: 1, height: 1)) { $0.alpha = 0.5 }, corners) })
        }
        XCTAssertNoThrow(try caches.prepare(try groups(30), width: 100, height: 100))  // 62 frames and the dots
        XCTAssertThrowsError(try caches.prepare(try groups(31), width: 100, height: 100)) { XCTAssertTrue("\($0)".hasPrefix("node 'n30' of scene 'test': frame 0 would paint"), "\($0)") }
    }

    func testTheFrameItselfIsBoundedBeforeItsBufferIsMade() throws {
        XCTAssertThrowsError(try FrameRenderer(size: Size(width: 16_000, height: 16_000), scale: 2, images: ImageStore())) { error in
            XCTAssertEqual(
                "\(error)",
                "the frame would be 32000×32000 pixels (16000×16000 points at scale 2); a frame holds at most 33,554,432 pixels (32 Mi) and 32,767 a side: lower --scale or make the scene smaller")
        }
        XCTAssertEqual(try FrameRenderer.pixelSize(of: Size(width: 8192, height: 4096), scale: 1).width, 8192)
    }
}

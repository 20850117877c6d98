import XCTest
import AnimhostCore

/// Every built-in plugin and example, exported to Lottie and played by rlottie at the run's size,
/// frame by frame against animhost's own render of the same frames.
final class RLottieComparisonTests: XCTestCase {
    func testZoomPush() throws { try check("Plugins/zoom.lua") }
    func testZoomPushAt2x() throws { try check("Plugins/zoom.lua", scale: 2) }
    func testZoomPop() throws { try check("Plugins/zoom.lua", operation: .pop) }
    func testZoomInteractivePop() throws { try check("Plugins/zoom.lua", operation: .pop, gesture: "pan-down dy=300 release=down") }
    func testCrossfadePush() throws { try check("Plugins/crossfade.lua") }
    func testCrossfadePop() throws { try check("Plugins/crossfade.lua", operation: .pop) }
    func testCardLiftPush() throws { try check("Plugins/card-lift.lua") }
    func testCardLiftPop() throws { try check("Plugins/card-lift.lua", operation: .pop) }
    func testPopupPush() throws { try check("Examples/popup/popup.lua") }
    func testPopupPop() throws { try check("Examples/popup/popup.lua", operation: .pop) }
    // The album nests up to six translucent groups in a frame (both screens fading, the other albums'
    // cards, the cascading tracks), and rlottie darkens the whole frame by one to three levels at each
    // group's offscreen pass (see docs/lottie.md): its floor outside text is what that leaves. The
    // lottie-web comparison holds the same documents to the common floors.
    func testAlbumPush() throws { try check("Examples/album/album.lua", outsideText: 31) }
    func testAlbumPop() throws { try check("Examples/album/album.lua", operation: .pop, outsideText: 33) }
    func testMatchPush() throws { try check("Plugins/match.lua") }
    func testMatchPop() throws { try check("Plugins/match.lua", operation: .pop) }
    func testAffineCrossfadePush() throws { try check("Examples/uikit/affine-crossfade.lua") }
    func testAffineCrossfadePop() throws { try check("Examples/uikit/affine-crossfade.lua", operation: .pop) }
    func testFluidPhotoPush() throws { try check("Examples/uikit/fluidphoto.lua") }
    func testFluidPhotoPop() throws { try check("Examples/uikit/fluidphoto.lua", operation: .pop) }
    func testListDetailPush() throws { try check("Examples/uikit/list-detail.lua") }
    func testListDetailPop() throws { try check("Examples/uikit/list-detail.lua", operation: .pop) }
    func testPhotoLiftPush() throws { try check("Examples/uikit/photo-lift.lua") }
    func testPhotoLiftPop() throws { try check("Examples/uikit/photo-lift.lua", operation: .pop) }
    func testRMPZoomPush() throws { try check("Examples/uikit/rmp-zoom.lua") }
    func testRMPZoomPop() throws { try check("Examples/uikit/rmp-zoom.lua", operation: .pop) }
    func testZoomTransitioningPush() throws { try check("Examples/uikit/zoom-transitioning.lua") }
    func testZoomTransitioningPop() throws { try check("Examples/uikit/zoom-transitioning.lua", operation: .pop) }
    /// Lottie draws no perspective (docs/lottie.md; the export's summary names it), so the fold is seen
    /// from afar (10⁷ pt), where its panels' turns and moves are what the export's 2-D fit carries exactly.
    /// Folded flat, its four panels stand one over another in a strip one or two pixels wide, whose
    /// stacked edge coverage each rasteriser composes its own way: 31 dB there (columns 0–1 only).
    func testFoldPush() throws { try check("Examples/layers/fold.lua", params: Self.seenFromAfar, outsideText: 31) }
    func testFoldPop() throws { try check("Examples/layers/fold.lua", operation: .pop, params: Self.seenFromAfar, outsideText: 31) }
    private static let seenFromAfar = ["distance": "1e7"]
    func testCircularRevealPush() throws { try check("Examples/layers/circular-reveal.lua") }
    func testCircularRevealPop() throws { try check("Examples/layers/circular-reveal.lua", operation: .pop) }
    // Both screens' text slides sideways at fractions of a pixel, which rlottie samples without
    // animhost's filtering: the text boxes take the whole-frame floor down to 22 dB; outside them
    // (the strip shadow included) the usual 35 dB holds.
    func testStripShadowPush() throws { try check("Examples/layers/strip-shadow.lua", whole: 22) }
    func testStripShadowPop() throws { try check("Examples/layers/strip-shadow.lua", operation: .pop, whole: 22) }
    /// Per-corner and continuous corners, exported as their Bézier outlines.
    func testLayersSheetPresent() throws { try check("Examples/layers/sheet.lua", operation: .present, scale: 2) }
    func testLayersSheetDismiss() throws { try check("Examples/layers/sheet.lua", operation: .dismiss, scale: 2) }

    /// Asserts every frame's PSNR outside text is at least `outsideText` dB. Text that scales is
    /// resampled by rlottie without animhost's bilinear filtering, so text boxes are measured apart:
    /// over the whole frame, text included, the floor is `whole` (28 dB unless given).
    private func check(
        _ plugin: String, operation: TransitionOperation = .push, gesture: String? = nil, scale: Double = 1, params: [String: String] = [:],
        outsideText: Double = 35, whole: Double = 28, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let export = try Export(plugin, operation: operation, gesture: gesture, scale: scale, params: params)
        let results = try compare(export, saveTo: ProcessInfo.processInfo.environment["LOTTIE_FRAMES"].map { URL(fileURLWithPath: $0) })
        XCTAssertEqual(results.count, export.frames.count, file: file, line: line)
        let worst = results.min { $0.psnr < $1.psnr }!
        let worstOutside = results.min { $0.psnrOutsideText < $1.psnrOutsideText }!
        print(
            "\(plugin) \(operation.rawValue)\(gesture.map { " (\($0))" } ?? "") @\(formatNumber(scale))x: \(results.count) frames, \(export.keyframes) keyframes, "
                + String(
                    format: "lowest PSNR %.1f dB (frame %d), outside text %.1f dB (frame %d)",
                    worst.psnr, worst.index, worstOutside.psnrOutsideText, worstOutside.index))
        for r in results {
            XCTAssertGreaterThanOrEqual(r.psnrOutsideText, outsideText, "frame \(r.index) outside text", file: file, line: line)
            XCTAssertGreaterThanOrEqual(r.psnr, whole, "frame \(r.index)", file: file, line: line)
        }
    }
}

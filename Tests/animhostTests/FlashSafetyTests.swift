import XCTest
import Foundation
import AnimhostCore
@testable import AnimhostHarness

/// WCAG 2.3.1's flash thresholds as `check` counts them (``FlashAnalysis``), on frames whose
/// luminance is worked out by hand from WCAG's definitions: relative luminance of sRGB, a general
/// flash as two opposing changes of 0.1 or more with the darker state under 0.8, a red flash as two
/// opposing transitions to or from a saturated red, more than three flashes over 25 % of a 10° field
/// (a third of the frame each way) in one second failing.
final class FlashSafetyTests: XCTestCase {
    /// Frames of `width` × `height` pixels, every pixel `grey` (or the colour given) except where `area` says.
    func analyse(
        _ frames: [(r: UInt8, g: UInt8, b: UInt8)], fps: Int, width: Int = 9, height: Int = 9,
        area: (x: Int, y: Int, w: Int, h: Int)? = nil, background: UInt8 = 255
    ) -> FlashAnalysis {
        var analysis = FlashAnalysis(width: width, height: height, fps: fps)
        for c in frames {
            var bytes = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let inside = area.map { x >= $0.x && x < $0.x + $0.w && y >= $0.y && y < $0.y + $0.h } ?? true
                    let i = (y * width + x) * 4
                    (bytes[i], bytes[i + 1], bytes[i + 2]) = inside ? (c.b, c.g, c.r) : (background, background, background)
                }
            }
            bytes.withUnsafeBytes { analysis.add(bgra: $0, stride: width * 4) }
        }
        return analysis
    }

    func grey(_ values: [UInt8]) -> [(r: UInt8, g: UInt8, b: UInt8)] { values.map { ($0, $0, $0) } }

    /// WCAG's relative luminance of sRGB bytes: c/12.92 up to 0.04045, ((c + 0.055)/1.055)^2.4 above.
    func testRelativeLuminanceIsWCAGs() {
        XCTAssertEqual(FlashAnalysis.linear[0], 0)
        XCTAssertEqual(FlashAnalysis.linear[10], Float(10.0 / 255 / 12.92), accuracy: 1e-7)  // 0.0392 ≤ 0.04045
        XCTAssertEqual(FlashAnalysis.linear[127], 0.212231, accuracy: 1e-6)
        XCTAssertEqual(FlashAnalysis.linear[188], 0.502886, accuracy: 1e-6)
        XCTAssertEqual(FlashAnalysis.linear[255], 1)
    }

    /// Black and white in turn at 10 fps: eight changes of 1.0 in 0.8 s, four flashes, fail; six
    /// changes then steady, three flashes, pass; the same at 5 fps spreads them over more than a second.
    func testMoreThanThreeFlashesInASecondFail() {
        let eight = analyse(grey([0, 255, 0, 255, 0, 255, 0, 255, 0]), fps: 10)
        XCTAssertEqual(eight.generalWorst.transitions, 8)
        XCTAssertTrue(eight.generalWorst.fails)
        let six = analyse(grey([0, 255, 0, 255, 0, 255, 0, 0, 0, 0]), fps: 10)
        XCTAssertEqual(six.generalWorst.transitions, 6)
        XCTAssertFalse(six.generalWorst.fails)
        let seven = analyse(grey([0, 255, 0, 255, 0, 255, 0, 255, 255]), fps: 10)
        XCTAssertEqual(seven.generalWorst.transitions, 7, "three flashes and a half: more than three")
        XCTAssertTrue(seven.generalWorst.fails)
        // At 5 fps the eight changes take 1.6 s: at most five fall within any one second (frames t-4 … t).
        let slow = analyse(grey([0, 255, 0, 255, 0, 255, 0, 255, 0]), fps: 5)
        XCTAssertEqual(slow.generalWorst.transitions, 5)
        XCTAssertFalse(slow.generalWorst.fails)
    }

    /// Changes under 0.1 of relative luminance are no transition (200 ↔ 210: 0.578 ↔ 0.645), nor
    /// are changes whose darker state is 0.8 or lighter (235 ↔ 255: 0.831 ↔ 1.0); 188 ↔ 255 (0.503 ↔ 1.0) is.
    func testSmallAndBrightChangesAreNoFlash() {
        XCTAssertEqual(analyse(grey([200, 210, 200, 210, 200, 210, 200, 210, 200]), fps: 10).generalWorst.transitions, 0)
        XCTAssertEqual(analyse(grey([235, 255, 235, 255, 235, 255, 235, 255, 235]), fps: 10).generalWorst.transitions, 0)
        XCTAssertEqual(analyse(grey([188, 255, 188, 255, 188, 255, 188, 255, 188]), fps: 10).generalWorst.transitions, 8)
    }

    /// A transition runs from one extreme to the next: a fade over several frames is one, and a
    /// wobble on the way (a step back of less than 0.1) splits nothing.
    func testAFadeIsOneTransitionWhateverItsSteps() {
        let fade = analyse(grey([0, 40, 80, 120, 160, 150, 200, 255, 255, 200, 120, 60, 0]), fps: 30)
        XCTAssertEqual(fade.generalWorst.transitions, 2)
    }

    /// 25 % of a 10° field: the frame is 30 × 30 px, the field 10 × 10; a flashing square of 5 × 5 (25
    /// pixels, the field's mean changing by 0.25) covers a quarter of it and fails, one of 5 × 4 (20) does not.
    func testTheFlashingAreaMustCoverAQuarterOfATenDegreeField() {
        let strobe = grey([0, 255, 0, 255, 0, 255, 0, 255, 0])
        let quarter = analyse(strobe, fps: 10, width: 30, height: 30, area: (12, 12, 5, 5))
        XCTAssertTrue(quarter.generalWorst.fails)
        XCTAssertEqual(quarter.generalWorst.field.width, 10)
        XCTAssertEqual(quarter.generalWorst.field.height, 10)
        XCTAssertEqual([quarter.generalWorst.field.x, quarter.generalWorst.field.y], [10, 10], "of the fields laid every 5 pixels, the one that holds the square")
        let less = analyse(strobe, fps: 10, width: 30, height: 30, area: (12, 12, 5, 4))
        XCTAssertFalse(less.generalWorst.fails)
        XCTAssertEqual(less.generalWorst.transitions, 0)
    }

    /// Saturated red (#FF0000, R/(R+G+B) = 1, u′v′ 0.451, 0.523) against a grey as light (#7F7F7F,
    /// Y 0.2122 against red's 0.2126; D65's u′v′ 0.198, 0.468; 0.26 apart): red flashes and no general
    /// ones. A dark red (#400000, Y 0.011, still saturated) against black (neutral) is red too; pink
    /// (#FF8080, R/(R+G+B) = 0.70 in linear light) is no saturated red.
    func testRedFlashesAreCountedApart() {
        let red: (r: UInt8, g: UInt8, b: UInt8) = (255, 0, 0), grey: (r: UInt8, g: UInt8, b: UInt8) = (127, 127, 127)
        let siren = analyse([grey, red, grey, red, grey, red, grey, red, grey], fps: 10)
        XCTAssertEqual(siren.redWorst.transitions, 8)
        XCTAssertTrue(siren.redWorst.fails)
        XCTAssertEqual(siren.generalWorst.transitions, 0)
        // Faded in steps, as alpha blends them: (169, 85, 85) is no saturated red (0.69) and only 0.10 from
        // the grey in u′v′, (212, 42, 42) is red but 0.22 from the grey: one transition each way per cycle.
        let steps: [(r: UInt8, g: UInt8, b: UInt8)] = [grey, (169, 85, 85), (212, 42, 42), red, (212, 42, 42), (169, 85, 85)]
        let faded = analyse(Array(repeating: steps, count: 4).flatMap { $0 } + [grey], fps: 30)
        XCTAssertEqual(faded.redWorst.transitions, 8)
        let dark = analyse([(0, 0, 0), (64, 0, 0), (0, 0, 0), (64, 0, 0), (0, 0, 0), (64, 0, 0), (0, 0, 0), (64, 0, 0)], fps: 10)
        XCTAssertEqual(dark.redWorst.transitions, 7)
        let pink: (r: UInt8, g: UInt8, b: UInt8) = (255, 128, 128), white: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 255)
        XCTAssertEqual(analyse([white, pink, white, pink, white, pink, white, pink], fps: 10).redWorst.transitions, 0)
    }

    /// The frames judged are drawn small: a 390 × 844 pt screen at ¼ px/pt (its 10° field 33 × 70 px), a
    /// small scene larger so that its field stays 32 px across, never past 1 px/pt, a huge one smaller.
    func testFlashFramesAreDrawnSmall() {
        XCTAssertEqual(Conformance.flashScale(Size(width: 390, height: 844)), 0.25)
        XCTAssertEqual(Conformance.flashScale(Size(width: 200, height: 300)), 0.48)
        XCTAssertEqual(Conformance.flashScale(Size(width: 50, height: 50)), 1)
        XCTAssertEqual(Conformance.flashScale(Size(width: 4000, height: 2500)), 0.1, accuracy: 1e-12, "at most 100,000 pixels: 400 × 250")
    }
}

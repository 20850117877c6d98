import XCTest
import AnimhostCore

final class RLottieComparisonTests: XCTestCase {
    func testZoomPush() throws {
        let export = try Export("Plugins/zoom.lua")
        let folder = ProcessInfo.processInfo.environment["LOTTIE_FRAMES"].map { URL(fileURLWithPath: $0) }
        let results = try compare(export, saveTo: folder)
        for r in results { print(r.index, r.psnr, r.psnrOutsideText) }
    }
}

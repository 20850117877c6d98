import XCTest
import Foundation
import AnimhostTestSupport

/// `index.html#t=SECONDS` opens the page paused at that instant (docs/web.md), however the number is
/// written and whatever else the fragment holds: a page that played instead would give a headless
/// screenshot whatever instant the browser had reached.
final class WebFragmentTests: XCTestCase {
    func testTimeInTheFragmentPausesThePageWhateverItsSpelling() throws {
        let out = try temporaryFolder("web-fragment")
        let r = try CLI.run(["run", "card-lift", "--fps", "15", "--scale", "1", "--format", "web", "--out", out.path])
        XCTAssertEqual(r.code, 0, r.err)
        let page = out.appendingPathComponent("web/index.html").absoluteString
        let browser = try DevToolsBrowser(try requireChromium())
        defer { browser.close() }
        // Each fragment, and the instant in seconds it must hold still after a quarter of a second.
        for (fragment, seconds) in [("#t=1e-1", 0.1), ("#t=0.1&x=1", 0.1), ("#x=1&t=.2", 0.2), ("#t=-1", 0)] {
            let session = try browser.open(page + fragment)
            let wait = "new Promise(r => setTimeout(() => r(document.getAnimations().map(a => a.playState === 'paused' ? a.currentTime : -1)), 250))"
            let held = try browser.evaluate(wait, in: session) as? [NSNumber] ?? []
            XCTAssertFalse(held.isEmpty, fragment)
            for t in held { XCTAssertEqual(t.doubleValue, seconds * 1000, accuracy: 1e-6, "\(fragment): an animation playing or elsewhere") }
        }
    }
}

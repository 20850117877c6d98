import XCTest
@testable import AnimhostCore

/// The interactive clock as UIKit's percent-driven transition moves a layer's time: held while the
/// finger moves, then run to the end or the start, and on in real time after a finish.
final class ScrubbedClockTests: XCTestCase {
    func testAFinishRunsToTheEndThenOnInRealTime() {
        let clock = ScrubbedClock(duration: 0.5)
        clock.pause(atFraction: 0.3)
        XCTAssertEqual(clock.time(at: 7), 0.15, "paused: the engine's time does not move it")
        clock.run(toEnd: true, now: 1, speed: 1, curve: .linear)  // 0.35 s of clock to go, at speed 1
        XCTAssertEqual(clock.time(at: 1.175), 0.325, accuracy: 1e-12)
        XCTAssertEqual(clock.time(at: 1.35), 0.5, accuracy: 1e-12)
        XCTAssertEqual(clock.time(at: 2), 1.15, accuracy: 1e-12, "a spring settling at 1.15 s still gets there")
        XCTAssertEqual(clock.instant(reaching: 0.325)!, 1.175, accuracy: 1e-9)
        XCTAssertEqual(clock.instant(reaching: 1.15)!, 2, accuracy: 1e-12)
    }

    func testACancelStopsAtTheStart() {
        let clock = ScrubbedClock(duration: 0.5)
        clock.pause(atFraction: 0.3)
        clock.run(toEnd: false, now: 1, speed: 2, curve: .linear)  // 0.15 s of clock back, at speed 2
        XCTAssertEqual(clock.time(at: 1.0375), 0.075, accuracy: 1e-12)
        XCTAssertEqual(clock.time(at: 1.075), 0, accuracy: 1e-12)
        XCTAssertEqual(clock.time(at: 5), 0, accuracy: 1e-12)
        XCTAssertEqual(clock.instant(reaching: 0.4)!, 1.075, accuracy: 1e-12, "everything ends when the clock is back at 0")
    }
}

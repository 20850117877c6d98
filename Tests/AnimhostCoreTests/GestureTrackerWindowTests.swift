import XCTest
@testable import AnimhostCore

/// The tracker keeps the velocity window as a moving start, so a long gesture costs the same per
/// sample; its velocities must be those of the definition: over the samples of the last 50 ms (or
/// the previous sample, when all of those share the latest time).
final class GestureTrackerWindowTests: XCTestCase {
    func testVelocityFollowsItsDefinitionOnIrregularSamples() {
        // Steps of 0 (repeated times), 7 ms, 30 ms and 80 ms (gaps wider than the window), in a fixed mix.
        let steps = [0.0, 0.007, 0.007, 0.03, 0.08, 0.007, 0.0, 0.012]
        var samples: [GestureSample] = []
        var t = 0.0
        for i in 0..<400 {
            t += steps[i % steps.count]
            samples.append(GestureSample(time: t, location: Point(x: Double(i * i % 97), y: Double(i % 13) * 3), state: .changed))
        }
        var tracker = GestureTracker(width: 390)
        for (i, s) in samples.enumerated() {
            let event = tracker.event(for: s)
            let seen = samples[...i]
            var oldest = seen.first { s.time - $0.time <= 0.05 }!
            if oldest.time == s.time, i > 0 { oldest = samples[i - 1] }
            let dt = s.time - oldest.time
            let vx = dt > 0 ? (s.location.x - oldest.location.x) / dt : 0
            let vy = dt > 0 ? (s.location.y - oldest.location.y) / dt : 0
            XCTAssertEqual(event.velocity.x, vx, accuracy: 1e-9, "sample \(i)")
            XCTAssertEqual(event.velocity.y, vy, accuracy: 1e-9, "sample \(i)")
            XCTAssertEqual(event.translation.x, s.location.x - samples[0].location.x)
        }
    }
}

import XCTest
@testable import AnimhostCore

final class GestureTests: XCTestCase {
    func sample(_ t: Double, _ x: Double, _ y: Double = 400, _ state: GestureSample.State = .changed) -> GestureSample {
        GestureSample(time: t, location: Point(x: x, y: y), state: state)
    }

    func testVelocityIsEstimatedOverTheRecentSamples() throws {
        var tracker = GestureTracker(width: 390)
        var last: GestureEvent!
        for i in 0...12 { last = tracker.event(for: sample(Double(i) / 120, 2 + 6 * Double(i) * Double(i))) }
        // x = 2 + 6 i², so over the last 50 ms (6 samples) the average speed is 6·(144 − 36)/0.05 pt/s
        XCTAssertEqual(last.velocity.x, 6 * (144 - 36) / 0.05, accuracy: 1e-6)
        XCTAssertEqual(last.translation.x, 6 * 144, accuracy: 1e-9)
        XCTAssertEqual(last.edge, "left")
        var middle = GestureTracker(width: 390)
        XCTAssertNil(middle.event(for: sample(0, 195)).edge)
        XCTAssertEqual(middle.event(for: sample(0.01, 195, 410)).velocity.y, 1000, accuracy: 1e-9)
    }

    func testTracesAreChecked() {
        XCTAssertThrowsError(try GestureTrace(samples: [])) { XCTAssertEqual("\($0)", "a gesture needs at least one sample") }
        XCTAssertThrowsError(try GestureTrace(samples: [sample(0.1, 1), sample(0.05, 2)])) {
            XCTAssertTrue("\($0)".contains("samples[1]: t = 0.05 comes before the previous sample's 0.1"))
        }
        XCTAssertThrowsError(try GestureTrace(samples: [sample(0, .nan)])) { XCTAssertTrue("\($0)".contains("finite")) }
        XCTAssertThrowsError(try GestureTrace(samples: [sample(0, 1, 1, .ended), sample(1, 1)])) { XCTAssertTrue("\($0)".contains("must be the last")) }
        let open = try! GestureTrace(samples: [sample(0, 1), sample(0.1, 5)])
        XCTAssertEqual(open.samples.map(\.state), [.began, .changed, .ended], "a release is added")
    }

    func testTraceFilesNameWhatIsWrong() {
        XCTAssertThrowsError(try GestureTrace.parse(Data(#"{"samples": [{"t": 0, "x": 1}]}"#.utf8), file: "g.json")) {
            XCTAssertEqual("\($0)", "g.json: samples[0].y: expected a number")
        }
        XCTAssertThrowsError(try GestureTrace.parse(Data(#"{"samples": [{"t": 0, "x": 1, "y": 2, "state": "lifted"}]}"#.utf8), file: "g.json")) {
            XCTAssertEqual("\($0)", "g.json: samples[0].state: expected began, changed, ended or cancelled")
        }
        XCTAssertThrowsError(try GestureTrace.parse(Data(#"{"samples": []}"#.utf8), file: "g.json")) {
            XCTAssertEqual("\($0)", "g.json: a gesture needs at least one sample")
        }
    }

    func testGeneratedGestures() throws {
        let size = Size(width: 390, height: 844)
        let fling = try GeneratedGesture.trace("edge-swipe to=0.2 release=fling", size: size)
        var tracker = GestureTracker(width: 390)
        let events = fling.samples.map { tracker.event(for: $0) }
        XCTAssertEqual(events.last!.state, .ended)
        XCTAssertEqual(events.last!.location.x, 78, accuracy: 1e-9)
        XCTAssertGreaterThan(events.last!.velocity.x, 1000)
        let slow = try GeneratedGesture.trace("edge-swipe to=0.5", size: size)
        var t2 = GestureTracker(width: 390)
        XCTAssertLessThan(abs(slow.samples.map { t2.event(for: $0) }.last!.velocity.x), 1)
        let cancelled = try GeneratedGesture.trace("edge-swipe to=0.5 release=cancelled", size: size)
        XCTAssertEqual(cancelled.samples.map(\.location), slow.samples.map(\.location), "the slow release's path")
        XCTAssertEqual(cancelled.samples.map(\.state).last, .cancelled)
        XCTAssertEqual(slow.samples.map(\.state).last, .ended)
        let up = try GeneratedGesture.trace("pan-down dy=300 release=up", size: size)
        var t3 = GestureTracker(width: 390)
        XCTAssertLessThan(up.samples.map { t3.event(for: $0) }.last!.velocity.y, 0)
        XCTAssertThrowsError(try GeneratedGesture.trace("edge-swipe to=2", size: size)) { XCTAssertTrue("\($0)".contains("to=2: expected a number from 0 to 1")) }
        XCTAssertThrowsError(try GeneratedGesture.trace("swipe", size: size)) { XCTAssertTrue("\($0)".contains("unknown gesture 'swipe'")) }
        XCTAssertThrowsError(try GeneratedGesture.trace("pan-down speed=3", size: size)) { XCTAssertTrue("\($0)".contains("unknown key 'speed'")) }
    }

    /// Pans in the four directions from the centre of a 390 × 844 screen: sample i of n = duration × 120
    /// is at the centre plus travel · i / n along the direction, and lifts still moving at travel / duration.
    func testGeneratedPansGoEveryWay() throws {
        let size = Size(width: 390, height: 844)
        for (spec, dx, dy) in [("pan-up dy=120", 0.0, -1.0), ("pan-down dy=120", 0, 1), ("pan-left dx=120", -1, 0), ("pan-right dx=120", 1, 0)] {
            let trace = try GeneratedGesture.trace(spec + " duration=0.1", size: size)
            XCTAssertEqual(trace.samples.count, 13, spec)
            for (i, s) in trace.samples.enumerated() {
                XCTAssertEqual(s.time, 0.1 * Double(i) / 12, accuracy: 1e-12, spec)
                XCTAssertEqual(s.location.x, 195 + dx * 10 * Double(i), accuracy: 1e-9, spec)
                XCTAssertEqual(s.location.y, 422 + dy * 10 * Double(i), accuracy: 1e-9, spec)
            }
            var tracker = GestureTracker(width: 390)
            let last = trace.samples.map { tracker.event(for: $0) }.last!
            XCTAssertEqual(last.state, .ended)
            XCTAssertEqual(last.velocity.x, dx * 1200, accuracy: 1e-6, spec)
            XCTAssertEqual(last.velocity.y, dy * 1200, accuracy: 1e-6, spec)
        }
        // to= is a fraction of the screen along the axis; a fling moves at 1500 pt/s
        let fling = try GeneratedGesture.trace("pan-up to=0.25 release=fling", size: size)
        XCTAssertEqual(fling.samples.last!.location.y, 422 - 211, accuracy: 1e-9)
        XCTAssertEqual(fling.samples.last!.time, 211.0 / 1500, accuracy: 1e-12)
        let slow = try GeneratedGesture.trace("pan-left to=0.5 release=slow", size: size)
        XCTAssertEqual(slow.samples.last!.location.x, 0, accuracy: 1e-9)
        XCTAssertEqual(slow.samples.last!.time - slow.samples[slow.samples.count - 2].time, 0.05, accuracy: 1e-12, "rests 50 ms")
        let cancelled = try GeneratedGesture.trace("pan-right to=0.5 release=cancelled", size: size)
        XCTAssertEqual(cancelled.samples.last!.state, .cancelled)
        // released the other way: the last 80 ms move back 40 pt
        let back = try GeneratedGesture.trace("pan-left dx=100 release=right", size: size)
        XCTAssertEqual(back.samples.last!.location.x, 195 - 100 + 40, accuracy: 1e-9)
        XCTAssertThrowsError(try GeneratedGesture.trace("pan-up dy=10 to=0.5", size: size)) { XCTAssertEqual("\($0)", "pan-up: give dy or to, not both") }
        XCTAssertThrowsError(try GeneratedGesture.trace("pan-left release=up", size: size)) {
            XCTAssertEqual("\($0)", "pan-left release=up: expected left or right or slow or fling or cancelled")
        }
        XCTAssertThrowsError(try GeneratedGesture.trace("pan-up dx=10", size: size)) { XCTAssertEqual("\($0)", "pan-up: unknown key 'dx'") }
        // an edge swipe by points: dx=100 from x = 2
        XCTAssertEqual(try GeneratedGesture.trace("edge-swipe dx=100", size: size).samples.last!.location.x, 102, accuracy: 1e-9)
    }
}

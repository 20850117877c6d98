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
}

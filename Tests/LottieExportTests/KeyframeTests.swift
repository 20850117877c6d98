import XCTest
import AnimhostCore
@testable import AnimhostOutput

/// How sampled values become keyframes: curves kept as bezier handles, the rest one per frame.
final class KeyframeTests: XCTestCase {
    private let times = (0...30).map { Double($0) / 60 }

    private func keyframes(_ json: LottieJSON) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as! [String: Any]
        XCTAssertEqual(object["a"] as? Int, 1)
        return object["k"] as! [[String: Any]]
    }

    private func property(_ keys: LottieKeyframes, _ values: [Double]) throws -> LottieJSON {
        try keys.property(values.map { [$0] }, value: { .num($0[0]) }, keyframe: LottieJSON.nums)
    }

    /// An easeInOut block over the whole run: Core Animation's control points (0.42, 0, 0.58, 1) as
    /// the first keyframe's `o` and `i`, two keyframes in all.
    func testACurveTimedBlockIsTwoKeyframesWithItsHandles() throws {
        let span = CurveSpan(begin: 0, end: 0.5, easing: .easeInOut)
        let values = times.map { 10 + 90 * Easing.easeInOut.value(at: $0 / 0.5) }
        let keys = LottieKeyframes(times: times, spans: [span], budget: LottieBudget(plugin: "test"))
        let k = try keyframes(try property(keys, values))
        XCTAssertEqual(k.count, 2)
        XCTAssertEqual(keys.count, 2)
        XCTAssertEqual(k[0]["t"] as? Double, 0)
        XCTAssertEqual(k[0]["s"] as? [Double], [10])
        XCTAssertEqual((k[0]["o"] as? [String: Double]).map { [$0["x"]!, $0["y"]!] }, [0.42, 0])
        XCTAssertEqual((k[0]["i"] as? [String: Double]).map { [$0["x"]!, $0["y"]!] }, [0.58, 1])
        XCTAssertEqual(k[1]["t"] as? Double, 30)
        XCTAssertEqual(k[1]["s"] as? [Double], [100])
    }

    /// A block of 0.28 s at 60 fps ends between frames 16 and 17: its second keyframe is at frame
    /// 16.8 with the block's final value, which no frame shows.
    func testABlockEndingBetweenFramesEndsOnAFractionalKeyframe() throws {
        let span = CurveSpan(begin: 0, end: 0.28, easing: .easeOut)
        let values = times.map { 1 - 0.06 * Easing.easeOut.value(at: min($0 / 0.28, 1)) }
        let k = try keyframes(try property(LottieKeyframes(times: times, spans: [span], budget: LottieBudget(plugin: "test")), values.map { $0 * 100 }))
        XCTAssertEqual(k.map { $0["t"] as? Double }, [0, 16.8, 30])
        XCTAssertEqual(k[1]["s"] as? [Double], [94])
        XCTAssertEqual((k[0]["o"] as? [String: Double])?["x"], 0)
        XCTAssertEqual((k[0]["i"] as? [String: Double])?["x"], 0.58)
    }

    /// Values that follow no recorded curve (a spring's, here a damped cosine) keep one linear
    /// keyframe per frame; a curve recorded for the same time that the values do not follow is not used.
    func testMotionOffEveryCurveIsSampledPerFrame() throws {
        let values = times.map { 100 - 100 * exp(-8 * $0) * cos(20 * $0) }
        let keys = LottieKeyframes(times: times, spans: [CurveSpan(begin: 0, end: 0.5, easing: .easeInOut)], budget: LottieBudget(plugin: "test"))
        let k = try keyframes(try property(keys, values))
        XCTAssertEqual(k.count, 31)
        XCTAssertEqual((k[0]["o"] as? [String: Double]).map { [$0["x"]!, $0["y"]!] }, [0, 0])
        XCTAssertEqual((k[0]["i"] as? [String: Double]).map { [$0["x"]!, $0["y"]!] }, [1, 1])
    }

    /// Straight stretches and holds keep only their ends; a value that never changes is static.
    func testStraightStretchesKeepTheirEnds() throws {
        let values = times.map { $0 < 0.25 ? $0 * 400 : 100 }
        let keys = LottieKeyframes(times: times, spans: [], budget: LottieBudget(plugin: "test"))
        let k = try keyframes(try property(keys, values))
        XCTAssertEqual(k.map { $0["t"] as? Double }, [0, 15, 30])
        XCTAssertEqual(try property(keys, times.map { _ in 7 }).text, #"{"a":0,"k":7}"#)
    }
}

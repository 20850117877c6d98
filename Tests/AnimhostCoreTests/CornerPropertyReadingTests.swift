import XCTest
@testable import AnimhostCore

/// `maskedCorners` and `cornerCurve` in scene files: names as `CACornerMask` and `CALayerCornerCurve`
/// spell them, each corner once, errors naming the path and what was expected.
final class CornerPropertyReadingTests: XCTestCase {
    func node(_ fields: String) throws -> NodeProperties {
        let json = #"{"name": "x", "size": [100, 100], "nodes": [{"id": "a", "# + fields + "}]}"
        return try SceneLoader.parse(Data(json.utf8), file: "s.json").root.children[0].model
    }

    func message(_ fields: String) -> String {
        do { _ = try node(fields); return "no error" } catch { return "\(error)" }
    }

    func testCornersAndCurveAreRead() throws {
        let p = try node(#""maskedCorners": ["maxXMinY", "minXMinY"], "cornerCurve": "continuous", "backdropBlur": 12"#)
        XCTAssertEqual(p.maskedCorners, [.minXMinY, .maxXMinY])
        XCTAssertEqual(p.cornerCurve, .continuous)
        XCTAssertEqual(p.backdropBlur, 12)
        XCTAssertEqual(try node(#""maskedCorners": []"#).maskedCorners, [], "no corner: all square")
        XCTAssertEqual(try node(#""cornerRadius": 3"#).maskedCorners, .all, "by default all four")
    }

    func testUnknownRepeatedOrMistypedCornersAreNamed() {
        XCTAssertEqual(
            message(#""maskedCorners": ["minXminY"]"#),
            "s.json: nodes[0].maskedCorners[0]: expected one of minXMinY, maxXMinY, minXMaxY, maxXMaxY, got 'minXminY' (did you mean 'minXMinY'?)")
        XCTAssertEqual(
            message(#""maskedCorners": ["minXMinY", "minXMinY"]"#), "s.json: nodes[0].maskedCorners[1]: 'minXMinY' is named twice")
        XCTAssertEqual(message(#""maskedCorners": "minXMinY""#), "s.json: nodes[0].maskedCorners: expected an array, got a string")
        XCTAssertEqual(
            message(#""cornerCurve": "squircle""#), "s.json: nodes[0].cornerCurve: expected circular or continuous, got 'squircle'")
        XCTAssertEqual(message(#""backdropBlur": 1001"#), "s.json: nodes[0].backdropBlur: expected a number from 0 to 1000, got 1001")
    }
}

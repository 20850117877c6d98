import XCTest
@testable import AnimhostCore

/// Which of several mistakes in one node a scene's message names, whatever the order of the keys in
/// the file: an unknown key, then the id, then a group that is not an object, then the values in
/// the order the properties are declared, then the children; and where a nested node is.
final class SceneErrorOrderTests: XCTestCase {
    func message(_ node: String) -> String {
        do {
            _ = try SceneLoader.parse(Data(#"{"name": "x", "size": [1, 1], "nodes": [\#(node)]}"#.utf8), file: "s.json")
            return "no error"
        } catch { return "\(error)" }
    }

    func testOfTwoWrongValuesTheOneDeclaredFirstIsNamed() {
        let wrong = [
            ("frame", "1", "expected [x, y, width, height]"), ("alpha", #""x""#, "expected a number, got a string"),
            ("hidden", "1", "expected true or false, got a number"), ("cornerRadius", "true", "expected a number, got a boolean"),
            ("backgroundColor", #""red""#, "expected a colour as #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got 'red'")
        ]
        let order = NodeProperty.all.map(\.key)
        for a in wrong {
            for b in wrong where a.0 != b.0 {
                let first = order.firstIndex(of: a.0)! < order.firstIndex(of: b.0)! ? a : b
                XCTAssertEqual(message(#"{"id": "n", "\#(a.0)": \#(a.1), "\#(b.0)": \#(b.1)}"#), "s.json: nodes[0].\(first.0): \(first.2)")
            }
        }
    }

    func testUnknownKeysComeFirstThenTheIdThenGroupsThenValuesThenChildren() {
        XCTAssertEqual(message(#"{"id": 5, "alpah": 1, "alpha": "x"}"#), "s.json: nodes[0].alpah: unknown field (did you mean 'alpha'?)")
        XCTAssertEqual(message(#"{"alpha": "x", "id": 5}"#), "s.json: nodes[0].id: expected a string, got a number")
        XCTAssertEqual(message(#"{"alpha": "x"}"#), "s.json: nodes[0].id: missing: expected a string")
        XCTAssertEqual(message(#"{"id": "n", "alpha": "x", "shadow": 3}"#), "s.json: nodes[0].shadow: expected an object, got a number")
        XCTAssertEqual(message(#"{"id": "n", "alpha": "x", "shadow": {"opacity": 0.5}}"#), "s.json: nodes[0].alpha: expected a number, got a string")
        XCTAssertEqual(
            message(#"{"id": "n", "shadow": {"opacity": "x", "radius": "y"}}"#), "s.json: nodes[0].shadow.opacity: expected a number, got a string")
        XCTAssertEqual(message(#"{"id": "n", "children": 3, "alpha": "x"}"#), "s.json: nodes[0].alpha: expected a number, got a string")
        XCTAssertEqual(message(#"{"id": "n", "children": 3}"#), "s.json: nodes[0].children: expected an array, got a number")
        XCTAssertEqual(message(#"{"id": "n", "alpha": null, "shadow": null, "frame": [0, 0, 1, 1]}"#), "no error")
    }

    func testANestedNodeIsNamedByItsPath() {
        XCTAssertEqual(
            message(#"{"id": "a", "children": [{"id": "b"}, {"id": "c", "children": [{"id": "d", "frame": [0, 0, -1, 1]}]}]}"#),
            "s.json: nodes[0].children[1].children[0].frame: width and height must not be negative")
        XCTAssertEqual(message(#"{"id": "a"}, {"id": "b", "frame": [0, 0, 1, "x"]}"#), "s.json: nodes[1].frame[3]: expected a number, got a string")
        XCTAssertEqual(message(#"{"id": "a", "text": {"string": "t", "size": 0}}"#), "s.json: nodes[0].text.size: expected a number from 1 to 1000, got 0")
    }
}

import XCTest
@testable import AnimhostCore

final class SceneLoaderTests: XCTestCase {
    func load(_ json: String) throws -> Scene {
        try SceneLoader.parse(Data(json.utf8), file: "s.json")
    }

    func message(_ json: String) -> String {
        do { _ = try load(json); return "no error" } catch { return "\(error)" }
    }

    func testLoadsNodesWithEveryField() throws {
        let s = try load(
            """
            {"name": "grid", "size": [390, 844], "background": "#FAFAFA", "reference": {"push": "a", "pop": "b"},
             "nodes": [{"id": "a", "frame": [1, 2, 3, 4], "backgroundColor": "#FF0000", "image": "placeholder:4",
                        "cornerRadius": 6, "contentMode": "aspectFill", "clips": true, "alpha": 0.5, "tag": "t",
                        "hidden": true, "zIndex": 2, "transform": [2, 0, 0, 2, 0, 0],
                        "border": {"width": 1, "color": "#000"}, "shadow": {"opacity": 0.3, "radius": 8, "offset": [0, 2]},
                        "text": {"string": "Hi", "size": 20},
                        "children": [{"id": "b", "frame": [0, 0, 1, 1]}]}]}
            """)
        XCTAssertEqual(s.name, "grid")
        XCTAssertEqual(s.root.id, "grid")
        XCTAssertEqual(s.root.model.frame.size, Size(width: 390, height: 844))
        let a = try XCTUnwrap(s.root.find("a")).model
        XCTAssertEqual(a.frame, Rect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(a.contentMode, .aspectFill)
        XCTAssertEqual(a.shadow.offset, Size(width: 0, height: 2))
        XCTAssertEqual(a.transform, .scale(2, 2))
        XCTAssertEqual(a.text?.fontSize, 20)
        XCTAssertEqual(s.referenceID(for: .push), "a")
        XCTAssertEqual(s.referenceID(for: .pop), "b")
        XCTAssertNil(s.referenceID(for: .present))
        XCTAssertEqual(s.root.find("b")?.scene, "grid")
    }

    func testErrorsNameTheFileThePathAndWhatWasExpected() {
        XCTAssertEqual(message(#"{"name": "x", "size": [390, "a"]}"#), "s.json: size[1]: expected a number, got a string")
        XCTAssertEqual(
            message(#"{"name": "x", "size": [390, 844], "nodes": [{"id": "a", "frame": [0, 0, 1]}]}"#),
            "s.json: nodes[0].frame: expected [x, y, width, height]")
        XCTAssertEqual(
            message(#"{"name": "x", "size": [390, 844], "nodes": [{"id": "a"}, {"id": "a"}]}"#),
            "s.json: nodes[1].id: duplicate id 'a'")
        XCTAssertEqual(
            message(#"{"name": "x", "size": [390, 844], "nodes": [{"id": "a", "alhpa": 1}]}"#),
            "s.json: nodes[0].alhpa: unknown field (did you mean 'alpha'?)")
        XCTAssertEqual(
            message(#"{"name": "x", "size": [390, 844], "reference": "nope"}"#),
            "s.json: reference: no node has the id 'nope'")
        XCTAssertEqual(
            message(#"{"name": "x", "size": [-1, 844]}"#),
            "s.json: size: width and height must be between 0 and 100000 (exclusive of 0)")
        XCTAssertEqual(
            message(#"{"name": "x", "size": [390, 844], "nodes": [{"id": "a", "backgroundColor": "red"}]}"#),
            "s.json: nodes[0].backgroundColor: expected a colour as #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got 'red'")
        XCTAssertEqual(message(#"{"size": [390, 844]}"#), "s.json: name: missing: expected a string")
        XCTAssertEqual(message("{\"name\": \"x\",\n \"size\": [390,, 844]}"), "s.json: invalid JSON at line 2, column 15")
        XCTAssertTrue(message(#"{"name": "x", "size": [1e999, 1]}"#).contains("1e999"))
    }

    /// A `\u` escape that names no character is placed by line and column and said for what it is
    /// (RFC 8259 §7: a character above U+FFFF is escaped as a surrogate pair); so is a file cut short.
    /// Good pairs and escapes that only look alike (`\\ud800`) load.
    func testABadUnicodeEscapeOrACutFileIsPlaced() {
        let pair = "both halves (\\ud83d\\ude00 is 😀)"
        XCTAssertEqual(
            message("{\"name\": \"x\",\n  \"size\": [1, 1],\n  \"nodes\": [{\"id\": \"a\\ud800\"}]}"),
            "s.json: invalid JSON at line 3, column 22: \\ud800 is the first half of a surrogate pair with no second half after it: "
                + "JSON text is Unicode; write the character itself, or \(pair)")
        XCTAssertEqual(
            message("{\"name\": \"x\\ud83d\\u0041\", \"size\": [1, 1]}"),
            "s.json: invalid JSON at line 1, column 12: \\ud83d is the first half of a surrogate pair with no second half after it: "
                + "JSON text is Unicode; write the character itself, or \(pair)")
        XCTAssertEqual(
            message("{\"name\": \"x\",\n\"size\": [1, 1], \"nodes\": [{\"id\": \"\\udc00\"}]}"),
            "s.json: invalid JSON at line 2, column 35: \\udc00 is the second half of a surrogate pair with no first half before it: "
                + "JSON text is Unicode; write the character itself, or \(pair)")
        XCTAssertEqual(
            message("{\"name\": \"x\\u12\", \"size\": [1, 1]}"),
            "s.json: invalid JSON at line 1, column 12: \\u must be followed by four hexadecimal digits (\\u00e9 is é)")
        XCTAssertEqual(message("{\"name\": \"x\",\n \"size\": [1, tru"), "s.json: invalid JSON at line 2, column 17: the file ends inside a value")
        XCTAssertEqual(message("{\"name\": \"\\\\ud800 \\ud83d\\ude00\", \"size\": [1, 1]}"), "no error")
    }

    func testImagesStayInsideTheSceneFolder() {
        for bad in ["/etc/passwd", "../secret.png", "photos/../../x.png", "~/x.png", "placeholder:x"] {
            XCTAssertTrue(message(#"{"name": "x", "size": [1, 1], "nodes": [{"id": "a", "image": "\#(bad)"}]}"#).hasPrefix("s.json: nodes[0].image: "), bad)
        }
        XCTAssertEqual(message(#"{"name": "x", "size": [1, 1], "nodes": [{"id": "a", "image": "photos/cat.png"}, {"id": "b", "image": "placeholder:3"}]}"#), "no error")
    }

    func testHugeScenesAndOtherGarbageAreRefused() {
        let many = (0..<10_001).map { #"{"id": "n\#($0)"}"# }.joined(separator: ",")
        XCTAssertTrue(message(#"{"name": "x", "size": [1, 1], "nodes": [\#(many)]}"#).contains("more than 10000 nodes"))
        XCTAssertThrowsError(try SceneLoader.parse(Data([0x7B, 0xFF, 0xFE, 0x7D]), file: "s.json")) {
            XCTAssertEqual("\($0)", "s.json: not UTF-8 text")
        }
    }

    func testDeepNestingIsRefused() {
        var node = #"{"id": "leaf"}"#
        for i in 0..<80 { node = #"{"id": "n\#(i)", "children": [\#(node)]}"# }
        XCTAssertTrue(message(#"{"name": "x", "size": [1, 1], "nodes": [\#(node)]}"#).contains("nest deeper than 64"))
    }
}

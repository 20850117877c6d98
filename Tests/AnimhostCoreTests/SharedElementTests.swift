import XCTest
@testable import AnimhostCore
import AnimhostTestSupport

/// Tag matching between two trees, and Hero's modifiers as scene files and plugins write them.
final class SharedElementTests: XCTestCase {
    func node(_ id: String, tag: String? = nil, hidden: Bool = false, alpha: Double = 1, z: Double = 0, _ children: [Node] = []) -> Node {
        var p = NodeProperties()
        p.tag = tag; p.hidden = hidden; p.alpha = alpha; p.zIndex = z
        let n = Node(id: id, properties: p)
        for c in children { try! n.add(c) }
        return n
    }

    func testTagsMatchInTheDestinationsPaintOrderNestedOnesIndependently() {
        let from = node("a", [node("card", tag: "card", [node("title", tag: "title")]), node("x", tag: "only-here")])
        let to = node("b", [node("top", tag: "title", z: 1), node("hero", tag: "card"), node("y", tag: "nowhere")])
        let pairs = TagMatching.matches(from: from, to: to)
        XCTAssertEqual(pairs.map(\.tag), ["card", "title"], "hero paints before top (zIndex 1)")
        XCTAssertEqual(pairs.map(\.from.id), ["card", "title"])
        XCTAssertEqual(pairs.map(\.to.id), ["hero", "top"])
    }

    func testHiddenAndTransparentNodesAndTheirSubtreesDoNotMatch() {
        let from = node("a", [node("h", tag: "h", hidden: true), node("clear", alpha: 0, [node("inside", tag: "in")]), node("v", tag: "v")])
        let to = node("b", [node("h2", tag: "h"), node("in2", tag: "in"), node("v2", tag: "v")])
        XCTAssertEqual(TagMatching.matches(from: from, to: to).map(\.tag), ["v"])
    }

    func testModifiersParseAndPrintBack() throws {
        let texts = [
            "fade", "opacity(0.5)", "scale(0.8, 0.8)", "translate(0, 40)", "rotate(1.5)", "size(10, 20)",
            "position(5, 6)", "cornerRadius(8)", "zPosition(2)", "delay(0.1)", "duration(0.3)",
            "curve(cubic-bezier(0.4, 0, 0.2, 1))", "spring(300, 20)", "arc(1)", "arc(0.5)", "arc(material)", "arc(materialCenter)",
            "cascade(0.02, radial)", "source(photo)", "whenPresenting(fade, delay(0.1))", "whenDismissing(scale(1.3, 1.3))"
        ]
        for text in texts { XCTAssertEqual(try Modifier(parsing: text).description, text) }
        XCTAssertEqual(try Modifier(parsing: "scale(0.8)"), .scale(x: 0.8, y: 0.8))
        XCTAssertEqual(try Modifier(parsing: "arc"), .arc(.quadratic(1)))
        XCTAssertEqual(try Modifier(parsing: "arc(material)"), .arc(.material))
        XCTAssertEqual(try Modifier(parsing: "cascade(0.05)"), .cascade(delta: 0.05, direction: .topToBottom))
        XCTAssertEqual(
            try Modifier(parsing: " whenPresenting( translate(0, 20) , fade ) "),
            .whenPresenting([.translate(x: 0, y: 20), .fade]))
    }

    func testBadModifiersSayWhatWasExpected() {
        func message(_ text: String) -> String {
            do { _ = try Modifier(parsing: text); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(message("fdae"), "unknown modifier 'fdae' (did you mean 'fade'?)")
        XCTAssertEqual(message("arc(materal)"), "'arc(materal)': expected arc, arc(intensity), arc(material) or arc(materialCenter)")
        XCTAssertEqual(message("cascade(0.1, topTobotom)"), "'cascade(0.1, topTobotom)': unknown cascade direction 'topTobotom' (did you mean 'topToBottom'?)")
        XCTAssertEqual(message("opacity(2)"), "'opacity(2)': expected opacity(a) with a from 0 to 1")
        XCTAssertEqual(message("translate(1)"), "'translate(1)': expected translate(x, y)")
        XCTAssertTrue(message("curve(bouncy)").hasPrefix("'curve(bouncy)': unknown easing 'bouncy'"))
        XCTAssertEqual(message("scale(1"), "'scale(1': expected a closing parenthesis")
        XCTAssertEqual(message("whenPresenting()"), "'whenPresenting()': expected whenPresenting(modifier, …) with at least one modifier")
    }

    func testSceneFilesCarryModifiersAndNameTheFileNodeAndClosestName() throws {
        let scene = try SceneLoader.parse(
            Data(
                """
                {"name": "s", "size": [100, 100], "nodes": [{"id": "a", "modifiers": ["fade", "scale(0.5)"]}]}
                """.utf8), file: "s.json")
        XCTAssertEqual(scene.root.find("a")?.model.modifiers, [.fade, .scale(x: 0.5, y: 0.5)])
        XCTAssertThrowsError(
            try SceneLoader.parse(
                Data(
                    """
                    {"name": "s", "size": [100, 100], "nodes": [{"id": "a", "children": [{"id": "b", "modifiers": ["fade", "sacle(2)"]}]}]}
                    """.utf8), file: "s.json")
        ) { error in
            XCTAssertEqual("\(error)", "s.json: nodes[0].children[0].modifiers[1]: node 'b': unknown modifier 'sacle' (did you mean 'scale'?)")
        }
    }

    func testImageSizesComeFromPNGAndJPEGHeadersAndStayInsideTheSceneFolder() throws {
        // PNG: the signature, then IHDR's width and height as big-endian 32-bit numbers (300 × 200).
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
            0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8, 8, 6, 0, 0, 0
        ]
        XCTAssertEqual(ImageSize.header(png), Size(width: 300, height: 200))
        // JPEG: SOI, an APP0 segment to skip, then SOF2 with height 0x00C8 and width 0x012C.
        let jpeg: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 14)
            + [0xFF, 0xC2, 0, 17, 8, 0x00, 0xC8, 0x01, 0x2C, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        XCTAssertEqual(ImageSize.header(jpeg), Size(width: 300, height: 200))
        XCTAssertNil(ImageSize.header([0xFF, 0xD8, 0xFF, 0xE0, 0, 40]))  // truncated before any frame header
        XCTAssertEqual(ImageSize.of("placeholder:7", relativeTo: nil), Size(width: 1024, height: 768))

        let dir = try temporaryFolder("size")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("in"), withIntermediateDirectories: true)
        try Data(png).write(to: dir.appendingPathComponent("in/a.png"))
        try Data(png).write(to: dir.appendingPathComponent("outside.png"))
        let scenes = dir.appendingPathComponent("in")
        XCTAssertEqual(ImageSize.of("a.png", relativeTo: scenes), Size(width: 300, height: 200))
        XCTAssertNil(ImageSize.of("../outside.png", relativeTo: scenes))
        XCTAssertNil(ImageSize.of(dir.appendingPathComponent("outside.png").path, relativeTo: scenes))
        XCTAssertNil(ImageSize.of("missing.png", relativeTo: scenes))
    }
}

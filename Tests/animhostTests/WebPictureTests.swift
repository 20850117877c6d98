import Foundation
import XCTest
import AnimhostTestSupport

/// The web page's pictures (docs/web.md): each picture once, whatever scene names it, drawn at the
/// largest size the run shows it. zoom's scenes show eight placeholders (1024 × 768), placeholder 4 in
/// both the grid and the detail; each is drawn at the widest its `aspectFill` content box is shown,
/// found here from the timeline's frames.
final class WebPictureTests: XCTestCase {
    func testPicturesAreEmbeddedOnceAtTheSizeShown() throws {
        let out = try temporaryFolder("web-pictures")
        let r = try CLI.run(["run", "zoom", "--fps", "15", "--scale", "1", "--format", "json,web", "--out", out.path])
        XCTAssertEqual(r.code, 0, r.err)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("timeline.json"))) as? [String: Any] ?? [:]
        var widest: [String: Double] = [:]
        for frame in root["frames"] as? [[String: Any]] ?? [] {
            for node in frame["nodes"] as? [[String: Any]] ?? [] {
                guard let image = node["image"] as? String, let box = (node["frame"] as? [NSNumber])?.map(\.doubleValue) else { continue }
                XCTAssertEqual(node["contentMode"] as? String, "aspectFill")
                let shown = max(box[2] / 1024, box[3] / 768) * 1024  // aspectFill over a 1024 × 768 placeholder, unscaled nodes
                widest[image] = max(widest[image] ?? 0, shown)
            }
        }
        XCTAssertEqual(widest.count, 8)
        let page = try String(contentsOf: out.appendingPathComponent("web/index.html"), encoding: .utf8)
        let uris = page.components(separatedBy: "data:image/").dropFirst()
        XCTAssertEqual(uris.count, widest.count, "one data URI per picture")
        let widths = try uris.map { try WebPictureTests.width(of: $0) }.sorted()
        let expected = widest.values.map { min(1024, Int(($0 - 1e-9).rounded(.up))) }.sorted()
        XCTAssertEqual(widths, expected)
    }

    /// A picture that fails to decode fails the run naming the node that shows it, however many runs
    /// the page is made of (the reduced-motion run, which meets it first, leaves no failure behind
    /// for the run itself to blame on its first node).
    func testAPictureThatFailsToDecodeNamesItsNode() throws {
        let out = try temporaryFolder("web-pictures-bad")
        try Data("\u{89}PNG\r\n\u{1A}\nnot a picture".utf8).write(to: out.appendingPathComponent("bad.png"))
        let news = try String(contentsOf: packageRoot.appendingPathComponent("Plugins/scenes/news.json"), encoding: .utf8)
        let scene = out.appendingPathComponent("news.json")
        try news.replacingOccurrences(of: #""image": "placeholder:20""#, with: #""image": "bad.png""#).write(to: scene, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "crossfade", "--from", scene.path, "--to", "article", "--format", "web", "--out", out.appendingPathComponent("out").path])
        XCTAssertNotEqual(r.code, 0)
        let error = r.err.split(separator: "\n").last { !$0.contains("warning") } ?? ""
        XCTAssertTrue(error.contains("node 'story-1-thumb' of scene 'news'") && error.contains("bad.png"), r.err)
    }

    /// The pixel width in a data URI's PNG or JPEG header (`png;base64,…` or `jpeg;base64,…`).
    private static func width(of uri: String) throws -> Int {
        let base64 = uri.drop { $0 != "," }.dropFirst().prefix { $0 != "\"" }
        let bytes = [UInt8](try XCTUnwrap(Data(base64Encoded: String(base64))))
        if uri.hasPrefix("png") { return bytes[16...19].reduce(0) { $0 << 8 | Int($1) } }
        var i = 2
        while i + 9 < bytes.count {  // JPEG: the start-of-frame segment holds height then width
            if bytes[i] == 0xFF && (bytes[i + 1] == 0xC0 || bytes[i + 1] == 0xC2) { return Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]) }
            i += 1
        }
        throw BrowserError("a data URI with no PNG or JPEG frame header")
    }
}

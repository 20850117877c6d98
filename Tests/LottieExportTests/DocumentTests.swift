import XCTest
import AnimhostCore

/// What the document holds, read back as plain JSON.
final class DocumentTests: XCTestCase {
    private func assets(_ json: [String: Any]) -> [[String: Any]] { json["assets"] as! [[String: Any]] }

    /// All layers of the document, precompositions' included.
    private func layers(_ json: [String: Any]) -> [[String: Any]] {
        (json["layers"] as! [[String: Any]]) + assets(json).flatMap { ($0["layers"] as? [[String: Any]]) ?? [] }
    }

    func testTheRunsSizeRateAndFrames() throws {
        let export = try Export("Plugins/zoom.lua", scale: 2)
        let json = export.json
        XCTAssertTrue((json["v"] as? String)?.hasPrefix("5.") ?? false)
        XCTAssertEqual(json["fr"] as? Int, 60)
        XCTAssertEqual(json["ip"] as? Int, 0)
        XCTAssertEqual(json["op"] as? Int, export.frames.count)
        XCTAssertEqual(json["w"] as? Int, 390)
        XCTAssertEqual(json["h"] as? Int, 844)
    }

    /// Pictures are embedded JPEGs where opaque, PNGs (with alpha) where not; each picture once
    /// however many nodes show it: no more JPEG assets than pictures named in the frames.
    func testImagesAreEmbeddedOnceJPEGWhereOpaque() throws {
        let export = try Export("Plugins/zoom.lua", scale: 2)
        let images = assets(export.json).filter { $0["p"] != nil }
        XCTAssertFalse(images.isEmpty)
        var seen = Set<String>()
        for image in images {
            XCTAssertEqual(image["e"] as? Int, 1)
            let uri = image["p"] as! String
            XCTAssertTrue(seen.insert(uri).inserted, "an image embedded twice")
            let data = try XCTUnwrap(Data(base64Encoded: String(uri.drop { $0 != "," }.dropFirst())))
            if uri.hasPrefix("data:image/jpeg;base64,") {
                XCTAssertEqual(Array(data.prefix(2)), [0xFF, 0xD8])
            } else {
                XCTAssertTrue(uri.hasPrefix("data:image/png;base64,"), String(uri.prefix(30)))
                XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
                XCTAssertEqual(data[25], 6, "colour type RGBA")
            }
        }
        let pictures = Set(export.frames.flatMap { $0.nodes.compactMap(\.properties.image) })
        XCTAssertLessThanOrEqual(images.filter { ($0["p"] as! String).hasPrefix("data:image/jpeg") }.count, pictures.count)
        let texts = Set(export.frames.flatMap { $0.nodes.compactMap(\.properties.text) })
        XCTAssertGreaterThanOrEqual(images.filter { ($0["p"] as! String).hasPrefix("data:image/png") }.count, texts.count)
    }

    /// Popping, the cell the photo returns to is hidden while its snapshot moves and shown again at
    /// the end; it clips to its rounded corners, so it is masked.
    func testHiddenNodesHaveNoOpacityAndClipsAreMasks() throws {
        let export = try Export("Plugins/zoom.lua", operation: .pop)
        let cell = try XCTUnwrap(layers(export.json).first { $0["nm"] as? String == "grid/photo-4" })
        let opacity = (cell["ks"] as! [String: Any])["o"] as! [String: Any]
        let keys = opacity["k"] as! [[String: Any]]
        XCTAssertEqual(keys.first?["s"] as? [Double], [0])
        XCTAssertEqual(keys.last?["s"] as? [Double], [100])
        XCTAssertEqual(keys.last?["t"] as? Double, Double(export.frames.count - 1))
        let masks = try XCTUnwrap(cell["masksProperties"] as? [[String: Any]])
        XCTAssertEqual(masks.count, 1)
        XCTAssertEqual(masks[0]["mode"] as? String, "a")
    }

    /// The album's flying title is a snapshot whose text animhost lays out again at every size it
    /// takes, so its glyphs keep their point size (a 28-point title is as wide in a box twice as wide):
    /// every text image is shown at about one pixel per point at @1x, never stretched. Its box is clear, so it has
    /// no background layer, and its images, one shown at a time, carry the snapshot's opacity
    /// themselves rather than through a precomposition.
    func testTheFlyingTitleIsLaidOutAtEverySizeNotStretched() throws {
        let export = try Export("Examples/album/album.lua")
        let all = layers(export.json)
        let title = all.filter { ($0["nm"] as? String)?.hasPrefix("album/album-title (snapshot)") ?? false }
        XCTAssertFalse(title.isEmpty)
        XCTAssertGreaterThan(title.filter { $0["nm"] as? String == "album/album-title (snapshot) text" }.count, 1)
        for layer in title {
            XCTAssertEqual(layer["ty"] as? Int, 2, "\(layer["nm"]!): an image layer, not a precomposition or a shape")
            let scale = (layer["ks"] as! [String: Any])["s"] as! [String: Any]
            let values: [[Double]] =
                (scale["a"] as? Int) == 1
                ? (scale["k"] as! [[String: Any]]).map { $0["s"] as! [Double] } : [scale["k"] as! [Double]]
            // The box rounds up to whole pixels (as animhost's backing stores do): a 34-point line
            // drawn 35 pixels high shows at 97 %; a stretched title would reach twice its width.
            for v in values.flatMap({ $0 }) { XCTAssertEqual(v, 100, accuracy: 3.5) }
        }
    }

    /// The dialog's easeOut block: its scale keeps Core Animation's easeOut handles (0, 0, 0.58, 1).
    func testACurveTimedBlockKeepsItsCurve() throws {
        let export = try Export("Examples/popup/popup.lua")
        let text = export.document
        XCTAssertTrue(text.contains(#""o":{"x":0,"y":0},"i":{"x":0.58,"y":1}"#), "easeOut handles")
    }
}

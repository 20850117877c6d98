import XCTest
import AnimhostFuzzing
import AnimhostCore
import Foundation
import AnimhostTestSupport

/// The committed seed corpora of the coverage-guided targets (scripts/fuzz.sh) run through their targets
/// in an ordinary build: the shipped scenes and documented traces and specs parse, and no seed breaks a
/// parser's promise.
final class FuzzCorpusTests: XCTestCase {
    private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    func testEverySeedRunsThroughItsTarget() throws {
        addTeardownBlock { try? FileManager.default.removeItem(at: FuzzTarget.pluginFolder) }
        var counts: [String: Int] = [:]
        for target in FuzzTarget.allCases {
            let folder = corpus.appendingPathComponent(target.rawValue)
            for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                let data = try Data(contentsOf: url)
                try data.withUnsafeBytes { try target.run($0) }
                counts[target.rawValue, default: 0] += 1
            }
        }
        XCTAssertEqual(counts, ["scene": 4, "gesture": 5, "easing": 8, "lua": 8])
    }

    func testTheParserSeedsAreValidInputs() throws {
        for url in try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("scene"), includingPropertiesForKeys: nil) {
            XCTAssertNoThrow(try SceneLoader.parse(Data(contentsOf: url), file: url.lastPathComponent), url.lastPathComponent)
        }
        for url in try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("gesture"), includingPropertiesForKeys: nil) {
            let data = try Data(contentsOf: url)
            let trace =
                url.pathExtension == "json"
                ? try GestureTrace.parse(data, file: url.lastPathComponent)
                : try GeneratedGesture.trace(String(decoding: data, as: UTF8.self), size: Size(width: 390, height: 844))
            XCTAssertEqual(trace.samples.first?.state, .began, url.lastPathComponent)
        }
        for url in try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("easing"), includingPropertiesForKeys: nil) {
            let curve = try Easing(spec: String(decoding: try Data(contentsOf: url), as: UTF8.self))
            XCTAssertEqual(curve.value(at: 0), 0, accuracy: 1e-9, url.lastPathComponent)
            XCTAssertEqual(curve.value(at: 1), 1, accuracy: 1e-9, url.lastPathComponent)
        }
    }

    func testBytesPastTheEndChooseTheFirstOption() {
        var bytes = FuzzedBytes([7])
        XCTAssertNotEqual(bytes.next(), 0)
        XCTAssertEqual(bytes.next(), 0)
        XCTAssertEqual(bytes.pick(["first", "second"]), "first")
    }
}

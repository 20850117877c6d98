import XCTest
import Foundation
import AnimhostTestSupport

/// Examples/embedding runs crossfade live: its output agrees with the percent-driven model computed here.
final class EmbeddingExampleTests: XCTestCase {
    /// The built example, beside the test bundle.
    var executable: URL { CLI.executable.deletingLastPathComponent().appendingPathComponent("animhost-embedding") }

    /// A scene file's size, read from the JSON itself.
    func size(of scene: String) throws -> (Double, Double) {
        let url = packageRoot.appendingPathComponent("Plugins/scenes/\(scene).json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let size = try XCTUnwrap(object["size"] as? [Double])
        return (size[0], size[1])
    }

    /// Runs the example with `arguments` from the temporary folder; its standard output.
    func runExample(_ arguments: [String] = []) throws -> String {
        let tmp = FileManager.default.temporaryDirectory
        let r = try runProgram(executable, arguments, in: tmp, environment: CLI.environment(home: tmp))
        XCTAssertEqual(r.status, 0, r.out)
        return r.out
    }

    func testTheExampleFollowsTheFingerThenFinishes() throws {
        let text = try runExample()
        let lines = text.split(separator: "\n").map(String.init)

        // The container is the larger of the two scenes; the duration is crossfade's declared param.
        let (news, article) = (try size(of: "news"), try size(of: "article"))
        let width = max(news.0, article.0), height = max(news.1, article.1)
        XCTAssertEqual(lines.first, "crossfade push news → article: duration 0.28 s, container \(Int(width))×\(Int(height))")

        // While the finger is down, a left-edge swipe's progress is its travel over the width, and a
        // linear curve makes the article's opacity that progress.
        let touches = lines.compactMap { $0.firstMatch(of: #/touch x=([\d.]+) translation=([\d.]+) article\.opacity=([\d.]+)/#) }
        XCTAssertGreaterThanOrEqual(touches.count, 5, text)
        var previousX = 0.0
        for m in touches.dropLast() {
            let (x, travel, opacity) = (Double(m.1)!, Double(m.2)!, Double(m.3)!)
            XCTAssertEqual(travel, x - 2, accuracy: 2e-6, "travel from the touch-down at x = 2")
            XCTAssertEqual(opacity, travel / width, accuracy: 2e-6, "opacity = travel / width at x = \(x)")
            XCTAssertGreaterThan(x, previousX)
            previousX = x
        }
        let release = try XCTUnwrap(lines.firstIndex { $0.hasSuffix(" released") }, text)
        XCTAssertEqual(touches.last.map { Double($0.1)! } ?? 0, width * 0.6, accuracy: 1e-6, "released at 60 % of the width")

        // Past the finish threshold (a third of the width), the release runs the transition on to the end.
        let after = lines[(release + 1)...].compactMap { $0.firstMatch(of: #/^t=[\d.]+ article\.opacity=([\d.]+)$/#) }.map { Double($0.1)! }
        XCTAssertFalse(after.isEmpty, text)
        XCTAssertEqual(after, after.sorted(), "the article only fades in after release")
        XCTAssertEqual(after.last ?? 0, 1, accuracy: 1e-9)
        XCTAssertTrue(lines.last?.hasPrefix("finished: completed true, cancelled false, frames ") ?? false, text)
        XCTAssertTrue(lines.last?.hasSuffix("on screen: article") ?? false, "the news screen left the container: \(text)")
    }

    /// docs/embedding.md's "Running a transition": zoom's pop lasts its declared `popDuration` (0.25 s in
    /// Plugins/zoom.lua), so 120 fps gives 30 intervals and 31 frames, every one kept by the recorder.
    func testTheWholeRunOfTheDocumentationRecordsEveryFrame() throws {
        XCTAssertEqual(try runExample(["--whole", "zoom"]), "0.25 true 31\nkept 31 frames\n")
    }
}

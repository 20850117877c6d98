import XCTest
import AnimhostTestSupport

/// The run's summary line names each written file once, with what that file's output has to say beside it.
final class SummaryNoteTests: XCTestCase {
    /// The Lottie document's size follows `animation.json`, not whichever file the summary lists last.
    func testTheLottieNoteFollowsItsOwnFile() throws {
        let dir = try temporaryFolder("summary-note")
        let r = try CLI.run(["run", "zoom", "--format", "lottie,json", "--scale", "0.5", "--out", dir.path])
        XCTAssertEqual(r.code, 0, r.err)
        let bytes = try Data(contentsOf: dir.appendingPathComponent("animation.json")).count
        let note = String(format: "(Lottie: %.1f KB, ", Double(bytes) / 1024)
        let line = r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(line.contains("animation.json \(note)"), line)
        XCTAssertTrue(line.hasSuffix("timeline.json"), line)
    }
}

import XCTest

/// `animhost run --format lottie`, end to end.
final class LottieCommandTests: XCTestCase {
    /// The zoom push at @2x: one document under 1 MB, named with its size and keyframe count in the
    /// summary, the same bytes from two runs.
    func testZoomPushAt2xIsOneSmallDeterministicDocument() throws {
        let a = try CLI.temporaryFolder("lottie-a"), b = try CLI.temporaryFolder("lottie-b")
        var outputs: [String] = []
        for dir in [a, b] {
            let r = try CLI.run(["run", "zoom", "--format", "lottie", "--scale", "2", "--out", dir.path])
            XCTAssertEqual(r.code, 0, r.err)
            outputs.append(r.out)
        }
        let file = a.appendingPathComponent("animation.json")
        let data = try Data(contentsOf: file)
        XCTAssertLessThan(data.count, 1_000_000)
        XCTAssertEqual(data, try Data(contentsOf: b.appendingPathComponent("animation.json")), "byte-identical runs")
        let summary = try XCTUnwrap(outputs.first)
        XCTAssertTrue(summary.contains("animation.json"), summary)
        let kilobytes = String(format: "%.1f KB", Double(data.count) / 1024)
        XCTAssertTrue(summary.contains("(Lottie: \(kilobytes), "), summary)
        XCTAssertNotNil(summary.range(of: #"[0-9]+ keyframes\)"#, options: .regularExpression), summary)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: a.path), ["animation.json"], "no temporary files")
    }
}

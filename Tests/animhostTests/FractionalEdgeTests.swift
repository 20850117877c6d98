import Foundation
import XCTest
import AnimhostTestSupport
import AnimhostRender

/// Boxes and clips at fractional places and sizes, drawn by the CSS the web page uses: Chromium covers
/// their edge pixels by area as animhost does (docs/web.md), rather than rounding the box's size to whole
/// pixels. The scene (Fixtures/css-oracle/fractional.json) is black on white, so a pixel's level is its
/// coverage: every pixel of Chromium's picture must lie within `tolerance` levels of animhost's.
final class FractionalEdgeTests: XCTestCase {
    /// Chromium's clips cover edges in quarters of a pixel down the screen: at most an eighth off, 32 levels.
    /// An edge rounded to whole pixels is up to half a pixel off (on this scene 94 levels).
    private static let tolerance = 40

    func testEdgesAreCoveredByArea() throws {
        let fixtures = packageRoot.appendingPathComponent("Tests/animhostTests/Fixtures/css-oracle")
        let out = try temporaryFolder("fractional-edges")
        let r = try CLI.run([
            "run", fixtures.appendingPathComponent("oracle.lua").path, "--from", fixtures.appendingPathComponent("blank.json").path,
            "--to", fixtures.appendingPathComponent("fractional.json").path, "--param", "keys=frame", "--fps", "10", "--scale", "1",
            "--format", "json,png", "--out", out.path
        ])
        XCTAssertEqual(r.code, 0, r.err)
        let oracle = try CSSOracle()
        defer { oracle.close() }
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("frames").path).count
        for index in [0, frames / 2, frames - 1] {
            let comparison = try oracle.compare(
                timeline: out.appendingPathComponent("timeline.json"), frame: index,
                png: out.appendingPathComponent(String(format: "frames/%04d.png", index)), scale: 1, image: { _ in nil })
            let (a, b) = (comparison.oracle.bytes, comparison.rendered.bytes)
            let worst = a.indices.filter { $0 % 4 != 3 }.map { abs(Int(a[$0]) - Int(b[$0])) }.max() ?? 0
            if worst > FractionalEdgeTests.tolerance {
                let kept = try comparison.keep(in: out, name: "frame-\(index)")
                XCTFail("frame \(index): a pixel \(worst) levels off; Chromium's picture \(kept.oracle.path), animhost's in \(out.path)/frames")
            }
        }
    }
}

import XCTest
import Foundation
import AnimhostCore
@testable import AnimhostHarness
import AnimhostLua
import AnimhostOutput
import AnimhostRender
import AnimhostTestSupport

/// `check`'s flash rule against an implementation that shares none of its code: IRIS, Electronic
/// Arts' photosensitive epilepsy analysis, in its Python port (PyPI's iris-pse-detection, installed by
/// `scripts/setup.sh --python`), run by `scripts/iris-flash.py` on the very frames the rule judged,
/// written as PNG files and encoded as a lossless video. Both must fail the strobes and pass the
/// twin that flashes twice a second and every built-in.
final class IrisOracleTests: XCTestCase {
    /// IRIS's verdict, `PASS` or `FAIL`, on the push at 60 fps of the plugin at `url`, and `check`'s on the same frames.
    func verdicts(_ url: URL) throws -> (iris: String, check: String, line: String) {
        let catalog = PluginCatalog(environment: [:])
        let suite = Conformance(catalog: catalog)
        let plugin = try Plugin(url: url, limits: SandboxLimits(), printSink: { _ in })
        let ran = try suite.run(plugin, suite.request(.push, 60, reduced: false))
        let found = try Conformance.flashes(ran, fps: 60, keep: false)
        let ours = found.general.fails || found.red.fails ? "FAIL" : "PASS"
        let dir = try temporaryFolder("iris-\(url.deletingPathExtension().lastPathComponent)")
        let renderer = try FrameRenderer(size: ran.outcome.info.size, scale: found.scale, images: ran.pixels.images)
        try withExtendedLifetime(renderer) {
            for (i, frame) in ran.frames.enumerated() {
                try PNGFile.write(try renderer.render(frame), to: dir.appendingPathComponent(String(format: "%04d.png", i)))
            }
        }
        let r = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["python3", packageRoot.appendingPathComponent("scripts/iris-flash.py").path, dir.path, "60"])
        if r.status == 2 { throw XCTSkip("IRIS (PyPI's iris-pse-detection) is not installed: \(r.err.trimmingCharacters(in: .whitespacesAndNewlines))") }
        XCTAssertEqual(r.status, 0, r.err)
        let line = r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        return (line.hasPrefix("iris: FAIL") ? "FAIL" : "PASS", ours, line)
    }

    func fixture(_ kind: String, _ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/check/\(kind)/\(name).lua")
    }

    func testIRISAgreesOnTheStrobesTheTwinAndEveryBuiltIn() throws {
        let catalog = PluginCatalog(environment: [:])
        let cases: [(URL, String)] =
            [(fixture("fail", "strobe"), "FAIL"), (fixture("fail", "red-strobe"), "FAIL"), (fixture("pass", "two-flashes"), "PASS")]
            + (try ["zoom", "crossfade", "card-lift", "match"].map { (try catalog.locate($0).url, "PASS") })
        for (url, expected) in cases {
            let v = try verdicts(url)
            XCTAssertEqual(v.check, expected, "check on \(url.lastPathComponent)")
            XCTAssertEqual(v.iris, expected, "IRIS on \(url.lastPathComponent): \(v.line)")
        }
    }
}

import Foundation
import XCTest
import AnimhostTestSupport
import AnimhostOutput

/// Each drawn property against the CSS oracle: a small scene (Fixtures/css-oracle/PROPERTY.json) run by
/// Fixtures/css-oracle/oracle.lua, which animates the scene's `subject` to its hidden `target`'s values;
/// the first frame (at rest before the motion), the middle one and the last (at rest after it), at @1x
/// and @2x, each drawn by animhost and by Chromium from the timeline's JSON alone, must agree to
/// 30 dB PSNR outside text. One browser serves the whole class.
final class CSSOracleTests: XCTestCase {
    nonisolated(unsafe) private static var oracle: CSSOracle?
    private static let fixtures = packageRoot.appendingPathComponent("Tests/animhostTests/Fixtures/css-oracle")
    private static let threshold = 30.0

    override class func tearDown() {
        oracle?.close()
        oracle = nil
        super.tearDown()
    }

    private func sharedOracle() throws -> CSSOracle {
        if let oracle = CSSOracleTests.oracle { return oracle }
        let oracle = try CSSOracle()
        CSSOracleTests.oracle = oracle
        return oracle
    }

    // The properties animhost draws today.
    func testFrame() throws { try check("frame", keys: "frame") }
    func testAlpha() throws { try check("alpha", keys: "alpha") }
    func testTransform() throws { try check("transform", keys: "transform") }
    func testCornerRadius() throws { try check("cornerRadius", keys: "cornerRadius") }
    func testBackgroundColor() throws { try check("backgroundColor", keys: "backgroundColor") }
    func testBorder() throws { try check("border", keys: "border") }
    func testShadow() throws { try check("shadow", keys: "shadow") }
    func testClips() throws { try check("clips", keys: "frame,cornerRadius") }
    func testBlur() throws { try check("blur", keys: "blur") }
    func testZIndex() throws { try check("zIndex", keys: "frame") }
    func testHidden() throws { try check("hidden", keys: "frame") }
    func testImage() throws { try check("image", keys: "frame") }

    // The layer model's new properties (layer-contract): skipped while animhost does not know the key.
    func testTransform3D() throws { try check("transform3D", keys: "transform3D") }
    func testAnchorPoint() throws { try check("anchorPoint", keys: "transform3D") }
    func testSublayerTransform() throws { try check("sublayerTransform", keys: "sublayerTransform") }
    func testZPosition() throws { try check("zPosition", keys: "frame") }
    func testShape() throws { try check("shape", keys: "shape") }
    func testMask() throws { try check("mask", keys: "mask") }
    func testShadowPath() throws { try check("shadowPath", keys: "shadow") }
    func testGradient() throws { try check("gradient", keys: "gradient") }
    func testMaskedCorners() throws { try check("maskedCorners", keys: "cornerRadius") }
    /// Chromium draws no continuous corner: circular arcs stand in, so the bar is lower.
    func testCornerCurve() throws { try check("cornerCurve", keys: "cornerRadius", threshold: 24) }
    func testBackdropBlur() throws { try check("backdropBlur", keys: "backdropBlur") }

    /// The mapping table has one entry per key (a second would be dead), and every key animhost writes
    /// for the scenes here is in it.
    func testTableHasOneEntryPerKey() {
        let keys = CSSMapping.table.map(\.key)
        XCTAssertEqual(keys.count, Set(keys).count, "duplicate keys: \(keys)")
    }

    /// The oracle is not blind: a frame compared with another frame of the same run falls below the bar.
    func testOracleSeesADifference() throws {
        let run = try self.run("frame", keys: "frame", scale: 1)
        let oracle = try sharedOracle()
        let comparison = try oracle.compare(
            timeline: run.timeline, frame: 0, png: run.png(run.last), scale: 1, image: { _ in nil })
        XCTAssertLessThan(comparison.psnr, CSSOracleTests.threshold)
    }

    /// Compares with the timeline and frame PNG the environment names (docs/testing.md): `ORACLE_TIMELINE`,
    /// `ORACLE_FRAME` (index, default 0), `ORACLE_PNG`, `ORACLE_SCALE` (default the timeline's) and
    /// `ORACLE_IMAGES` (the folder image paths are relative to); prints the PSNR and keeps Chromium's
    /// picture and page in the temporary folder's `animhost-css-oracle`. Skipped when `ORACLE_TIMELINE` is not set.
    func testGivenFrame() throws {
        let env = ProcessInfo.processInfo.environment
        guard let timeline = env["ORACLE_TIMELINE"], let png = env["ORACLE_PNG"] else {
            throw XCTSkip("set ORACLE_TIMELINE and ORACLE_PNG to compare a frame of your own")
        }
        let frame = Int(env["ORACLE_FRAME"] ?? "0") ?? 0
        let scale = try Double(env["ORACLE_SCALE"] ?? "") ?? timelineScale(URL(fileURLWithPath: timeline))
        let images = env["ORACLE_IMAGES"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        let comparison = try sharedOracle().compare(
            timeline: URL(fileURLWithPath: timeline), frame: frame, png: URL(fileURLWithPath: png), scale: scale,
            image: images.map { CSSOracle.images(in: $0) } ?? { _ in nil })
        let kept = try comparison.keep(in: CSSOracleTests.kept, name: "frame-\(frame)")
        print(
            "css-oracle: frame \(frame) at @\(scale): \(String(format: "%.2f", comparison.psnr)) dB over \(comparison.comparedPixels) pixels; "
                + "Chromium's picture: \(kept.oracle.path), page: \(kept.page.path)"
                + (comparison.page.unmapped.isEmpty ? "" : "; keys left out: \(comparison.page.unmapped.sorted())"))
    }

    // MARK: - Running and comparing

    /// A run's output folder.
    private struct Run {
        let folder: URL
        let frames: Int
        var timeline: URL { folder.appendingPathComponent("timeline.json") }
        var last: Int { frames - 1 }
        func png(_ i: Int) -> URL { folder.appendingPathComponent(String(format: "frames/%04d.png", i)) }
    }

    /// Runs the oracle plugin to the scene `name` at `scale`; skips when animhost does not know a field of the scene.
    private func run(_ name: String, keys: String, scale: Double) throws -> Run {
        let out = try temporaryFolder("css-oracle-\(name)")
        let fixtures = CSSOracleTests.fixtures
        let r = try CLI.run([
            "run", fixtures.appendingPathComponent("oracle.lua").path, "--from", fixtures.appendingPathComponent("blank.json").path,
            "--to", fixtures.appendingPathComponent("\(name).json").path, "--param", "keys=\(keys)", "--fps", "10",
            "--scale", "\(scale)", "--format", "json,png", "--out", out.path
        ])
        if r.code != 0 && r.err.contains("unknown field") { throw XCTSkip("animhost does not draw '\(name)' yet: \(r.err)") }
        XCTAssertEqual(r.code, 0, r.err)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("frames").path).count
        return Run(folder: out, frames: frames)
    }

    /// Checks the first, middle and last frames of scene `name` at @1x and @2x against the oracle.
    private func check(_ name: String, keys: String, threshold: Double = CSSOracleTests.threshold, line: UInt = #line) throws {
        let oracle = try sharedOracle()
        var figures: [String] = []
        for scale in [1.0, 2.0] {
            let run = try run(name, keys: keys, scale: scale)
            for (label, index) in [("rest", 0), ("mid", run.frames / 2), ("end", run.last)] {
                let comparison = try oracle.compare(
                    timeline: run.timeline, frame: index, png: run.png(index), scale: scale,
                    image: CSSOracle.images(in: CSSOracleTests.fixtures))
                XCTAssertEqual(comparison.page.unmapped, [], "keys the oracle does not draw", line: line)
                figures.append("\(label)@\(Int(scale))x \(String(format: "%.1f", comparison.psnr))")
                if comparison.psnr < threshold {
                    let kept = try comparison.keep(in: CSSOracleTests.failures, name: "\(name)-\(label)-\(Int(scale))x")
                    let rendered = CSSOracleTests.failures.appendingPathComponent("\(name)-\(label)-\(Int(scale))x-animhost.png")
                    try? FileManager.default.removeItem(at: rendered)
                    try FileManager.default.copyItem(at: run.png(index), to: rendered)
                    XCTFail(
                        "\(name) \(label) @\(Int(scale))x: \(String(format: "%.2f", comparison.psnr)) dB < \(threshold); "
                            + "Chromium: \(kept.oracle.path), animhost: \(rendered.path), page: \(kept.page.path)", line: line)
                }
            }
        }
        print("css-oracle \(name): \(figures.joined(separator: ", ")) dB")
    }

    /// Where the pictures of a failed comparison are kept for a person to look at.
    private static let failures = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-css-oracle-failures")
    /// Where the pictures of a comparison asked for by name are kept.
    private static let kept = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-css-oracle")

    private func timelineScale(_ url: URL) throws -> Double {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        return (root?["scale"] as? NSNumber)?.doubleValue ?? 2
    }
}

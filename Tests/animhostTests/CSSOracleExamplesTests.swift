import Foundation
import XCTest
import AnimhostTestSupport

/// Each whole example of Examples/layers against the CSS oracle: the example run as its README says,
/// its first frame (at rest), its middle one and its last (at rest again), at @1x and @2x, each drawn
/// by animhost and by Chromium from the timeline's JSON alone, must agree to 30 dB PSNR outside text
/// (24 dB where continuous corners show: Chromium has none, so circular arcs stand in). One browser
/// serves the whole class.
final class CSSOracleExamplesTests: XCTestCase {
    nonisolated(unsafe) private static var oracle: CSSOracle?
    private static let examples = packageRoot.appendingPathComponent("Examples/layers")

    override class func tearDown() {
        oracle?.close()
        oracle = nil
        super.tearDown()
    }

    private func sharedOracle() throws -> CSSOracle {
        if let oracle = CSSOracleExamplesTests.oracle { return oracle }
        let oracle = try CSSOracle()
        CSSOracleExamplesTests.oracle = oracle
        return oracle
    }

    /// Half-way the flip is edge-on and draws nothing: its middle frame is a third of the way, the
    /// leaving screen turned by 60°, its near edge taller than the screen.
    /// Half-way the flip is edge-on and draws nothing: its middle frame is a third of the way, the
    /// leaving screen turned by 60°, its near edge taller than the screen.
    func testFlip() throws { try check("flip", scenes: ("front", "back"), middle: 1 / 3) }
    func testCircularReveal() throws { try check("circular-reveal", scenes: ("inbox", "message")) }
    /// The sheet's top corners are continuous.
    func testSheet() throws { try check("sheet", scenes: ("mailboxes", "compose"), operation: "present", threshold: 24) }
    func testStripShadow() throws { try check("strip-shadow", scenes: ("news", "article")) }
    /// The card's corners are continuous.
    func testFrostedCard() throws { try check("frosted-card", scenes: ("wall", "now-playing"), operation: "present", threshold: 24) }
    func testFold() throws { try check("fold", scenes: ("fold-cover", "fold-inside")) }

    /// The scene `name` (of the examples' scenes, else the built-in ones) copied into `folder` with each
    /// `placeholder:N` picture (which only animhost draws) replaced by the file `picture.png`, so that
    /// what lies beneath a blur or inside a clip is compared too.
    private func scene(_ name: String, into folder: URL) throws -> URL {
        let own = CSSOracleExamplesTests.examples.appendingPathComponent("scenes/\(name).json")
        let source = FileManager.default.fileExists(atPath: own.path) ? own : packageRoot.appendingPathComponent("Plugins/scenes/\(name).json")
        let text = try String(contentsOf: source, encoding: .utf8)
            .replacingOccurrences(of: #""placeholder:[0-9]+""#, with: #""picture.png""#, options: .regularExpression)
        let file = folder.appendingPathComponent("\(name).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let picture = folder.appendingPathComponent("picture.png")
        if !FileManager.default.fileExists(atPath: picture.path) {
            try FileManager.default.copyItem(at: CSSOracleExamplesTests.picture, to: picture)
        }
        return file
    }

    private static let picture = packageRoot.appendingPathComponent("Tests/animhostTests/Fixtures/css-oracle/picture.png")

    /// Runs example `name` between its `scenes` by `operation` at `scale` to a timeline and PNG frames;
    /// the output folder, the scenes' folder and the frame count.
    private func run(_ name: String, scenes: (String, String), operation: String, scale: Double) throws -> (folder: URL, scenes: URL, frames: Int) {
        let out = try temporaryFolder("css-oracle-\(name)"), folder = try temporaryFolder("css-oracle-scenes-\(name)")
        let r = try CLI.run([
            "run", CSSOracleExamplesTests.examples.appendingPathComponent("\(name).lua").path, "--operation", operation,
            "--from", scene(scenes.0, into: folder).path, "--to", scene(scenes.1, into: folder).path, "--fps", "10",
            "--scale", "\(scale)", "--format", "json,png", "--out", out.path
        ])
        XCTAssertEqual(r.code, 0, r.err)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("frames").path).count
        return (out, folder, frames)
    }

    /// Checks the first frame of example `name`, the one `middle` of the way through and the last, at
    /// @1x and @2x, against the oracle.
    private func check(
        _ name: String, scenes: (String, String), operation: String = "push", middle: Double = 0.5, threshold: Double = 30, line: UInt = #line
    ) throws {
        let oracle = try sharedOracle()
        let failures = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-css-oracle-failures")
        var figures: [String] = []
        for scale in [1.0, 2.0] {
            let (folder, scenesFolder, frames) = try run(name, scenes: scenes, operation: operation, scale: scale)
            XCTAssertGreaterThan(frames, 2, "\(name) drew too few frames to have a middle", line: line)
            for (label, index) in [("rest", 0), ("mid", Int((Double(frames - 1) * middle).rounded())), ("end", frames - 1)] {
                let png = folder.appendingPathComponent(String(format: "frames/%04d.png", index))
                let comparison = try oracle.compare(
                    timeline: folder.appendingPathComponent("timeline.json"), frame: index, png: png, scale: scale,
                    image: CSSOracle.images(in: URL(fileURLWithPath: scenesFolder.path, isDirectory: true)))
                XCTAssertEqual(comparison.page.unmapped, [], "keys the oracle does not draw", line: line)
                // Text is left out; pictures are files here, so most of the screen is compared.
                let share = Double(comparison.comparedPixels) / Double(comparison.oracle.width * comparison.oracle.height)
                XCTAssertGreaterThan(share, 0.5, "\(name) frame \(index): only \(Int(share * 100)) % of the pixels compared", line: line)
                let tag = "\(name)-\(label)-\(Int(scale))x"
                figures.append("\(label)@\(Int(scale))x \(String(format: "%.1f", comparison.psnr)) (\(Int(share * 100)) %)")
                if comparison.psnr < threshold || ProcessInfo.processInfo.environment["ORACLE_KEEP"] != nil {
                    let kept = try comparison.keep(in: failures, name: tag)
                    let rendered = failures.appendingPathComponent("\(tag)-animhost.png")
                    try? FileManager.default.removeItem(at: rendered)
                    try FileManager.default.copyItem(at: png, to: rendered)
                    if comparison.psnr < threshold {
                        XCTFail(
                            "\(name) \(label) @\(Int(scale))x (frame \(index)): \(String(format: "%.2f", comparison.psnr)) dB < \(threshold); "
                                + "Chromium: \(kept.oracle.path), animhost: \(rendered.path), page: \(kept.page.path)", line: line)
                    }
                }
            }
        }
        print("css-oracle \(name): \(figures.joined(separator: ", ")) dB")
    }
}

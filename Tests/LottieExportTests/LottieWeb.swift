import Foundation
import XCTest
import AnimhostOutput
import AnimhostRender
import AnimhostTestSupport

/// lottie-web in headless Chromium: plays a document and hands back chosen frames as bitmaps.
/// lottie-web is not part of the package: it comes inlined in PyPI's `pylottie` (`pylottie/lottie.html`,
/// lottie-web 5.7.5), which `scripts/setup.sh --python` installs.
struct LottieWeb {
    /// The Chromium executable.
    let chromium: String
    /// lottie-web's script, as pylottie carries it.
    let script: String

    /// Finds Chromium and pylottie's copy of lottie-web; skips the test when either is missing.
    init() throws {
        let chromium = try requireChromium()
        let locate = try runProgram(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import importlib.util, pathlib; print(pathlib.Path(importlib.util.find_spec('pylottie').origin).with_name('lottie.html'))"
            ])
        let page = locate.out.trimmingCharacters(in: .whitespacesAndNewlines)
        guard locate.status == 0, let html = try? String(contentsOfFile: page, encoding: .utf8) else {
            throw XCTSkip("lottie-web is not installed: PyPI's pylottie carries it (scripts/setup.sh --python)")
        }
        guard let open = html.range(of: "<script>"), let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex),
            html[open.upperBound..<close.lowerBound].contains("lottie.version=")
        else { throw XCTSkip("\(page) does not hold lottie-web as pylottie 2024 does") }
        self.chromium = chromium
        script = String(html[open.upperBound..<close.lowerBound])
    }

    /// Renders `frames` of `export`'s document at its scale with lottie-web's `renderer` ("svg" or
    /// "canvas"), each composited over black, with one Chromium launch: Pages/lottie-web.html writes
    /// every frame into the page as a PNG data URL.
    func render(_ export: Export, frames: [Int], renderer: String = "svg") throws -> [Int: Bitmap] {
        let folder = try makeTemporaryFolder("lottie-web")
        defer { try? FileManager.default.removeItem(at: folder) }
        try script.write(to: folder.appendingPathComponent("lottie.js"), atomically: true, encoding: .utf8)
        try "var animationData = \(export.document);\n".write(to: folder.appendingPathComponent("animation.js"), atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("lottie-web.html")
        try FileManager.default.copyItem(at: Bundle.module.url(forResource: "lottie-web", withExtension: "html")!, to: page)
        let query = "?scale=\(export.scale)&renderer=\(renderer)&frames=\(frames.map(String.init).joined(separator: ","))"
        let dom = try runProgram(chromium, headless + ["--dump-dom", page.absoluteString + query])
        guard dom.status == 0, dom.out.contains("<p id=\"status\">done</p>") else {
            let status = dom.out.firstMatch(of: /<p id="status">([^<]*)</)?.1 ?? "no page"
            throw OutputError("lottie-web did not finish (\(status)); Chromium exited with \(dom.status): \(dom.err.suffix(2000))")
        }
        var bitmaps: [Int: Bitmap] = [:]
        for frame in frames {
            guard let match = dom.out.firstMatch(of: try Regex("<pre id=\"frame-\(frame)\">data:image/png;base64,([^<]*)</pre>")),
                let base64 = match.output[1].substring, let png = Data(base64Encoded: String(base64))
            else { throw OutputError("lottie-web's page has no PNG for frame \(frame)") }
            let file = folder.appendingPathComponent("frame-\(frame).png")
            try png.write(to: file)
            bitmaps[frame] = try Bitmap.read(file)
        }
        return bitmaps
    }

    private let headless = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--virtual-time-budget=10000",
        "--enable-logging=stderr", "--v=0"
    ]
}

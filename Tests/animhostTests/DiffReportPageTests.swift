import XCTest
import Foundation
import AnimhostTestSupport

/// The page `animhost diff` writes, in Chromium: it opens on the worst frame, shows both versions
/// side by side, as an onion skin and as a heat map, and plots both curves of the node chosen.
final class DiffReportPageTests: XCTestCase {
    func testTheReportOpensOnTheWorstFrameAndShowsEveryView() throws {
        let chromium = try requireChromium()
        let work = try makeTemporaryFolder("diff-page")
        defer { try? FileManager.default.removeItem(at: work) }
        try DiffCommandTests.plugin.write(to: work.appendingPathComponent("seeded.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["diff", "seeded.lua", "--param-b", "delay=0.05", "--out", "report", "--output", "json"], in: work)
        XCTAssertEqual(r.code, 1, r.err)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let frames = try XCTUnwrap(json["frames"] as? [[String: Any]])
        let most = try XCTUnwrap(frames.compactMap { $0["pixels"] as? Int }.max())
        let worst = try XCTUnwrap(json["worstFrame"] as? Int)
        XCTAssertEqual(frames[worst]["pixels"] as? Int, most, "the worst frame is the one with the most differing pixels")

        let browser = try DevToolsBrowser(chromium, arguments: ["--force-device-scale-factor=1", "--hide-scrollbars"])
        defer { browser.close() }
        let session = try browser.open(work.appendingPathComponent("report/report.html").absoluteString)
        try browser.setViewport(width: 1280, height: 900, scale: 1, in: session)
        @discardableResult func eval(_ js: String) throws -> Any? { try browser.evaluate(js, in: session) }
        func imagesDecoded() throws -> Bool {
            let images = "[...document.querySelectorAll('#stage img')]"
            return try eval("Promise.all(\(images).map(i => i.decode())).then(() => \(images).every(i => i.naturalWidth > 0))") as? Bool ?? false
        }
        let shownWorst = try XCTUnwrap(try eval("data.frames.filter(f => f.a).findIndex(f => f.index === \(worst))") as? Int)
        XCTAssertEqual(try eval("document.getElementById('frame-slider').value") as? String, String(shownWorst))
        let line = try XCTUnwrap(try eval("document.getElementById('frame-line').textContent") as? String)
        XCTAssertTrue(line.hasPrefix("frame \(worst) ") && line.contains("the worst frame"), line)
        XCTAssertEqual(try eval("document.querySelectorAll('#stage img').length") as? Int, 2, "A and B side by side")
        XCTAssertTrue(try imagesDecoded())
        XCTAssertEqual(try eval("document.getElementById('verdict').textContent") as? String, "past the limits")
        for side in ["A", "B"] {
            XCTAssertGreaterThan(try eval("document.querySelectorAll('#plot polyline[data-side=\(side)]').length") as? Int ?? 0, 0, "both curves on one plot")
        }
        XCTAssertEqual(try eval("document.querySelector('#nodes tr').textContent.includes('card')") as? Bool, true)

        try eval("document.querySelector('[data-mode=onion]').click(); true")
        XCTAssertEqual(try eval("document.querySelectorAll('#stage .onion img').length") as? Int, 2, "B over A")
        XCTAssertEqual(try eval("document.querySelectorAll('#stage .onion img')[1].style.opacity") as? String, "0.5")
        XCTAssertTrue(try imagesDecoded())
        try eval("document.querySelector('[data-mode=heat]').click(); true")
        XCTAssertEqual(try eval("document.querySelectorAll('#stage img').length") as? Int, 1, "the heat map")
        XCTAssertTrue(try imagesDecoded())
        // The heat map is red or yellow where the versions differ: the card, moved later in B.
        let reddish =
            try eval(
                """
                new Promise(done => { const i = document.querySelector('#stage img'); const c = document.createElement('canvas');
                  c.width = i.naturalWidth; c.height = i.naturalHeight; const g = c.getContext('2d'); g.drawImage(i, 0, 0);
                  const d = g.getImageData(0, 0, c.width, c.height).data; let n = 0;
                  for (let k = 0; k < d.length; k += 4) if (d[k] > 200 && d[k + 2] < 60) n++; done(n); })
                """) as? Int
        XCTAssertGreaterThan(try XCTUnwrap(reddish), 100)
        try eval("document.querySelector('[data-mode=side]').click(); true")
        let png = try browser.screenshot(in: session)
        try png.write(to: work.appendingPathComponent("report.png"))
        if let keep = ProcessInfo.processInfo.environment["ANIMHOST_KEEP_SCREENSHOT"] { try png.write(to: URL(fileURLWithPath: keep)) }
    }
}

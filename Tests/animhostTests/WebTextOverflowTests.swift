import Foundation
import XCTest
import AnimhostTestSupport
import AnimhostRender

/// Text longer than its node has room for: animhost clips it to the node's box and, where it is taller
/// than the box, starts it at the box's top (docs/rendering.md: centred vertically only while it fits).
/// The web page must do the same, not spill over the rest of the screen.
final class WebTextOverflowTests: XCTestCase {
    func testOverflowingTextStaysInsideItsNode() throws {
        let out = try temporaryFolder("web-text-overflow")
        let scenes = out.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let words = Array(repeating: "overflowing", count: 200).joined(separator: " ")
        let label = ##"{"id":"label","frame":[50,300,200,40],"text":{"string":"\##(words)","size":20,"color":"#000000"}}"##
        try ##"{"name":"a","size":[300,600],"background":"#FFFFFF","nodes":[\##(label)]}"##
            .write(to: scenes.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try ##"{"name":"b","size":[300,600],"background":"#FFFFFF","nodes":[]}"##
            .write(to: scenes.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let plugin = out.appendingPathComponent("still.lua")
        try """
        local p = { name = "still", summary = "shows the first scene", scenes = { from = "a", to = "b" } }
        function p.duration() return 0.2 end
        function p.animate(ctx)
          animate{ duration = 0.2, function() ctx.from.view.alpha = 1 end, completion = function() ctx:complete(true) end }
        end
        return p
        """.write(to: plugin, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", plugin.path, "--fps", "15", "--scale", "1", "--format", "web", "--out", out.appendingPathComponent("out").path])
        XCTAssertEqual(r.code, 0, r.err)
        let page = out.appendingPathComponent("out/web/index.html")

        let browser = try DevToolsBrowser(try requireChromium(), arguments: ["--force-device-scale-factor=1", "--hide-scrollbars"])
        defer { browser.close() }
        let session = try browser.open(page.absoluteString + "#t=0")
        try browser.setViewport(width: 300, height: 600, scale: 0, in: session)
        try browser.evaluate("animhost.ready.then(() => new Promise(r => requestAnimationFrame(() => r(true))))", in: session)
        let top = try browser.evaluate(#"document.querySelector('#window [data-id="a/label"] .text span').getBoundingClientRect().top"#, in: session)
        XCTAssertEqual((top as? NSNumber)?.doubleValue ?? -1, 300, accuracy: 0.5, "the text starts at its node's top")
        let shot = out.appendingPathComponent("chromium.png")
        try browser.screenshot(in: session).write(to: shot)
        let bitmap = try Bitmap.read(shot)
        var ink = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where !((49...250).contains(x) && (299...340).contains(y)) && bitmap[x, y][0..<3] != [255, 255, 255] {
                ink += 1
            }
        }
        XCTAssertEqual(ink, 0, "pixels drawn outside the text's node; Chromium's picture: \(shot.path)")
    }
}

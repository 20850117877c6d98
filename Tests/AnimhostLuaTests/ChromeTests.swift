import XCTest
import AnimhostCore
@testable import AnimhostLua

/// Chrome: bars that belong to neither screen, drawn above the container, reachable and animatable.
final class ChromeTests: XCTestCase {
    func run(_ body: String, chrome: String? = nil, declared: String = "") throws -> (TransitionOutcome, FrameRecorder) {
        let plugin = try makePlugin(
            """
            local p = { name = "probe", scenes = { from = "grid", to = "detail" \(declared) } }
            function p.duration(ctx) return 1 end
            function p.animate(ctx)
            \(body)
            end
            return p
            """)
        var request = TransitionRequest()
        request.chrome = chrome
        let recorder = FrameRecorder()
        return (try plugin.run(request, catalog: PluginCatalog(environment: [:]), sink: recorder), recorder)
    }

    func testTheChromeIsDrawnAboveTheContainerAndAnimates() throws {
        let (_, rec) = try run(
            """
            ctx.container:add(ctx.to.view)
            ctx.container.transform = transform.scale(0.5)
            local bar = ctx.chrome.view:find("tab-bar")
            animate{ duration = 1, curve = "linear", function() bar.alpha = 0 end,
                     completion = function() bar.alpha = 1 ctx:complete(true) end }
            """, declared: #", chrome = "tabbar""#)
        let half = rec.frames[30]
        let index = try XCTUnwrap(half.chromeIndex)
        XCTAssertEqual(half.nodes[index].id, "tabbar")
        XCTAssertEqual(half.nodes[index].depth, 1)
        XCTAssertTrue(half.nodes[..<index].allSatisfy { $0.scene != "tabbar" }, "the screens come first")
        XCTAssertLessThan(try XCTUnwrap(half.node("detail")).z, index, "painted below")
        // outside the container: its transform does not reach the bar
        XCTAssertEqual(half.node("tab-bar")?.bbox, Rect(x: 0, y: 761, width: 390, height: 83))
        XCTAssertEqual(half.node("tab-bar")?.opacity ?? 0, 0.5, accuracy: 1e-9)
    }

    func testTheCommandLinesChromeOverridesAndNoneIsNil() throws {
        let (_, rec) = try run("print(ctx.chrome) ctx:complete(true)")
        XCTAssertNil(rec.frames[0].chromeIndex)
        let (_, withBar) = try run("ctx:complete(ctx.chrome.name == 'tabbar')", chrome: "tabbar")
        XCTAssertNotNil(withBar.frames[0].node("tab-albums"))
        XCTAssertTrue(try run("ctx:complete(ctx.chrome.delegate:backgroundColor(ctx).hex == '#FFFFFF')", chrome: "tabbar").0.result.completed)
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostLua

/// `ctx.container` is a view: what a plugin sets on it is animated and recorded in every frame as the
/// node `container`, and each transition starts from a fresh one.
final class ContainerViewTests: XCTestCase {
    func testTheContainerIsAnimatedAndRecorded() throws {
        let (_, rec) = try runSource(
            """
            ctx.container.backgroundColor = "#000000"
            ctx.container:add(ctx.to.view)
            animate{ duration = 1, curve = "linear",
                     function() ctx.container.transform = transform.scale(0.5) end,
                     completion = function() ctx:complete(true) end }
            """)
        let first = try XCTUnwrap(rec.frames.first?.nodes.first)
        XCTAssertEqual(first.id, "container")
        XCTAssertEqual(first.depth, 0)
        XCTAssertEqual(first.properties.backgroundColor, Color(hex: "#000000"))
        let half = try XCTUnwrap(rec.frames[30].node("container"))
        XCTAssertEqual(half.properties.transform.a, 0.75, accuracy: 1e-9)
        // the detail's root, a child of the container, is drawn scaled with it about the container's centre
        let detail = try XCTUnwrap(rec.frames[30].node("detail"))
        XCTAssertEqual(detail.bbox.width, 390 * 0.75, accuracy: 1e-9)
        XCTAssertEqual(detail.bbox.midX, 195, accuracy: 1e-9)
    }

    func testEachTransitionGetsAFreshContainer() throws {
        var printed: [String] = []
        let plugin = try makePlugin(
            animatorSource(
                """
                print(ctx.container.alpha, ctx.container.backgroundColor)
                ctx.container.alpha = 0.5
                ctx.container.backgroundColor = "#FF0000"
                ctx:complete(true)
                """)
        ) { printed.append($0) }
        _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil)
        _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: nil)
        XCTAssertEqual(printed, ["[p] 1.0\tnil", "[p] 1.0\tnil"])
    }
}

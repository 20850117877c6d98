import XCTest
import AnimhostCore
@testable import AnimhostLua

/// `frame` under a transform as UIKit has it, and `imageSize`; expected values worked out by hand.
final class TransformedFrameTests: XCTestCase {
    func testFrameReadsTheBoxOfTheTransformedBounds() throws {
        let out = try evalLua(
            """
            local n = node{ frame = rect(0, 0, 100, 50) }
            n.transform = transform.scale(0.5); print(n.frame, n.bounds, n.center)
            n.transform = transform.scale(2) * transform.translate(10, 0); print(n.frame)
            n.transform = transform.new(0, 1, -1, 0, 0, 0); print(n.frame)  -- an exact quarter turn
            """)
        // scale 0.5 about (50, 25): 50×25 centred there; scale 2 then +10 in x: 200×100 centred on (60, 25);
        // a quarter turn swaps the sides about the centre
        XCTAssertEqual(
            out,
            [
                "rect(25, 12.5, 50, 25)\trect(0, 0, 100, 50)\tpoint(50, 25)",
                "rect(-40, -25, 200, 100)", "rect(25, -25, 50, 100)"
            ])
    }

    func testSettingFrameUnderATransformKeepsItAndMovesCenterAndBounds() throws {
        let out = try evalLua(
            """
            local n = node{ frame = rect(0, 0, 100, 50), transform = transform.scale(0.5) }
            n.frame = rect(0, 0, 40, 20); print(n.frame, n.bounds, n.center, n.transform.a)
            n.transform = transform.scale(2, 4) * transform.translate(5, 5)
            n.frame = rect(10, 10, 20, 40); print(n.bounds, n.center)
            n.transform = transform.new(0, 1, -1, 0, 0, 0)
            n.frame = rect(0, 0, 30, 60); print(n.bounds, n.center)
            """)
        // the bounds are the rect's size over the scale, the centre the rect's centre less the translation;
        // under a quarter turn the sides swap
        XCTAssertEqual(
            out,
            [
                "rect(0, 0, 40, 20)\trect(0, 0, 80, 40)\tpoint(20, 10)\t0.5",
                "rect(0, 0, 10, 10)\tpoint(15, 25)", "rect(0, 0, 60, 30)\tpoint(15, 30)"
            ])
    }

    func testAFrameNoRotationCanShowIsAnError() {
        XCTAssertEqual(
            luaError(
                """
                local n = node{ frame = rect(0, 0, 100, 50), transform = transform.rotate(math.pi / 4) }
                n.frame = rect(0, 0, 10, 10)
                """),
            "p.lua:5: node.frame: no size shows rect(0, 0, 10, 10) under the node's rotation (as Core Animation, set frame only under rotations by multiples of 90°; set center and bounds instead)")
    }

    func testAFrameSetInsideAnAnimationAnimatesCenterAndBounds() throws {
        let (_, rec) = try runSource(
            """
            local n = node{ id = "n", frame = rect(0, 0, 100, 100), transform = transform.scale(0.5) }
            ctx.container:add(n)
            animate{ duration = 1, curve = "linear", function() n.frame = rect(0, 0, 100, 100) end,
                     completion = function() ctx:complete(true) end }
            """)
        let half = try XCTUnwrap(rec.frames[30].node("n"))
        // from a 100-pt square centred on (50, 50) to a 200-pt one centred on (50, 50), halfway: 150 pt
        XCTAssertEqual(half.properties.frame, Rect(x: -25, y: -25, width: 150, height: 150))
        XCTAssertEqual(half.properties.transform.a, 0.5)
    }

    func testImageSizeIsThePicturesSizeInPoints() throws {
        let out = try evalLua(
            """
            local cell = ctx.from.view:find("photo-4")
            print(cell.imageSize, ctx.from.view.imageSize)
            """)
        XCTAssertEqual(out, ["size(1024, 768)\tnil"])
        XCTAssertEqual(luaError("ctx.from.view.imageSize = size(1, 1)"), "p.lua:4: node.imageSize is read-only")
    }
}

/// Runs `body` as a plugin's `animate` on the built-in grid → detail scenes, at 60 fps.
func runSource(_ body: String) throws -> (TransitionOutcome, FrameRecorder) {
    let plugin = try makePlugin(animatorSource(body, duration: "1"))
    let recorder = FrameRecorder()
    return (try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: recorder), recorder)
}

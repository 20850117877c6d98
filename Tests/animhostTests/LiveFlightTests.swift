import XCTest
import Foundation
import AnimhostCore
import AnimhostLua
import AnimhostRender
import AnimhostTestSupport

/// A flight that is the destination's own node (`useNoSnapshot` on it, no fade), its child following
/// its size by `autoresizingMask`. The oracle is geometry: on the linear curve the flying node's frame
/// at t is the blend of grid `photo-4` (199, 289, 183, 177) and detail `photo` (0, 96, 390, 260), and
/// a child with flexible width and height that filled the photo at rest fills that frame, so every
/// pixel drawn inside it is the child's red, none the photo's blue.
final class LiveFlightTests: XCTestCase {
    private let source = Rect(x: 199, y: 289, width: 183, height: 177)
    private let destination = Rect(x: 0, y: 96, width: 390, height: 260)

    private func run(mask: String, fill: String = "0, 0, 390, 260", before: String = "") throws -> [FrameSample] {
        let dir = try temporaryFolder("live-flight")
        let url = dir.appendingPathComponent("live.lua")
        try """
        local p = { name = "live", scenes = { from = "grid", to = "detail" } }
        function p.duration(ctx) return 0.5 end
        function p.animate(ctx)
          \(before)
          local photo = ctx.to.view:find("photo")
          photo.modifiers = { "useNoSnapshot" }
          photo.image, photo.backgroundColor, photo.cornerRadius = nil, "#0000ff", 0
          photo:add(node{ id = "fill", frame = rect(\(fill)), backgroundColor = "#ff0000",
                          autoresizingMask = { \(mask) } })
          ctx.container:add(ctx.to.view)
          shared(ctx, { duration = 0.5, curve = "linear", fade = "none", completion = function() ctx:complete(true) end })
        end
        return p
        """.write(to: url, atomically: true, encoding: .utf8)
        let plugin = try Plugin(url: url, limits: SandboxLimits(), printSink: { _ in })
        let recorder = FrameRecorder()
        _ = try TransitionSession(plugin, scenes: PluginCatalog()).run(TransitionRequest(fps: 60), sink: recorder)
        return recorder.frames
    }

    private func blend(_ t: Double) -> Rect {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return Rect(
            x: mix(source.x, destination.x), y: mix(source.y, destination.y),
            width: mix(source.width, destination.width), height: mix(source.height, destination.height))
    }

    func testTheDestinationItselfFliesAndItsImageKeepsFillingItAtEveryFrame() throws {
        let frames = try run(mask: "\"flexibleWidth\", \"flexibleHeight\"")
        let renderer = try FrameRenderer(size: Size(width: 390, height: 844), scale: 1, images: ImageStore())
        var checked = 0
        for (i, frame) in frames.enumerated() where i % 6 == 3 && frame.time < 0.5 {
            XCTAssertFalse(frame.nodes.contains { $0.isSnapshot }, "t = \(frame.time): no copy is made")
            let photo = try XCTUnwrap(frame.node("photo", scene: "detail"), "t = \(frame.time)")
            let fill = try XCTUnwrap(frame.node("fill"), "t = \(frame.time)")
            let expected = blend(frame.time / 0.5)
            for (a, b) in [(photo.bbox.x, expected.x), (photo.bbox.width, expected.width), (photo.bbox.height, expected.height)] {
                XCTAssertEqual(a, b, accuracy: 1e-6, "t = \(frame.time)")
            }
            XCTAssertEqual(fill.bbox, photo.bbox, "t = \(frame.time): the child fills its parent")
            let bitmap = Bitmap(try renderer.render(frame))
            for (fx, fy) in [(0.02, 0.02), (0.98, 0.02), (0.02, 0.98), (0.98, 0.98), (0.5, 0.5)] {
                let x = Int(expected.x + expected.width * fx), y = Int(expected.y + expected.height * fy)
                let px = bitmap.pixel(x, y)
                XCTAssertTrue(px.r > 200 && px.b < 60, "t = \(frame.time): (\(x), \(y)) is \(px), not the child's red")
            }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 4)
        let last = try XCTUnwrap(frames.last?.node("fill"))
        XCTAssertEqual(last.bbox, destination, "at rest it fills the photo at its own frame")
    }

    func testWithoutAMaskTheChildKeepsItsFrame() throws {
        let frames = try run(mask: "")
        let halfway = try XCTUnwrap(frames.first { $0.time >= 0.25 })
        let fill = try XCTUnwrap(halfway.node("fill"))
        XCTAssertEqual(fill.bbox.width, 390, accuracy: 1e-9, "no mask: the child keeps its size while the photo grows")
    }

    func testAChildGetsItsFrameBackAfterFlyingFromASourceOfNoSize() throws {
        // From 0 × 0 every flexible part of the child reaches 0; at rest it is where it was put,
        // 40 pt from the photo's left edge and 310 wide.
        let frames = try run(
            mask: "\"flexibleLeftMargin\", \"flexibleWidth\"", fill: "40, 0, 310, 260",
            before: "ctx.from.view:find(\"photo-4\").frame = rect(199, 289, 0, 0)")
        let photo = try XCTUnwrap(frames.first?.node("photo", scene: "detail"))
        XCTAssertEqual(photo.bbox.width, 0, "it starts from the source's size")
        let last = try XCTUnwrap(frames.last?.node("fill"))
        XCTAssertEqual(last.bbox, Rect(x: 40, y: 96, width: 310, height: 260))
    }
}

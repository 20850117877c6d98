import XCTest
import AnimhostCore
@testable import AnimhostLua

final class InteractiveZoomTests: XCTestCase {
    func run(_ gesture: String, fps: Int = 60) throws -> (TransitionOutcome, FrameRecorder) {
        let catalog = PluginCatalog(environment: [:])
        let plugin = try Plugin(url: try catalog.locate("zoom").url)
        let recorder = FrameRecorder()
        let outcome = try plugin.run(TransitionRequest(operation: .pop, fps: fps, gesture: gesture), catalog: catalog, sink: recorder)
        return (outcome, recorder)
    }

    /// The detail scene as its file describes it: id → frame, for every node.
    func detailAtRest() throws -> [String: Rect] {
        let scene = try SceneLoader.load(contentsOf: BuiltinResources.scenesFolder!.appendingPathComponent("detail.json"))
        var frames: [String: Rect] = [:]
        for node in scene.root.subtree() { frames[node.id] = node.frame(in: scene.root.parent) }
        return frames
    }

    func testAShortSlowEdgeSwipeCancelsAndLeavesTheDetailExactlyAtRest() throws {
        let (outcome, rec) = try run("edge-swipe to=0.25 release=slow")
        XCTAssertFalse(outcome.result.completed)
        XCTAssertTrue(outcome.result.cancelled)
        let last = rec.frames.last!
        let expected = try detailAtRest()
        XCTAssertEqual(Set(last.nodes.map(\.id)), Set(expected.keys), "the from-screen and nothing else")
        for node in last.nodes {
            XCTAssertEqual(node.frame, expected[node.id], node.id)
            XCTAssertEqual(node.opacity, 1, node.id)
            XCTAssertFalse(node.properties.hidden, "\(node.id) is visible again")
            XCTAssertEqual(node.properties.transform, .identity)
        }
        XCTAssertTrue(outcome.calls.map(\.call).contains("cancel()"))
        XCTAssertTrue(outcome.calls.map(\.call).contains("from.didCancel"))
        XCTAssertEqual(outcome.calls.last?.call, "complete(false)")
    }

    func testALongSwipeOrAFlingCompletes() throws {
        XCTAssertTrue(try run("edge-swipe to=0.6").0.result.completed)
        let (fling, rec) = try run("edge-swipe to=0.2 release=fling")
        XCTAssertTrue(fling.result.completed)
        XCTAssertGreaterThan(rec.frames.compactMap(\.touch).last!.velocity.x, 1000)
        XCTAssertNil(rec.frames.last!.node("detail"))
    }

    func testPanDownShrinksThePhotoAndFadesTheDetail() throws {
        // samples every frame; at t = 0.25 the finger is H/8 = 105.5 pt down
        let h = 844.0
        let samples = (0...15).map { i -> String in
            let t = Double(i) / 60
            let dy = h / 8 * Double(i) / 15
            return #"{"t": \#(t), "x": 195, "y": \#(422 + dy)}"#
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pan-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try #"{"samples": [\#(samples.joined(separator: ","))]}"#.write(to: url, atomically: true, encoding: .utf8)
        let (_, rec) = try run(url.path)
        let frame = rec.frames[15]
        XCTAssertEqual(frame.touch?.translation.y ?? 0, h / 8, accuracy: 1e-9)
        let photo = try XCTUnwrap(frame.nodes.first { $0.isSnapshot })
        XCTAssertEqual(photo.properties.transform.a, 0.875, accuracy: 1e-9)
        XCTAssertEqual(frame.node("detail")!.opacity, 0.5, accuracy: 1e-9)
        // the photo's centre follows the finger, raised by half of the height it lost
        XCTAssertEqual(photo.frame.midY, 96 + 130 + h / 8 - 260 * 0.125 / 2, accuracy: 1e-9)
    }

    func testAnUpwardReleaseSpringsBack() throws {
        let (outcome, rec) = try run("pan-down dy=300 release=up")
        XCTAssertTrue(outcome.result.cancelled)
        let expected = try detailAtRest()
        let last = rec.frames.last!
        XCTAssertEqual(Set(last.nodes.map(\.id)), Set(expected.keys))
        XCTAssertEqual(last.node("photo")?.frame, expected["photo"])
        XCTAssertEqual(last.node("detail")?.opacity, 1)
        let (down, downFrames) = try run("pan-down dy=300 release=down")
        XCTAssertTrue(down.result.completed)
        XCTAssertNotNil(downFrames.frames.last!.node("photo-4"))
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostLua

final class BuiltinPluginTests: XCTestCase {
    func testZoomPushMovesASnapshotFromTheCellToTheHeader() throws {
        let (outcome, rec) = try runBuiltin("zoom")
        XCTAssertTrue(outcome.result.completed)
        XCTAssertEqual(outcome.info.duration, 0.5)
        let first = rec.frames.first!, last = rec.frames.last!
        let snapshot = try XCTUnwrap(first.nodes.first { $0.isSnapshot })
        XCTAssertEqual(snapshot.id, "photo-4")
        XCTAssertEqual(snapshot.frame, Rect(x: 199, y: 289, width: 183, height: 177))
        XCTAssertEqual(snapshot.opacity, 1)
        XCTAssertFalse(snapshot.properties.hidden)
        XCTAssertEqual(first.node("detail")?.opacity, 0)
        XCTAssertTrue(first.node("photo-4", scene: "grid").map { $0.properties.hidden && !$0.isSnapshot } ?? false)
        XCTAssertNil(last.nodes.first { $0.isSnapshot })
        XCTAssertNil(last.node("grid"))
        let photo = try XCTUnwrap(last.node("photo"))
        XCTAssertEqual(photo.frame, Rect(x: 0, y: 96, width: 390, height: 260))
        XCTAssertFalse(photo.properties.hidden)
        XCTAssertEqual(photo.opacity, 1)
        XCTAssertEqual(outcome.calls.map(\.call), ["from.willBegin", "to.willBegin", "from.didEnd", "to.didEnd", "complete(true)"])
        // the detail fades in monotonically from 0 to 1 (clamped where the spring overshoots)
        let opacities = rec.frames.compactMap { $0.node("detail")?.opacity }
        XCTAssertEqual(opacities.first, 0)
        XCTAssertEqual(opacities.last, 1)
    }

    func testZoomPopReturnsThePhotoToItsCell() throws {
        let (outcome, rec) = try runBuiltin("zoom", .pop)
        XCTAssertEqual(outcome.info.from, "detail")
        XCTAssertEqual(outcome.info.duration, 0.25)
        XCTAssertEqual(rec.frames.count, 16)
        let first = rec.frames.first!.nodes.first { $0.isSnapshot }
        XCTAssertEqual(first?.frame, Rect(x: 0, y: 96, width: 390, height: 260))
        let end = try XCTUnwrap(rec.frames[rec.frames.count - 2].nodes.first { $0.isSnapshot })
        XCTAssertEqual(end.frame.x, 199, accuracy: 3, "one frame before the end, nearly in the cell")
        XCTAssertEqual(end.frame.width, 183, accuracy: 3)
        let cell = try XCTUnwrap(rec.frames.last!.node("photo-4"))
        XCTAssertFalse(cell.properties.hidden)
        XCTAssertNil(rec.frames.last!.node("detail"))
    }

    func testCrossfadeShrinksTheListWhileTheArticleFadesIn() throws {
        let (outcome, rec) = try runBuiltin("crossfade")
        XCTAssertTrue(outcome.result.completed)
        let mid = rec.frames[rec.frames.count / 2]
        XCTAssertLessThan(mid.node("news")!.properties.transform.a, 1)
        XCTAssertGreaterThan(mid.node("news")!.properties.transform.a, 0.94)
        let last = rec.frames[rec.frames.count - 2]
        XCTAssertEqual(last.node("news")!.properties.transform.a, 0.94, accuracy: 0.005)
        XCTAssertEqual(rec.frames.last!.node("article")?.opacity, 1)
        let (back, backFrames) = try runBuiltin("crossfade", .pop)
        XCTAssertTrue(back.result.completed)
        XCTAssertEqual(backFrames.frames.first!.node("news")!.properties.transform.a, 0.94, accuracy: 1e-9)
        XCTAssertEqual(backFrames.frames.last!.node("news")!.properties.transform, .identity)
        XCTAssertNil(backFrames.frames.last!.node("article"))
    }

    func testCardLiftLiftsThenSettles() throws {
        let (outcome, rec) = try runBuiltin("card-lift", fps: 100)
        XCTAssertEqual(outcome.info.duration, 0.5, accuracy: 1e-12)
        let card = { (i: Int) in rec.frames[i].nodes.first { $0.isSnapshot } }
        XCTAssertEqual(card(0)?.frame, Rect(x: 16, y: 292, width: 358, height: 164))
        XCTAssertEqual(card(30)?.properties.transform.a ?? 0, 1.02, accuracy: 1e-9, "lifted at the end of the move")
        XCTAssertEqual(card(30)?.properties.shadow.radius ?? 0, 24, accuracy: 1e-9)
        XCTAssertGreaterThan(card(15)!.properties.shadow.radius, card(5)!.properties.shadow.radius, "the shadow grows")
        XCTAssertEqual(card(30)?.frame, Rect(x: 0, y: 0, width: 390, height: 360))
        XCTAssertEqual(card(49)?.properties.transform.a ?? 0, 1, accuracy: 0.001, "settled")
        XCTAssertNil(card(50))
        XCTAssertEqual(rec.frames.last!.node("card")?.opacity, 1)
        let (back, _) = try runBuiltin("card-lift", .pop)
        XCTAssertEqual(back.info.duration, 0.43, accuracy: 1e-12)
        XCTAssertTrue(back.result.completed)
    }

    func testParamsChangeTheRun() throws {
        let (outcome, rec) = try runBuiltin("zoom", params: ["duration": "0.25"])
        XCTAssertEqual(outcome.info.duration, 0.25)
        XCTAssertEqual(rec.frames.count, 16)
    }

    func testEveryPluginWorksForEveryOperation() throws {
        for name in ["zoom", "crossfade", "card-lift"] {
            for op in TransitionOperation.allCases {
                let (outcome, rec) = try runBuiltin(name, op, fps: 30)
                XCTAssertTrue(outcome.result.completed, "\(name) \(op)")
                XCTAssertEqual(outcome.result.endTime, outcome.info.duration, accuracy: 1.0 / 30, "\(name) \(op) lasts its duration")
                let remaining = Set(rec.frames.last!.nodes.compactMap(\.scene))
                XCTAssertEqual(remaining, [outcome.info.to], "\(name) \(op) ends with only the destination")
                XCTAssertFalse(rec.frames.last!.nodes.contains { $0.isSnapshot || $0.properties.hidden }, "\(name) \(op)")
            }
        }
    }

    /// crossfade has no `interact`: a pan down drives its pop by dy / height (844 pt), like an edge swipe by dx / width.
    func testAPanDownDrivesAPluginWithoutInteract() throws {
        let catalog = PluginCatalog(environment: [:])
        let plugin = try Plugin(url: try catalog.locate("crossfade").url)
        /// From the centre straight down by `dy` over 0.3 s, then still for 50 ms before the finger lifts.
        func run(dy: Double) throws -> TransitionOutcome {
            let samples = (0...18).map { i in #"{"t": \#(Double(i) / 60), "x": 195, "y": \#(422 + dy * Double(i) / 18)}"# }
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("pan-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try #"{"samples": [\#(samples.joined(separator: ",")), {"t": 0.35, "x": 195, "y": \#(422 + dy), "state": "ended"}]}"#
                .write(to: url, atomically: true, encoding: .utf8)
            return try plugin.run(TransitionRequest(operation: .pop, fps: 60, gesture: url.path), catalog: catalog, sink: nil)
        }
        let long = try run(dy: 300)
        XCTAssertTrue(long.result.completed, "300 / 844 = 0.355, past a third")
        XCTAssertEqual(long.calls.map(\.call).filter { $0.hasPrefix("update(") }.last, "update(0.355)")
        let short = try run(dy: 200)
        XCTAssertTrue(short.result.cancelled, "200 / 844 = 0.237")
        XCTAssertEqual(short.calls.map(\.call).filter { $0.hasPrefix("update(") }.last, "update(0.237)")
    }

    func testThePopupExampleOverlaysTheScreen() throws {
        let url = BuiltinResources.pluginsFolder!.deletingLastPathComponent().appendingPathComponent("Examples/popup/popup.lua")
        let plugin = try Plugin(url: url)
        let rec = FrameRecorder()
        let outcome = try plugin.run(TransitionRequest(operation: .present), sink: rec)
        XCTAssertTrue(outcome.result.completed)
        let box = { (i: Int) in rec.frames[i].node("dialog-box")! }
        XCTAssertEqual(box(0).properties.transform.a, 1.38, accuracy: 1e-9)
        XCTAssertEqual(rec.frames[0].node("dialog")!.opacity, 0)
        XCTAssertEqual(box(rec.frames.count - 1).properties.transform.a, 1)
        XCTAssertNotNil(rec.frames.last!.node("screen"), "an overlay leaves the screen beneath in place")
        let dismissed = try plugin.run(TransitionRequest(operation: .dismiss), sink: rec)
        XCTAssertTrue(dismissed.result.completed)
        XCTAssertNil(rec.frames.last!.node("dialog"))
    }
}

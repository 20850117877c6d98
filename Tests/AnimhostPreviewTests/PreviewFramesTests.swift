import XCTest
@testable import AnimhostPreview

/// A run's PNG frames are drawn after its event: a request for them waits, and never gets an earlier run's.
final class PreviewFramesTests: PreviewFixture {
    func testEachRunsFramesAreItsOwnHoweverQuicklyTheyAreAskedFor() throws {
        try startServer()
        let events = try client.subscribe()
        defer { events.close() }
        XCTAssertEqual(try events.next()["version"] as? Int, 1)
        // The last frame with the box at 60 points (the first run) and at 30, as a settled preview serves them.
        let at60 = try client.get("/frames/6.png?v=1").body
        try write("return 30\n", to: "dist.lua")
        XCTAssertEqual(try events.next()["version"] as? Int, 2)
        let at30 = try client.get("/frames/6.png?v=2").body
        XCTAssertNotEqual(at60, at30, "the box moved")
        // Each run's frames asked for the moment its event arrives, as the page does.
        for version in 3...8 {
            let distance = version % 2 == 0 ? 30 : 60
            try write("return \(distance)\n", to: "dist.lua")
            XCTAssertEqual(try events.next()["version"] as? Int, version)
            let reply = try client.get("/frames/6.png?v=\(version)")
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(reply.body, distance == 30 ? at30 : at60, "run \(version), the box at \(distance)")
        }
        XCTAssertEqual(try client.get("/frames/6.png").body, at30, "without a version: the latest good run's")
        XCTAssertEqual(try client.get("/frames/7.png?v=8").status, 404, "past the last frame")
    }

    func testAFailedRunKeepsTheFramesOfTheLastGoodOne() throws {
        try startServer()
        let events = try client.subscribe()
        defer { events.close() }
        XCTAssertEqual(try events.next()["version"] as? Int, 1)
        let good = try client.get("/frames/6.png?v=1").body
        try write(Self.plugin(duration: "0.1 +"), to: "slide.lua")
        XCTAssertEqual(try events.next()["ok"] as? Bool, false)
        XCTAssertEqual(try client.get("/frames/6.png").body, good)
        XCTAssertEqual(try client.get("/frames/6.png?v=2").status, 404, "a failed run has no frames of its own")
        XCTAssertEqual(try client.get("/frames/6.png?v=3").status, 404, "nor has a run yet to come")
    }

    /// The frames are drawn after the event: one that cannot be drawn fails the run by a second event.
    func testAFrameThatCannotBeDrawnFailsItsRunAfterItsEvent() throws {
        try write("not an image", to: "broken.png")
        try write(#"{ "name": "a", "size": [100, 80], "nodes": [ { "id": "p", "frame": [0, 0, 50, 50], "image": "broken.png" } ] }"#, to: "a.json")
        try startServer()
        let events = try client.subscribe()
        defer { events.close() }
        let first = try events.next()
        XCTAssertEqual(first["version"] as? Int, 1)
        let frame = try client.get("/frames/0.png?v=1")
        XCTAssertEqual(frame.status, 500)
        XCTAssertTrue(frame.text.contains("broken.png"), frame.text)
        let failed = first["ok"] as? Bool == false ? first : try events.next()
        XCTAssertEqual(failed["version"] as? Int, 1, "the same run")
        XCTAssertEqual(failed["ok"] as? Bool, false)
        XCTAssertTrue((failed["error"] as? String ?? "").contains("broken.png"), "\(failed)")
    }
}

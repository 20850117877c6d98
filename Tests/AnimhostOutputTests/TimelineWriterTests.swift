import XCTest
import AnimhostCore
@testable import AnimhostOutput

final class TimelineWriterTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-output-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func sample() throws -> FrameSample {
        var p = NodeProperties()
        p.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        p.transform = .scale(2, 2)
        p.alpha = 0.5
        p.backgroundColor = Color(hex: "#FF0000")
        p.shadow.opacity = 0.25
        p.tag = "t\"q"
        let container = Node(id: "container", properties: NodeProperties())
        let node = Node(id: "card", scene: "cards", properties: p)
        try container.add(node)
        return FrameSampler(container: container).sample(index: 0, time: 0)
    }

    func testNodesCarryTheContractFieldsAndNonDefaultProperties() throws {
        let json = TimelineWriter.encode(try sample().nodes[1])
        XCTAssertEqual(
            json,
            ##"{"id": "card", "scene": "cards", "bbox": [-40, -5, 200, 100], "opacity": 0.5, "z": 1, "frame": [10, 20, 100, 50], "alpha": 0.5, "transform": [2, 0, 0, 2, 0, 0], "cornerRadius": 0, "hidden": false, "backgroundColor": "#FF0000", "shadow": {"color": "#000000", "opacity": 0.25, "radius": 3, "offset": [0, -3]}, "tag": "t\"q"}"##
        )
    }

    func testNumbersAreRoundedAndStable() {
        XCTAssertEqual(num(0.1 + 0.2), "0.3")
        XCTAssertEqual(num(-0.0000001), "0")
        XCTAssertEqual(num(390), "390")
        XCTAssertEqual(num(1.0 / 3), "0.333333")
        XCTAssertEqual(num(.nan), "null")
    }

    /// The byte writer's numbers against ``num(_:)``, the rounded value's `description` (Swift's
    /// shortest round-trip form): every millionth up to 0.2, every magnitude from 1e-9 to 1e17,
    /// the halfway points of the rounding, and what is not a number.
    func testTheByteWritersNumbersAreTheShortestFormOfTheRoundedValue() {
        func written(_ x: Double) -> String {
            var out = JSONBytes()
            out.number(x)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        var values: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1e9, -1e9, 1e9 - 1e-6, 999_999_999.999_999_5, 1e15, 1e-4, 9.9999e-5]
        values += [5e-7, 4.9999e-7, -5e-7, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        values += (0..<200_000).flatMap { m in [Double(m) / 1e6, -Double(m) / 1e6] }
        var rng = SystemRandomNumberGenerator()
        for exponent in -9...17 {
            for _ in 0..<4000 {
                let x = Double.random(in: 1..<10, using: &rng) * pow(10, Double(exponent))
                values += [x, -x, (x * 1e6).rounded() / 1e6 + 5e-7]
            }
        }
        for x in values { XCTAssertEqual(written(x), num(x), "\(x)") }
    }

    func testTheByteWritersStringsEscapeAsJSONRequires() throws {
        var out = JSONBytes()
        let text = "a\"b\\c\n\r\t\u{1}\u{1F}\u{7F}é/中😀"
        out.append(string: text)
        let json = String(decoding: out.bytes, as: UTF8.self)
        XCTAssertEqual(json, #""a\"b\\c\n\r\t\u0001\u001f\#u{7F}é/中😀""#)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(out.bytes), options: .fragmentsAllowed) as? String, text)
        // Escapes that outgrow the room reserved for the text as it is (six bytes for one), past the first buffer's size.
        for long in [String(repeating: "\u{1}", count: 5000) + "x", String(repeating: "a\"", count: 40_000)] {
            var grown = JSONBytes()
            grown.append(string: long)
            XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(grown.bytes), options: .fragmentsAllowed) as? String, long)
        }
    }

    func testNumbersTooLargeToRoundStayValidJSON() throws {
        // A transform nested deep enough reaches 1e300 and beyond; JSON has no "inf".
        for x in [1e15, -1e300, 1.7e308] {
            let parsed = try JSONSerialization.jsonObject(with: Data("[\(num(x))]".utf8)) as? [Double]
            XCTAssertEqual(parsed, [x], num(x))
        }
    }

    func testTheFileAppearsOnlyWhenFinished() throws {
        let url = dir.appendingPathComponent("timeline.json")
        let writer = TimelineWriter(url: url, scale: 2)
        let info = TimelineInfo(plugin: "p", operation: .push, from: "a", to: "b", fps: 60, duration: 0.5, size: Size(width: 390, height: 844))
        try writer.begin(info)
        try writer.write(try sample())
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        try writer.finish(.init(frameCount: 1, completed: true, cancelled: false, endTime: 0))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        XCTAssertEqual(object["plugin"] as? String, "p")
        XCTAssertEqual(object["size"] as? [Double], [390, 844])
        XCTAssertEqual(object["completed"] as? Bool, true)
        XCTAssertEqual((object["frames"] as? [[String: Any]])?.first?["index"] as? Int, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["timeline.json"], "no temporary file is left")
    }

    /// Frames go to disk as they come, and a timeline past its limit is refused at the frame that
    /// would pass it, leaving nothing behind.
    func testATimelinePastItsLimitIsRefusedAtTheFrameThatPassesIt() throws {
        let url = dir.appendingPathComponent("timeline.json")
        let frame = try sample()
        var out = ",\n    {\"index\": 0, \"t\": 0, \"nodes\": ["
        for (i, node) in frame.nodes.enumerated() { out += (i == 0 ? "\n" : ",\n") + "      " + TimelineWriter.encode(node) }
        let later = (out + "\n    ]}").utf8.count  // each frame after the first; the first has no comma
        let limit = (later - 1) + 2 * later  // three frames exactly
        do {
            let writer = TimelineWriter(url: url, scale: 1, limit: limit)
            let info = TimelineInfo(plugin: "p", operation: .push, from: "a", to: "b", fps: 60, duration: 0.5, size: Size(width: 390, height: 844))
            try writer.begin(info)
            for _ in 0..<3 { try writer.write(frame) }
            let kept = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: [.fileSizeKey])
            XCTAssertEqual(try kept.map { try $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }, [limit], "the frames are on disk, not in memory")
            XCTAssertThrowsError(try writer.write(frame)) { error in
                XCTAssertTrue("\(error)".hasPrefix("timeline.json of plugin p would pass its limit of \(limit.grouped) bytes at frame 0 (2 nodes): "), "\(error)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing half-written is left")
    }

    /// The default limit is 256 MiB: far above any built-in's timeline, far below what fills a disk.
    func testTheDefaultTimelineLimitIs256MiB() {
        XCTAssertEqual(TimelineWriter.maxBytes, 268_435_456)
    }

    func testFinishingBeforeBeginningIsAnError() {
        let writer = TimelineWriter(url: dir.appendingPathComponent("t.json"), scale: 1)
        XCTAssertThrowsError(try writer.finish(.init(frameCount: 0, completed: true, cancelled: false, endTime: 0))) {
            XCTAssertEqual("\($0)", "the timeline was finished before it began")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path))
    }

    func testADiscardedOutputLeavesNothing() throws {
        let url = dir.appendingPathComponent("x.bin")
        do {
            let file = try OutputFile(url)
            try file.write(Data("partial".utf8))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testAnOutputFolderRemovesOnlyTheEmptyFoldersItCreated() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let folder = OutputFolder(dir.appendingPathComponent("a/b"))
        let kept = dir.appendingPathComponent("a/b/kept.txt")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: kept)
        folder.removeCreatedIfEmpty()
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), "a folder with a file stays")
        try FileManager.default.removeItem(at: kept)
        folder.removeCreatedIfEmpty()
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.path), "a folder that existed before stays")
    }
}

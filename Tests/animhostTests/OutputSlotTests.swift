import XCTest
import Foundation
import AnimhostTestSupport

/// Where a format's output would replace something animhost did not write there (a file where it
/// writes a folder, a folder, a link or a FIFO where it writes a file), the run is refused before any
/// work, with a message naming that path and what it is, and nothing there is touched.
final class OutputSlotTests: XCTestCase {
    private enum Planted { case file, folder, link, fifo }

    func testWebIsAFile() throws {
        try check(format: "web", plant: "web", as: .file, says: "/web is a file, where animhost writes a folder")
    }

    func testWebIsALink() throws {
        try check(format: "web", plant: "web", as: .link, says: "/web is a link (to ")
    }

    func testWebIndexIsAFolder() throws {
        try check(format: "web", plant: "web/index.html", as: .folder, says: "/web/index.html is a folder, where animhost writes a file")
    }

    func testWebIndexIsALink() throws {
        try check(format: "web", plant: "web/index.html", as: .link, says: "/web/index.html is a link (to ")
    }

    func testWebIndexIsAFIFO() throws {
        try check(format: "web", plant: "web/index.html", as: .fifo, says: "/web/index.html is not a regular file")
    }

    func testFramesIsAFile() throws {
        try check(format: "png", plant: "frames", as: .file, says: "/frames is a file, where animhost writes a folder")
    }

    func testAFrameIsAFolder() throws {
        try check(format: "png", plant: "frames/0000.png", as: .folder, says: "/frames/0000.png is a folder, where animhost writes a file")
    }

    func testTimelineIsALink() throws {
        try check(format: "json", plant: "timeline.json", as: .link, says: "/timeline.json is a link (to ")
    }

    func testTimelineIsAFolder() throws {
        try check(format: "json", plant: "timeline.json", as: .folder, says: "/timeline.json is a folder, where animhost writes a file")
    }

    /// Plants `what` at `path` in the output folder, runs crossfade to `format` there and expects a refusal saying `says`; what was planted stays.
    private func check(format: String, plant path: String, as what: Planted, says: String) throws {
        let work = try temporaryFolder("output-slot")
        let out = work.appendingPathComponent("out"), url = out.appendingPathComponent(path)
        let fm = FileManager.default
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let kept = work.appendingPathComponent("kept.txt")
        try Data("mine".utf8).write(to: kept)
        switch what {
        case .file: try Data("mine".utf8).write(to: url)
        case .folder:
            try fm.createDirectory(at: url, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: url.appendingPathComponent("inside.txt"))
        case .link: try fm.createSymbolicLink(at: url, withDestinationURL: what == .link && path == "web" ? work : kept)
        case .fifo: XCTAssertEqual(mkfifo(url.path, 0o600), 0)
        }
        let r = try CLI.run(["run", "crossfade", "--fps", "5", "--format", format, "--out", out.path])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.err.contains(out.path + says), "expected …\(says); got \(r.err)")
        XCTAssertTrue(r.err.contains("give another --out"), r.err)
        switch what {
        case .file: XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "mine")
        case .folder: XCTAssertEqual(try String(contentsOf: url.appendingPathComponent("inside.txt"), encoding: .utf8), "mine")
        case .link: XCTAssertNotNil(try? fm.destinationOfSymbolicLink(atPath: url.path))
        case .fifo: XCTAssertTrue(fm.fileExists(atPath: url.path))
        }
        XCTAssertEqual(try String(contentsOf: kept, encoding: .utf8), "mine")
    }
}

import XCTest
import Foundation
import AnimhostTestSupport

/// SIGINT and SIGTERM in the middle of a render: the run ends with the shell's code for the signal,
/// its encoders (ffmpeg included) stopped and everything it staged removed, in the output folder
/// and in TMPDIR alike.
final class InterruptTests: XCTestCase {
    var work: URL!
    let fm = FileManager.default

    override func setUpWithError() throws {
        try skipWithoutFFmpeg()
        work = try temporaryFolder("interrupt")
        try fm.createDirectory(at: work.appendingPathComponent("tmp"), withIntermediateDirectories: true)
    }

    /// Every path under `dir`, hidden ones included.
    func contents(_ dir: URL) -> [String] {
        (fm.enumerator(atPath: dir.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Starts a slow render (about a thousand 4× PNG frames and a video), waits until frames are being
    /// staged and ffmpeg runs, sends `signal`, and returns the exit status.
    func interrupt(with signal: Int32, out: URL) throws -> (status: Int32, exited: Bool) {
        let p = try CLI.start(
            ["run", "zoom", "--format", "json,png,mp4,gif", "--fps", "240", "--speed", "0.1", "--scale", "4", "--out", out.path], in: work,
            environment: ["TMPDIR": work.appendingPathComponent("tmp").path])
        let parent = out.deletingLastPathComponent(), prefix = ".\(out.lastPathComponent).animhost-\(p.pid)-"
        waitUntil(timeout: 60) {
            let stage = ((try? fm.contentsOfDirectory(atPath: parent.path)) ?? []).first { $0.hasPrefix(prefix) }
            let staged = stage.map { contents(parent.appendingPathComponent($0)) } ?? []
            return !p.isRunning || (staged.contains(".animation.mp4.ffmpeg.log") && staged.contains(where: { $0.hasSuffix("0002.png") }))
        }
        XCTAssertTrue(p.isRunning, "the render was still under way when interrupted")
        p.signal(signal)
        XCTAssertTrue(p.waitForExit(timeout: 30), "ends within 30 s of the signal")
        return (p.status, p.exited)
    }

    /// Processes still running whose command line names `dir` (an ffmpeg left writing into it).
    func processes(naming dir: URL) -> [String] {
        ((try? fm.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }.compactMap { pid in
            guard let data = fm.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(dir.path) ? line : nil
        }
    }

    func testSIGINTLeavesAFreshFolderAbsentAndExits130() throws {
        let out = work.appendingPathComponent("out/zoom")
        let r = try interrupt(with: SIGINT, out: out)
        XCTAssertTrue(r.exited)
        XCTAssertEqual(r.status, 130)
        XCTAssertFalse(fm.fileExists(atPath: work.appendingPathComponent("out").path), "\(contents(work))")
        XCTAssertEqual(contents(work.appendingPathComponent("tmp")), [])
        XCTAssertEqual(processes(naming: work), [])
    }

    func testSIGTERMLeavesAnEarlierOutputAsItWasAndExits143() throws {
        let out = work.appendingPathComponent("out/zoom")
        let first = try CLI.run(["run", "zoom", "--format", "json", "--out", out.path], in: work)
        XCTAssertEqual(first.code, 0, first.err)
        let before = contents(work.appendingPathComponent("out"))
        let bytes = fm.contents(atPath: out.appendingPathComponent("timeline.json").path)
        XCTAssertNotNil(bytes)
        let r = try interrupt(with: SIGTERM, out: out)
        XCTAssertTrue(r.exited)
        XCTAssertEqual(r.status, 143)
        XCTAssertEqual(contents(work.appendingPathComponent("out")), before, "nothing staged is left beside the output")
        XCTAssertEqual(fm.contents(atPath: out.appendingPathComponent("timeline.json").path), bytes)
        XCTAssertEqual(contents(work.appendingPathComponent("tmp")), [])
        XCTAssertEqual(processes(naming: work), [])
    }
}

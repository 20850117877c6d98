import XCTest
import Foundation
@testable import AnimhostHarness
import AnimhostTestSupport

/// Files as an attacker lays them out: scenes and plugins named from outside the folders a plugin or
/// a spec may read, links leading out, FIFOs where files should be, names that collide, a full disk.
/// Every run is bounded, so a hang fails the test instead of hanging the suite.
final class HostileFilesTests: XCTestCase {
    var work: URL!
    let fm = FileManager.default
    /// A 1×1 PNG.
    let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    override func setUpWithError() throws { work = try temporaryFolder("files") }

    @discardableResult
    func write(_ text: String, _ path: String) throws -> URL {
        let url = work.appendingPathComponent(path)
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A plugin `NAME.lua` in `folder` declaring `scenes`, whose `animate` runs `body` and completes.
    @discardableResult
    func plugin(_ name: String, in folder: String = "p", scenes: String = "", body: String = "") throws -> URL {
        try write(
            """
            return { name = "\(name)", \(scenes)
              duration = function() return 0.1 end,
              animate = function(ctx)
                \(body)
                ctx:complete(true)
              end }
            """, "\(folder)/\(name).lua")
    }

    /// A scene named `name` with one image node `pic` showing `image`.
    func scene(_ name: String, image: String, at path: String) throws {
        try write(#"{"name": "\#(name)", "size": [100, 100], "nodes": [{"id": "pic", "frame": [0, 0, 50, 50], "image": "\#(image)"}]}"#, path)
    }

    /// `animhost args` in `dir`, killed after `bound` seconds (then `crashed` is false and the code 9).
    func run(_ args: [String], in dir: String = "p", bound: Double = 30, env: [String: String] = [:]) throws -> (code: Int32, err: String, out: String, seconds: Double) {
        let r = try CLI.run(args, in: work.appendingPathComponent(dir), environment: ["HOME": work.path].merging(env) { $1 }, timeout: bound)
        return (r.code, r.err, r.out, r.seconds)
    }

    // MARK: - Reading outside the folders

    func testScenesAPluginDeclaresStayInsideItsFolders() throws {
        try write(#"{"name": "secret", "size": [100, 100], "nodes": []}"#, "outside/secret.json")
        try fm.createDirectory(at: work.appendingPathComponent("p"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: work.appendingPathComponent("p/scenes").path, withDestinationPath: work.appendingPathComponent("outside").path)
        try fm.createSymbolicLink(atPath: work.appendingPathComponent("p/alias.json").path, withDestinationPath: "../outside/secret.json")
        for declared in [work.appendingPathComponent("outside/secret.json").path, "../outside/secret.json", "secret", "scenes/secret.json", "alias.json", "alias"] {
            try plugin("peek", scenes: #"scenes = { from = "\#(declared)", to = "detail" },"#)
            let r = try run(["run", "peek.lua", "--format", "json"])
            XCTAssertEqual(r.code, 1, "\(declared): \(r.err)")
            XCTAssertTrue(r.err.contains("outside the folders it may read from") && r.err.contains(declared), "\(declared): \(r.err)")
            XCTAssertFalse(fm.fileExists(atPath: work.appendingPathComponent("p/out").path))
        }
        try write(#"{"name": "own", "size": [100, 100], "nodes": []}"#, "p/mine/own.json")
        try plugin("peek", scenes: #"scenes = { from = "mine/own.json", to = "detail" },"#)
        let inside = try run(["run", "peek.lua", "--format", "json"])
        XCTAssertEqual(inside.code, 0, "a path inside the plugin's folder, relative to it: \(inside.err)")
        let given = try run(["run", "peek.lua", "--from", "../outside/secret.json", "--format", "json"])
        XCTAssertEqual(given.code, 0, "the command line names any file: \(given.err)")
    }

    func testASpecRunsPluginsAndReadsScenesOnlyInsideItsFolders() throws {
        try plugin("far", in: "outside")
        try write(#"{"name": "secret", "size": [100, 100], "nodes": []}"#, "outside/secret.json")
        try write("[]", "outside/trace.json")
        try plugin("near")
        let outside = work.appendingPathComponent("outside").path
        for options in [
            #"plugin = "\#(outside)/far.lua""#, #"plugin = "../outside/far.lua""#,
            #"plugin = "near", from = "\#(outside)/secret.json", to = "detail""#,
            #"plugin = "near", from = "grid", to = "../outside/secret.json""#,
            #"plugin = "near", chrome = "../outside/secret.json""#,
            #"plugin = "near", gesture = "../outside/trace.json""#
        ] {
            try write(#"describe("s", function() it("runs", function() animhost.run{ \#(options) } end) end)"#, "p/s_spec.lua")
            let r = try run(["test", "s_spec.lua"])
            XCTAssertEqual(r.code, 1, options)
            XCTAssertTrue(r.out.contains("outside"), "\(options): \(r.out)")
            XCTAssertFalse(r.out.contains("1 passed"), "\(options): \(r.out)")
        }
        try write(#"describe("s", function() it("runs", function() animhost.run{ plugin = "near.lua", from = "grid", to = "detail" } end) end)"#, "p/s_spec.lua")
        let fine = try run(["test", "s_spec.lua"])
        XCTAssertEqual(fine.code, 0, fine.out)
    }

    /// `node.imageSize` reads a header: through a link out of the scene's folder it is refused, as a
    /// drawn image is, and so is a header past the size limit.
    func testImageHeadersAreReadOnlyInsideTheScenesFolderAndWithinTheLimits() throws {
        var huge = png
        huge.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])  // 20,000 × 20,000
        try huge.write(to: work.appendingPathComponent("outside.png"))
        try fm.createDirectory(at: work.appendingPathComponent("p/s"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: work.appendingPathComponent("p/s/pic.png").path, withDestinationPath: work.appendingPathComponent("outside.png").path)
        try huge.write(to: work.appendingPathComponent("p/s/huge.png"))
        for (image, words) in [("pic.png", "outside the scene's folder"), ("huge.png", "too large")] {
            try scene("s", image: image, at: "p/s/s.json")
            try plugin("size", body: "local s = ctx.from.view:find('pic').imageSize; print(s.width)")
            let r = try run(["run", "size.lua", "--from", "s/s.json", "--to", "detail", "--format", "json"])
            XCTAssertEqual(r.code, 1, "\(image): \(r.err)")
            XCTAssertTrue(r.err.contains(words) && r.err.contains(image), "\(image): \(r.err)")
            if image == "pic.png" { XCTAssertFalse(r.err.contains("20000"), "the outside file's size is never read: \(r.err)") }
        }
    }

    /// Two scenes both named `s`, in two folders, each with its own `pic.png`: never the one picture for both.
    func testTwoScenesOfOneNameInTwoFoldersAreRefused() throws {
        try scene("s", image: "pic.png", at: "p/a/s.json")
        try scene("s", image: "pic.png", at: "p/b/s.json")
        try png.write(to: work.appendingPathComponent("p/a/pic.png"))
        try png.write(to: work.appendingPathComponent("p/b/pic.png"))
        try plugin("two")
        let r = try run(["run", "two.lua", "--from", "a/s.json", "--to", "b/s.json", "--format", "png", "--scale", "0.5"])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.err.contains("two scenes of this run are named 's'") && r.err.contains("another \"name\""), r.err)
    }

    // MARK: - Special files

    /// A FIFO wherever the host reads a file: refused at once, naming it, on every entry point.
    func testFIFOsAreRefusedAtOnceNamingTheFile() throws {
        try plugin("plain")
        try write(#"{"name": "s", "size": [100, 100], "delegate": "d.lua", "nodes": [{"id": "pic", "frame": [0, 0, 50, 50], "image": "pic.png"}]}"#, "p/s/s.json")
        try write("return {}", "p/s/d.lua")
        try png.write(to: work.appendingPathComponent("p/s/pic.png"))
        func fifo(_ path: String) throws -> () -> Void {
            let url = work.appendingPathComponent(path)
            let saved = work.appendingPathComponent("saved")
            try? fm.removeItem(at: saved)
            if fm.fileExists(atPath: url.path) { try fm.moveItem(at: url, to: saved) }
            XCTAssertEqual(mkfifo(url.path, 0o644), 0)
            return { [fm] in
                try? fm.removeItem(at: url)
                if fm.fileExists(atPath: saved.path) { try? fm.moveItem(at: saved, to: url) }
            }
        }
        let cases: [(file: String, args: [String])] = [
            ("p/s/pic.png", ["run", "crossfade", "--from", "grid", "--to", "s/s.json", "--format", "png", "--scale", "0.5", "--fps", "10"]),
            ("p/s/s.json", ["run", "plain.lua", "--from", "s/s.json", "--to", "detail"]),
            ("p/s/d.lua", ["run", "plain.lua", "--from", "s/s.json", "--to", "detail"]),
            ("p/plain.lua", ["run", "plain.lua"]),
            ("p/g.json", ["run", "plain.lua", "--gesture", "g.json"]),
            ("p/helper.lua", ["run", "needs.lua"]),
            ("p/f_spec.lua", ["test", "f_spec.lua"])
        ]
        try plugin("needs", body: "require('helper')")
        // The output folder's record of what the last run wrote, as a FIFO: ignored, never waited on.
        try fm.createDirectory(at: work.appendingPathComponent("p/out/plain"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(work.appendingPathComponent("p/out/plain/.animhost-outputs").path, 0o644), 0)
        let manifest = try run(["run", "plain.lua", "--format", "json"], bound: 20)
        XCTAssertLessThan(manifest.seconds, 10, manifest.err)
        try fm.removeItem(at: work.appendingPathComponent("p/out"))
        for c in cases {
            let restore = try fifo(c.file)
            defer { restore() }
            let r = try run(c.args, bound: 20)
            XCTAssertLessThan(r.seconds, 10, "\(c.file) did not block")
            XCTAssertNotEqual(r.code, 0, c.file)
            let name = URL(fileURLWithPath: c.file).lastPathComponent
            XCTAssertTrue(r.err.contains(name) || r.out.contains(name), "\(c.file): \(r.err)\(r.out)")
            XCTAssertTrue((r.err + r.out).contains("FIFO"), "\(c.file): \(r.err)\(r.out)")
        }
    }

    // MARK: - Staging and writing

    /// Interrupted while four render threads write PNG frames: nothing staged is left, whatever the moment.
    func testAnInterruptedRenderLeavesNothingStaged() throws {
        try fm.createDirectory(at: work.appendingPathComponent("p"), withIntermediateDirectories: true)
        let out = work.appendingPathComponent("p/out")
        for (i, signal) in [SIGINT, SIGTERM, SIGINT, SIGTERM].enumerated() {
            let p = try CLI.start(
                ["run", "zoom", "--format", "png", "--fps", "1000", "--speed", "0.1", "--scale", "2", "--out", out.path],
                in: work.appendingPathComponent("p"), environment: ["HOME": work.path])
            func staged() -> Int {
                let names = (try? fm.contentsOfDirectory(atPath: work.appendingPathComponent("p").path)) ?? []
                return names.filter { $0.hasPrefix(".out.animhost-") }.map { name in
                    (fm.enumerator(atPath: work.appendingPathComponent("p/\(name)").path)?.allObjects.count ?? 0)
                }.reduce(0, +)
            }
            waitUntil(timeout: 60) { !p.isRunning || staged() >= 20 + 10 * i }
            XCTAssertTrue(p.isRunning)
            p.signal(signal)
            p.waitForExit(timeout: 30)
            let left = try fm.contentsOfDirectory(atPath: work.appendingPathComponent("p").path)
            XCTAssertEqual(left, [], "after signal \(signal)")
        }
    }

    /// The preview's frames go into a folder of its own in TMPDIR, named by mkdtemp: a link planted
    /// under the name it used to have is never written through.
    func testThePreviewsFolderInTMPDIRCannotBeGuessed() throws {
        try plugin("plain")
        let tmp = work.appendingPathComponent("tmp"), victim = work.appendingPathComponent("victim")
        try fm.createDirectory(at: tmp, withIntermediateDirectories: true)
        try fm.createDirectory(at: victim, withIntermediateDirectories: true)
        let p = try CLI.start(["preview", "plain.lua", "--port", "0"], in: work.appendingPathComponent("p"), environment: ["HOME": work.path, "TMPDIR": tmp.path])
        var names: [String] = []
        waitUntil(timeout: 30) {
            names = (try? fm.contentsOfDirectory(atPath: tmp.path)) ?? []
            return !names.isEmpty || !p.isRunning
        }
        XCTAssertEqual(names.count, 1, "\(names)")
        XCTAssertNotEqual(names.first, "animhost-preview-\(p.pid)")
        var info = stat()
        XCTAssertEqual(lstat(tmp.appendingPathComponent(names.first ?? "-").path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700, "only its owner can enter it")
        p.signal(SIGINT)
        XCTAssertTrue(p.waitForExit(timeout: 30), "ends on Ctrl-C")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: tmp.path), [], "removed at the end")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: victim.path), [])
    }

    /// A small disk of its own (tmpfs of 64 KiB, when this user may mount one).
    func fullDisk() throws -> URL {
        let disk = work.appendingPathComponent("disk")
        try fm.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path])
        guard mount.status == 0 else { throw XCTSkip("cannot mount a small tmpfs here (needs root)") }
        addTeardownBlock { _ = try? runProgram("/bin/umount", [disk.path]) }
        return disk
    }

    func testAFullDiskIsReportedWithTheUsersPathAndNothingIsLeft() throws {
        let disk = try fullDisk()
        let filler = disk.appendingPathComponent("filler")
        _ = fm.createFile(atPath: filler.path, contents: Data(count: 40 << 10))
        try plugin("plain", scenes: #"scenes = { from = "grid", to = "detail" },"#)
        let out = disk.appendingPathComponent("a/b/out")
        let r = try run(["run", "plain.lua", "--format", "png,json", "--out", out.path])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.err.contains("cannot write \(out.path): no space left on device"), r.err)
        XCTAssertTrue(r.err.contains("free some space or give --out a folder on another disk"), r.err)
        XCTAssertFalse(r.err.contains(".out.animhost"), "no staging path: \(r.err)")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: disk.path), ["filler"])

        let fd = open(filler.path, O_WRONLY | O_APPEND)
        while Foundation.write(fd, [UInt8](repeating: 0, count: 1024), 1024) > 0 {}  // the disk full to its last byte
        close(fd)
        let dir = disk.appendingPathComponent("x/y/z")
        let made = try run(["new", "fresh", "--dir", dir.path])
        XCTAssertEqual(made.code, 1, made.err)
        XCTAssertTrue(made.err.contains(dir.path) && made.err.contains("no space left on device") && made.err.contains("free some space"), made.err)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: disk.path), ["filler"], "no folder left behind")
    }

    /// Tests named "push fast", "push/fast" and "push_fast" keep their own snapshots: the suite passes
    /// when recorded and again when compared; two snapshots of one name are refused, saying so.
    func testSnapshotsOfDifferentNamesNeverShareAFile() throws {
        try write(
            """
            describe("push", function()
              it("fast", function() assert.matches_snapshot(animhost.run{ plugin = "crossfade", fps = 10 }) end)
            end)
            it("push/fast", function() assert.matches_snapshot(animhost.run{ plugin = "crossfade", fps = 20 }) end)
            it("push_fast", function() assert.matches_snapshot(animhost.run{ plugin = "crossfade", fps = 30 }) end)
            """, "p/n_spec.lua")
        for pass in ["recorded", "compared"] {
            let r = try run(["test", "n_spec.lua"])
            XCTAssertEqual(r.code, 0, "\(pass): \(r.out)")
            XCTAssertTrue(r.out.contains("3 passed, 0 failed"), "\(pass): \(r.out)")
        }
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: work.appendingPathComponent("p/__snapshots__/n_spec").path).count, 3)
        try write(
            """
            it("twice", function() assert.matches_snapshot(animhost.run{ plugin = "crossfade", fps = 10 }, "same") end)
            it("again", function() assert.matches_snapshot(animhost.run{ plugin = "crossfade", fps = 20 }, "same") end)
            """, "p/n_spec.lua")
        let twice = try run(["test", "n_spec.lua"])
        XCTAssertEqual(twice.code, 1, twice.out)
        XCTAssertTrue(twice.out.contains("two snapshots of this spec are named 'same'"), twice.out)
    }
}

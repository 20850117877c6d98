import XCTest
import Foundation
import AnimhostOutput
import AnimhostTestSupport

/// Outputs under attack or failure: they stay inside their folders, appear only when a run has
/// succeeded, replace only what animhost wrote, and leave nothing behind when a run is interrupted.
final class OutputSafetyTests: XCTestCase {
    var work: URL!
    let fm = FileManager.default

    override func setUpWithError() throws { work = try temporaryFolder("outputs") }

    func write(_ text: String, _ name: String) throws -> URL {
        let url = work.appendingPathComponent(name)
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Every file under `dir` with its bytes, hidden ones included.
    func snapshot(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        guard let walk = fm.enumerator(atPath: dir.path) else { return out }
        for case let path as String in walk {
            out[path] = fm.contents(atPath: dir.appendingPathComponent(path).path) ?? Data("<folder>".utf8)
        }
        return out
    }

    /// A plugin whose animation block is `block`, its completion `completion`.
    func plugin(_ name: String, block: String = "ctx.to.view.alpha = 1", completion: String = "") throws -> URL {
        try write(
            """
            return {
              name = "\(name)", scenes = { from = "grid", to = "detail" },
              duration = function() return 0.1 end,
              animate = function(ctx)
                ctx.container:add(ctx.to.view)
                ctx.to.view.alpha = 0
                animate{ duration = 0.1, function() \(block) end, completion = function()
                  \(completion)
                  ctx:complete(true)
                end }
              end }
            """, "\(name).lua")
    }

    func testPluginNamesThatAreNotPlainNamesAreRefusedAtLoad() throws {
        let victim = work.appendingPathComponent("victim/frames")
        try fm.createDirectory(at: victim, withIntermediateDirectories: true)
        _ = try write("keep", "victim/frames/0000.png")
        let folder = work.appendingPathComponent("a/b")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["../../victim", "/tmp/x", ".hidden", "a b", "", "é"] {
            _ = try plugin("x")
            let source = try String(contentsOf: work.appendingPathComponent("x.lua"), encoding: .utf8)
                .replacingOccurrences(of: "name = \"x\"", with: "name = \"\(name)\"")
            try source.write(to: folder.appendingPathComponent("p.lua"), atomically: true, encoding: .utf8)
            let r = try CLI.run(["run", folder.appendingPathComponent("p.lua").path, "--format", "json,png", "--scale", "0.5"], in: folder)
            XCTAssertEqual(r.code, 1, name)
            XCTAssertTrue(r.err.contains("p.lua:2:") && r.err.contains("plain name"), "names the file and the line of name: \(r.err)")
            XCTAssertEqual(fm.contents(atPath: victim.appendingPathComponent("0000.png").path), Data("keep".utf8))
            XCTAssertFalse(fm.fileExists(atPath: folder.appendingPathComponent("out").path))
        }
    }

    func testImagesSetFromLuaCannotLeaveTheScenesFolder() throws {
        for path in ["../../../../../../usr/share/pixmaps/debian-logo.png", "/etc/passwd", "~/x.png", "a/../../b.png"] {
            _ = try plugin("peek", block: "ctx.to.view.image = '\(path)'")
            let r = try CLI.run(["run", "peek.lua", "--format", "json"], in: work)
            XCTAssertEqual(r.code, 1, path)
            XCTAssertTrue(r.err.contains("peek.lua:7:") && r.err.contains("inside the scene's folder"), r.err)
            XCTAssertFalse(fm.fileExists(atPath: work.appendingPathComponent("out").path))
        }
    }

    /// Links inside a scene's folder, to a file and to a folder outside it, are not followed out.
    func testImagesReachedThroughLinksStayInsideTheScenesFolder() throws {
        let outside = work.appendingPathComponent("outside")
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        let png = try XCTUnwrap(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="))  // 1×1
        try png.write(to: outside.appendingPathComponent("secret.png"))
        let scenes = work.appendingPathComponent("scenes")
        try fm.createDirectory(at: scenes, withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: scenes.appendingPathComponent("file.png").path, withDestinationPath: outside.appendingPathComponent("secret.png").path)
        try fm.createSymbolicLink(atPath: scenes.appendingPathComponent("dir").path, withDestinationPath: outside.path)
        try png.write(to: scenes.appendingPathComponent("own.png"))
        try fm.createSymbolicLink(atPath: scenes.appendingPathComponent("alias.png").path, withDestinationPath: "own.png")
        for (image, allowed) in [("file.png", false), ("dir/secret.png", false), ("alias.png", true), ("own.png", true)] {
            _ = try write(
                """
                {"name": "s", "size": [100, 100], "nodes": [{"id": "pic", "frame": [0, 0, 50, 50], "image": "\(image)"}]}
                """, "scenes/s.json")
            _ = try plugin("look")
            let r = try CLI.run(["run", "look.lua", "--from", "scenes/s.json", "--to", "detail", "--format", "png", "--scale", "0.5"], in: work)
            XCTAssertEqual(r.code, allowed ? 0 : 1, "\(image): \(r.err)")
            if !allowed { XCTAssertTrue(r.err.contains("outside the scene's folder") && r.err.contains(image), r.err) }
        }
    }

    /// The last frame cannot be drawn: the run fails, and the previous output is exactly as it was.
    func testAFailedRunPublishesNothing() throws {
        _ = try plugin("late")
        XCTAssertEqual(try CLI.run(["run", "late.lua", "--format", "json,png", "--scale", "0.5"], in: work).code, 0)
        let folder = work.appendingPathComponent("out/late")
        let before = snapshot(folder)
        XCTAssertNotNil(before["timeline.json"])
        _ = try plugin("late", completion: "ctx.to.view.image = 'missing.png'")
        let r = try CLI.run(["run", "late.lua", "--format", "json,png,gif,html", "--scale", "0.5"], in: work)
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertEqual(snapshot(folder), before)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: work.appendingPathComponent("out").path), ["late"], "no staging left")
        let fresh = try CLI.run(["run", "late.lua", "--format", "json,png", "--scale", "0.5", "--out", "new/place"], in: work)
        XCTAssertEqual(fresh.code, 1)
        XCTAssertFalse(fm.fileExists(atPath: work.appendingPathComponent("new").path), "a fresh folder stays absent")
    }

    /// A run replaces what its formats write and what an earlier run wrote for others, and nothing else.
    func testARunReplacesOnlyWhatAnimhostWrote() throws {
        _ = try plugin("mix")
        XCTAssertEqual(try CLI.run(["run", "mix.lua", "--format", "json,png", "--scale", "0.5"], in: work).code, 0)
        let folder = work.appendingPathComponent("out/mix")
        _ = try write("mine", "out/mix/notes.txt")
        _ = try write("mine", "out/mix/animation.webp")
        XCTAssertEqual(try CLI.run(["run", "mix.lua", "--format", "gif", "--scale", "0.5"], in: work).code, 0)
        let visible = try fm.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(visible, ["animation.gif", "animation.webp", "notes.txt"])
        XCTAssertEqual(fm.contents(atPath: folder.appendingPathComponent("animation.webp").path), Data("mine".utf8))

        _ = try write("mine", "out/mix/frames/readme.txt")
        let before = snapshot(folder)
        let r = try CLI.run(["run", "mix.lua", "--format", "png", "--scale", "0.5"], in: work)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("frames") && r.err.contains("readme.txt") && r.err.contains("did not write"), r.err)
        XCTAssertEqual(snapshot(folder), before)
    }

    /// A cloned folder's `out` or `out/NAME` that is a link leading elsewhere: the run is refused,
    /// naming it, and what the link leads to is untouched.
    func testADefaultOutputFolderReachedThroughALinkIsRefused() throws {
        _ = try plugin("mix")
        _ = try write("mine", "elsewhere/timeline.json")
        let elsewhere = work.appendingPathComponent("elsewhere")
        try fm.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: work.appendingPathComponent("out/mix").path, withDestinationPath: elsewhere.path)
        let inner = try CLI.run(["run", "mix.lua"], in: work)
        XCTAssertEqual(inner.code, 1)
        XCTAssertTrue(inner.err.contains("out/mix is a link (to \(elsewhere.path))"), inner.err)
        try fm.removeItem(at: work.appendingPathComponent("out"))
        try fm.createSymbolicLink(atPath: work.appendingPathComponent("out").path, withDestinationPath: elsewhere.path)
        let outer = try CLI.run(["run", "mix.lua"], in: work)
        XCTAssertEqual(outer.code, 1)
        XCTAssertTrue(outer.err.contains("out is a link (to \(elsewhere.path))") && outer.err.contains("--out"), outer.err)
        XCTAssertEqual(snapshot(elsewhere), ["timeline.json": Data("mine".utf8)])
    }

    func testOutputPlacesThatCannotBeWrittenAreNamedInPlainWords() throws {
        _ = try write("a file", "taken")
        for (out, words) in [
            ("taken", "is not a folder"), ("/dev/null", "is not a folder"), ("taken/sub", "cannot write"),
            ("/proc/animhost-test", "cannot write")
        ] {
            let r = try CLI.run(["run", "zoom", "--out", out], in: work)
            XCTAssertEqual(r.code, 1, out)
            XCTAssertTrue(r.err.contains(out) && r.err.contains(words) && r.err.contains("--out"), r.err)
            XCTAssertFalse(r.err.contains("NSCocoaErrorDomain") || r.err.contains("Error Domain"), r.err)
        }
        XCTAssertEqual(fm.contents(atPath: work.appendingPathComponent("taken").path), Data("a file".utf8))
    }

    /// `--help` and docs/cli.md list every registered format with the files it writes.
    func testEveryFormatIsListedWhereUsersLook() throws {
        let help = try CLI.run(["run", "--help"]).out
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        for format in OutputFormat.all {
            XCTAssertTrue(doc.contains("| `\(format.name)` |"), format.name)
            for file in format.files {
                XCTAssertTrue(help.contains("DIR/\(file)"), "\(file) in --help")
                XCTAssertTrue(doc.contains("DIR/\(file)"), "\(file) in docs/cli.md")
            }
        }
    }

    func testTheSameSceneOnBothSidesIsAnError() throws {
        _ = try write(#"{"name": "s", "size": [10, 10], "nodes": []}"#, "s.json")
        for (from, to) in [("grid", "grid"), ("s.json", "./s.json")] {
            let r = try CLI.run(["run", "zoom", "--from", from, "--to", to], in: work)
            XCTAssertEqual(r.code, 1)
            XCTAssertTrue(r.err.contains("same scene"), r.err)
        }
    }
}

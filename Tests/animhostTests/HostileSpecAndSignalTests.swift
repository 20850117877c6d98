import XCTest
import Foundation
import AnimhostTestSupport

/// Attacks through the other doors: spec files (untrusted code as much as plugins), gesture files and
/// specs, and signals sent to commands other than `run`. Each must end with a clear message naming the
/// file and line, or the shell's code for the signal, and touch nothing outside its folder.
final class HostileSpecAndSignalTests: XCTestCase {
    var work: URL!
    let fm = FileManager.default

    override func setUpWithError() throws { work = try makeTemporaryFolder("hostile-spec") }
    override func tearDownWithError() throws { if let work { try? fm.removeItem(at: work) } }

    /// Writes `x_spec.lua` with `body` as the one test and runs `animhost test` on it.
    func spec(_ body: String) throws -> CLI.Result {
        try "describe(\"x\", function() it(\"y\", function()\n\(body)\nend) end)\n"
            .write(to: work.appendingPathComponent("x_spec.lua"), atomically: true, encoding: .utf8)
        return try CLI.run(["test", "x_spec.lua"], in: work)
    }

    func testSnapshotsDoNotFollowLinksOutOfTheSpecsFolder() throws {
        let outside = try makeTemporaryFolder("hostile-spec-outside")
        defer { try? fm.removeItem(at: outside) }
        let folder = work.appendingPathComponent("__snapshots__")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: folder.appendingPathComponent("x_spec"), withDestinationURL: outside)
        for body in [
            "assert.matches_snapshot(animhost.run{ plugin = 'crossfade' }, 'pwn')",
            "assert.matches_image_snapshot(animhost.run{ plugin = 'crossfade' }, { name = 'pwn', scale = 0.5 })"
        ] {
            let r = try spec(body)
            XCTAssertEqual(r.code, 1, r.out)
            XCTAssertTrue(r.out.contains("x_spec.lua:2: __snapshots__/x_spec/pwn."), r.out)
            XCTAssertTrue(r.out.contains("leads out of the spec's folder"), r.out)
            XCTAssertEqual(try fm.contentsOfDirectory(atPath: outside.path), [], "nothing written through the link")
        }
        // A link to nothing inside the folder would create its target wherever it points.
        try fm.removeItem(at: folder.appendingPathComponent("x_spec"))
        try fm.createDirectory(at: folder.appendingPathComponent("x_spec"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            atPath: folder.appendingPathComponent("x_spec/pwn.png").path,
            withDestinationPath: outside.appendingPathComponent("made.png").path)
        let r = try spec("assert.matches_image_snapshot(animhost.run{ plugin = 'crossfade' }, { name = 'pwn', scale = 0.5 })")
        XCTAssertEqual(r.code, 1, r.out)
        XCTAssertTrue(r.out.contains("leads out of the spec's folder"), r.out)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: outside.path), [], "nothing created through a dangling link")
    }

    func testAnyTestNameGivesASnapshotFileTheDiskAccepts() throws {
        // Linux refuses file names past 255 bytes; the name keeps 200 and a hash, so two long names stay apart.
        let r = try spec(
            """
            local run = animhost.run{ plugin = 'crossfade' }
            assert.matches_snapshot(run, string.rep('a', 5000))
            assert.matches_snapshot(run, string.rep('a', 4999) .. 'b')
            assert.matches_snapshot(run, string.rep('é', 300))
            """)
        XCTAssertEqual(r.code, 0, r.out)
        let files = try fm.contentsOfDirectory(atPath: work.appendingPathComponent("__snapshots__/x_spec").path)
        XCTAssertEqual(files.count, 3, "\(files)")
        XCTAssertTrue(files.allSatisfy { $0.utf8.count <= 255 }, "\(files)")
        XCTAssertFalse(r.out.contains("Domain"), r.out)
    }

    func testNaNNeverPassesAnAssertionOrPicksAFrame() throws {
        for (body, expected) in [
            ("assert.are.near(0, 0/0, 1)", "x_spec.lua:2: expected 0 within 1, got"),
            ("assert.are.near(0/0, 0/0, 1)", "x_spec.lua:2: expected"),
            ("assert.are.near(0, 5, 0/0)", "x_spec.lua:2: expected 0 within"),
            ("animhost.run{ plugin = 'crossfade' }:frame(0/0)", "x_spec.lua:2: run:frame(i): i must be a whole number"),
            ("animhost.run{ plugin = 'crossfade' }:frame(1.5)", "x_spec.lua:2: run:frame(i): i must be a whole number, got 1.5"),
            ("animhost.run{ plugin = 'crossfade' }:at(0/0)", "x_spec.lua:2: run:at(t): t must be a number of seconds"),
            (
                "assert.matches_image_snapshot(animhost.run{ plugin = 'crossfade' }, { at = 0/0 })",
                "x_spec.lua:2: assert.matches_image_snapshot: at = seconds"
            )
        ] {
            let r = try spec(body)
            XCTAssertEqual(r.code, 1, body)
            XCTAssertTrue(r.out.contains(expected), "\(body): expected '\(expected)' in\n\(r.out)")
        }
        XCTAssertFalse(fm.fileExists(atPath: work.appendingPathComponent("__snapshots__").path), "nothing recorded")
    }

    func testARunThatCannotStartFailsAtTheSpecsLine() throws {
        for body in [
            "animhost.run{ plugin = 'crossfade', fps = 1e9 }", "animhost.run{ plugin = '../victim/x' }",
            "animhost.run{ plugin = 'crossfade', from = '/dev/zero' }",
            "animhost.run{ plugin = 'zoom', operation = 'pop', gesture = 'edge-swipe duration=1e9' }"
        ] {
            let r = try spec(body)
            XCTAssertEqual(r.code, 1, body)
            XCTAssertTrue(r.out.contains("x_spec.lua:2: "), "\(body): the spec's line in\n\(r.out)")
            XCTAssertFalse(r.out.contains("animhost.spec"), "\(body): not the framework's own line\n\(r.out)")
        }
    }

    func testAGestureFileFarPastTheSampleLimitIsRefusedBeforeParsing() throws {
        // 17 MiB of whitespace: past the 16 MiB a trace of 100,000 samples needs; parsing it would take seconds.
        let file = work.appendingPathComponent("g.json")
        try Data("{\"samples\":[".utf8 + Data(repeating: 0x20, count: 17 << 20) + Data("]}".utf8)).write(to: file)
        let r = try CLI.run(["run", "zoom", "--operation", "pop", "--gesture", "g.json", "--format", "none"], in: work)
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertEqual(r.err, "animhost: g.json: cannot read the gesture file: its \(17 << 20 + 14) bytes are more than the 16 MiB it may hold\n")
        for special in ["/dev/zero"] {
            try? fm.removeItem(at: file)
            try fm.createSymbolicLink(atPath: file.path, withDestinationPath: special)
            let r = try CLI.run(["run", "zoom", "--operation", "pop", "--gesture", "g.json", "--format", "none"], in: work)
            XCTAssertEqual(r.err, "animhost: g.json: cannot read the gesture file: it is a device, not a regular file\n")
        }
    }

    func testAGeneratedGestureKeyGivenTwiceIsAnError() throws {
        let r = try CLI.run(["run", "zoom", "--operation", "pop", "--gesture", "edge-swipe to=0.3 to=0.9", "--format", "none"], in: work)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(r.err, "animhost: edge-swipe: the key 'to' is given twice; keep one\n")
    }

    func testSpecMistakesAreNamedAtTheirLineAndHugeFailuresAreCut() throws {
        try """
        describe("x", function()
          describe("a", 5)
        end)
        describe("y", function() it("b", 6) end)
        describe("z", function()
          it("c", function() error(setmetatable({}, { __tostring = function() return string.rep("z", 1e7) end })) end)
        end)
        """.write(to: work.appendingPathComponent("m_spec.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "m_spec.lua"], in: work)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.contains("m_spec.lua:2: describe(name, body): body must be a function, got number"), r.out)
        XCTAssertTrue(r.out.contains("m_spec.lua:4: it(name, body): body must be a function, got number"), r.out)
        XCTAssertTrue(r.out.contains("more bytes left out)"), String(r.out.suffix(300)))
        XCTAssertLessThan(r.out.utf8.count, 10_000, "a 10 MB message is cut to a few KB")
    }

    /// Snapshot files that are links to other files of the spec's folder: recording never replaces
    /// those files, and the link is named.
    func testSnapshotsNeverReplaceAFileThroughALinkInsideTheSpecsFolder() throws {
        let folder = work.appendingPathComponent("__snapshots__/x_spec")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["notes.txt", "notes2.txt"] { try "mine".write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("pwn.snap").path, withDestinationPath: "../../notes.txt")
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("pwn.png").path, withDestinationPath: "../../notes2.txt")
        for (body, file) in [
            ("assert.matches_snapshot(animhost.run{ plugin = 'crossfade' }, 'pwn')", "pwn.snap"),
            ("assert.matches_image_snapshot(animhost.run{ plugin = 'crossfade' }, { name = 'pwn', scale = 0.5 })", "pwn.png")
        ] {
            let r = try spec(body)
            XCTAssertEqual(r.code, 1, r.out)
            XCTAssertTrue(r.out.contains("x_spec.lua:2: __snapshots__/x_spec/\(file) is a link (to ../../notes"), r.out)
            let update = try CLI.run(["test", "x_spec.lua", "--update-snapshots"], in: work)
            XCTAssertEqual(update.code, 1, update.out)
        }
        for name in ["notes.txt", "notes2.txt"] {
            XCTAssertEqual(try String(contentsOf: work.appendingPathComponent(name), encoding: .utf8), "mine")
        }
    }

    func testNewRefusesLongNamesAndFilesInTheWayInPlainWords() throws {
        let r = try CLI.run(["new", String(repeating: "a", count: 300)], in: work)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("at most 64 characters"), r.err)
        try "x".write(to: work.appendingPathComponent("f"), atomically: true, encoding: .utf8)
        let f = try CLI.run(["new", "ok", "--dir", "f"], in: work)
        XCTAssertEqual(f.code, 1)
        XCTAssertTrue(f.err.hasSuffix("/f is a file, not a folder; give --dir a folder\n"), f.err)
        for text in [r.err, f.err] { XCTAssertFalse(text.contains("Domain"), text) }
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: work.path), ["f"], "nothing made")
    }

    /// A `--dir` that cannot be made (a link to nowhere in the way) is named with what is wrong and
    /// what to do, in the words `--out` gets, and nothing is left behind.
    func testNewIntoAFolderThatCannotBeMadeSaysWhy() throws {
        try fm.createSymbolicLink(atPath: work.appendingPathComponent("Plugins").path, withDestinationPath: "nowhere")
        let r = try CLI.run(["new", "ok"], in: work)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("cannot write \(work.appendingPathComponent("Plugins").path): a file is in the way of a folder; give --dir "), r.err)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: work.path), ["Plugins"], "nothing made")
    }

    func testJSONTooDeepToReadIsNamedAsSuchNotAsInvalid() throws {
        // 2,000 levels of valid JSON (objects and arrays): past the JSON reader's own depth, so the loader never sees it.
        let levels = 1000
        let nodes = String(repeating: "{\"id\":\"n\",\"children\":[", count: levels) + String(repeating: "]}", count: levels)
        try "{\"name\":\"s\",\"size\":[10,10],\"nodes\":[\(nodes)]}".write(to: work.appendingPathComponent("deep.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "crossfade", "--from", "deep.json", "--format", "none"], in: work)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.hasPrefix("animhost: deep.json: arrays and objects nested too deeply to read at line 1, column "), r.err)
    }

    /// Writes `hostile.lua` with `body` as `animate` and runs it.
    func plugin(_ body: String, _ extra: [String]) throws -> CLI.Result {
        try """
        local p = { name = "hostile", scenes = { from = "grid", to = "detail" } }
        function p.duration() return 0.3 end
        function p.animate(ctx)
        \(body)
        end
        return p
        """.write(to: work.appendingPathComponent("hostile.lua"), atomically: true, encoding: .utf8)
        return try CLI.run(["run", "hostile.lua", "--format", "none"] + extra, in: work)
    }

    func testASnapshotPastTheMemoryLimitIsRefusedBeforeItIsCopied() throws {
        // Each round doubles the tree: round 16 would copy 65,536 nodes (about 64 MiB at 1 KB a node),
        // past a 16 MiB limit; the copy is counted first, so the run ends on memory, not on the clock.
        let r = try plugin(
            "local s = node{} for i = 1, 40 do local t = s:snapshot() t:add(s) s = t end",
            ["--max-memory", "16", "--timeout", "30"])
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.err.hasPrefix("animhost: hostile.lua"), r.err)
        XCTAssertTrue(r.err.contains("memory"), r.err)
        XCTAssertFalse(r.err.contains("time limit"), r.err)
    }

    func testPrintIsCutAsErrorMessagesAre() throws {
        let r = try plugin("print(string.rep('y', 10000000)) ctx:complete(true)", [])
        XCTAssertEqual(r.code, 0, r.err)
        let printed = r.err.split(separator: "\n").filter { !$0.hasPrefix("animhost: warning: ") }.joined(separator: "\n")
        XCTAssertLessThan(printed.utf8.count, 4096 + 100, "one cut line, not 10 MB")
        XCTAssertTrue(r.err.hasPrefix("[hostile] yyyy"), String(r.err.prefix(100)))
        XCTAssertTrue(r.err.contains("… (\(10_000_000 - 4096) more bytes left out)"), String(r.err.suffix(100)))
    }

    /// Whether process `pid` has taken over SIGINT, SIGTERM and SIGHUP (caught or ignored, as /proc shows).
    func handlesInterrupts(_ pid: Int32) -> Bool {
        let wanted: UInt64 = (1 << UInt64(SIGINT - 1)) | (1 << UInt64(SIGTERM - 1)) | (1 << UInt64(SIGHUP - 1))
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let masks = status.split(separator: "\n").filter { $0.hasPrefix("SigIgn:") || $0.hasPrefix("SigCgt:") }
            .compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        return masks.reduce(0, |) & wanted == wanted
    }

    /// Whether every thread of process `pid` is stopped (by SIGSTOP), so that nothing it does can change.
    func isStopped(_ pid: Int32) -> Bool {
        let tasks = (try? fm.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return !tasks.isEmpty
            && tasks.allSatisfy { task in
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8)) ?? ""
                return stat.split(separator: ")").last?.split(separator: " ").first == "T"
            }
    }

    /// Resident memory of process `pid`, in MiB (0 once it is gone).
    func residentMiB(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    /// Lua that fills 160 MiB and then loops for ever: a process holding that much (it needs 50 MiB
    /// otherwise) is inside the loop, whatever it prints.
    let ballastThenLoop = "local ballast = string.rep('x', 160 << 20) while #ballast > 0 do end"

    /// Starts `args`, waits until it has taken over SIGINT, SIGTERM and SIGHUP and its plugin or spec
    /// holds its ballast (it is in ``ballastThenLoop``'s loop), sends `signal` and returns how it ended;
    /// a process that outlives 20 s after the signal is killed.
    func interrupt(_ args: [String], with signal: Int32) throws -> (status: Int32, exited: Bool) {
        let p = try CLI.start(args, in: work)
        let ready = waitUntil(timeout: 30) { !p.isRunning || (handlesInterrupts(p.pid) && residentMiB(p.pid) >= 160) }
        XCTAssertTrue(ready && p.isRunning, "\(args): in its loop, signals handled: \(p.errors)")
        p.signal(signal)
        XCTAssertTrue(p.waitForExit(timeout: 20), "\(args): ends within 20 s of the signal")
        return (p.status, p.exited)
    }

    func testAnInterruptWhileImageSnapshotsAreWrittenLeavesNoPartialFile() throws {
        // Large image snapshots written one after another. The process is frozen (SIGSTOP) when a
        // snapshot's temporary file is seen, and signalled only if that file is still there while it is
        // frozen: the signal lands inside a write every time.
        try """
        describe('x', function() it('y', function()
          local run = animhost.run{ plugin = 'crossfade', fps = 1000 }
          for i = 1, 100000 do assert.matches_image_snapshot(run, { name = 's' .. i, scale = 4, frame = i % 200 }) end
        end) end)
        """.write(to: work.appendingPathComponent("snaps_spec.lua"), atomically: true, encoding: .utf8)
        let folder = work.appendingPathComponent("__snapshots__/snaps_spec")
        func partial() -> [String] { ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".partial") } }
        for _ in 0..<3 {
            let p = try CLI.start(["test", "snaps_spec.lua"], in: work)
            var inside = false
            for _ in 0..<200 where !inside && p.isRunning {
                waitUntil(timeout: 30, interval: 0.001) { !partial().isEmpty || !p.isRunning }
                p.signal(SIGSTOP)
                XCTAssertTrue(waitUntil(timeout: 10) { isStopped(p.pid) }, "frozen")
                inside = !partial().isEmpty
                if !inside { p.signal(SIGCONT) }
            }
            XCTAssertTrue(inside, "frozen inside a snapshot's write: \(p.errors)")
            p.signal(SIGTERM)
            p.signal(SIGCONT)
            XCTAssertTrue(p.waitForExit(timeout: 30), "ends on the signal")
            XCTAssertEqual(p.status, 143)
            XCTAssertEqual(partial(), [], "nothing half-written is left")
            try? fm.removeItem(at: folder)
        }
    }

    func testEveryCommandEndsOnAnInterruptWithTheShellsCode() throws {
        try "describe('x', function() it('y', function() \(ballastThenLoop) end) end)\n"
            .write(to: work.appendingPathComponent("loop_spec.lua"), atomically: true, encoding: .utf8)
        try """
        local p = { name = "loop", scenes = { from = "grid", to = "detail" } }
        function p.duration() return 0.3 end
        function p.animate(ctx) \(ballastThenLoop) end
        return p
        """.write(to: work.appendingPathComponent("loop.lua"), atomically: true, encoding: .utf8)
        for (args, signal, code) in [
            (["test", "loop_spec.lua"], SIGTERM, Int32(143)), (["test", "loop_spec.lua"], SIGINT, 130),
            (["check", "loop.lua", "--timeout", "60"], SIGTERM, 143),
            (["run", "loop.lua", "--timeout", "60"], SIGHUP, 129)
        ] {
            let r = try interrupt(args, with: signal)
            XCTAssertTrue(r.exited, "\(args) \(signal): exits instead of dying of the signal")
            XCTAssertEqual(r.status, code, "\(args) \(signal)")
        }
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: work.path).sorted(), ["loop.lua", "loop_spec.lua"], "nothing left behind")
    }
}

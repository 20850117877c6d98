import XCTest
import AnimhostCore
@testable import AnimhostOutput
import AnimhostTestSupport

/// Staging and publishing a run's outputs, in process.
final class OutputStageTests: XCTestCase {
    var base: URL!
    let fm = FileManager.default

    override func setUpWithError() throws {
        base = try temporaryFolder("stage")
    }

    func tree(_ dir: URL) -> [String: String] {
        var out: [String: String] = [:]
        for case let path as String in fm.enumerator(atPath: dir.path) ?? FileManager.DirectoryEnumerator() {
            out[path] = fm.contents(atPath: dir.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) } ?? "<folder>"
        }
        return out
    }

    /// A publish whose second move fails puts back what the first one replaced.
    func testAPublishThatFailsHalfwayIsUndone() throws {
        let out = base.appendingPathComponent("out")
        try fm.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("old timeline".utf8).write(to: out.appendingPathComponent("timeline.json"))
        try Data("old gif".utf8).write(to: out.appendingPathComponent("animation.gif"))
        try Data("animation.gif\ntimeline.json\n".utf8).write(to: out.appendingPathComponent(OutputStage.manifestName))
        let before = tree(out)
        let stage = try OutputStage(destination: out, owned: ["timeline.json", "preview.html"])
        try Data("new timeline".utf8).write(to: stage.folder.appendingPathComponent("timeline.json"))
        XCTAssertThrowsError(try stage.publish(["timeline.json", "preview.html"]))  // preview.html was never written
        XCTAssertEqual(tree(out), before)
        stage.discard()
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: base.path), ["out"], "the staging folder is gone")
    }

    /// An output folder that is a link (a cloned folder's `out/NAME` leading elsewhere) is refused
    /// before any work, naming it: nothing is written, or replaced, where the link leads.
    func testAnOutputFolderThatIsALinkIsRefusedAndWhatItLeadsToIsUntouched() throws {
        let elsewhere = base.appendingPathComponent("elsewhere"), out = base.appendingPathComponent("out")
        try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: elsewhere.appendingPathComponent("timeline.json"))
        try fm.createSymbolicLink(at: out, withDestinationURL: elsewhere)
        XCTAssertThrowsError(try OutputStage(destination: out, owned: ["timeline.json"])) {
            XCTAssertTrue("\($0)".contains(out.path) && "\($0)".contains("link"), "\($0)")
        }
        XCTAssertEqual(tree(elsewhere), ["timeline.json": "mine"])
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: base.path).sorted(), ["elsewhere", "out"])
    }

    /// Discarding removes the staging folder and the folders made for it, not the ones that were there.
    func testDiscardingRemovesOnlyWhatTheRunCreated() throws {
        let stage = try OutputStage(destination: base.appendingPathComponent("a/b/out"), owned: ["timeline.json"])
        XCTAssertTrue(fm.fileExists(atPath: stage.folder.path))
        try Data("x".utf8).write(to: stage.folder.appendingPathComponent("timeline.json"))
        stage.discard()
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: base.path), [])
    }

    /// A staging folder left by a run that was killed outright is removed by the next run into the
    /// same folder; one of a live process, another folder's, a look-alike name and a link's target stay.
    func testAStagingFolderOfAKilledRunIsRemovedByTheNext() throws {
        let dead = try deadProcessID()
        let outside = base.appendingPathComponent("elsewhere")
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        let abandoned = base.appendingPathComponent(".out.animhost-\(dead)")
        try fm.createDirectory(at: abandoned, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: abandoned.appendingPathComponent("animation.gif"))
        let kept = [".out.animhost-\(getppid())", ".other.animhost-\(dead)", ".out.animhost-+\(dead)"]
        for name in kept { try fm.createDirectory(at: base.appendingPathComponent(name), withIntermediateDirectories: true) }
        let link = base.appendingPathComponent(".out.animhost-\(try deadProcessID())")
        try fm.createSymbolicLink(at: link, withDestinationURL: outside)

        let stage = try OutputStage(destination: base.appendingPathComponent("out"), owned: ["timeline.json"])
        defer { stage.discard() }
        let left = Set(try fm.contentsOfDirectory(atPath: base.path))
        XCTAssertFalse(left.contains(abandoned.lastPathComponent), "the killed run's folder is gone")
        XCTAssertFalse(left.contains(link.lastPathComponent), "a link in its place is removed")
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8), "keep", "never followed")
        XCTAssertTrue(Set(kept).isSubset(of: left), "left: \(left.sorted())")
    }

    /// The staging folder's name cannot be guessed: a link planted under the name a run of this
    /// process would once have used (`.out.animhost-PID`) is never written through, and two stages of
    /// one output folder never share a folder.
    func testAStagingFolderHasANameNoOneCanPlantALinkAt() throws {
        let victim = base.appendingPathComponent("victim")
        try fm.createDirectory(at: victim, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: base.appendingPathComponent(".out.animhost-\(getpid())"), withDestinationURL: victim)
        let stage = try OutputStage(destination: base.appendingPathComponent("out"), owned: ["timeline.json"])
        let other = try OutputStage(destination: base.appendingPathComponent("out"), owned: ["timeline.json"])
        defer { stage.discard(); other.discard() }
        XCTAssertNotEqual(stage.folder, other.folder)
        try Data("mine".utf8).write(to: stage.folder.appendingPathComponent("timeline.json"))
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: victim.path), [], "nothing written through the link")
        var info = stat()
        XCTAssertEqual(lstat(stage.folder.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFDIR)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
    }

    /// A killed run's staging folder under the current naming is removed; another user's folder of that name is not.
    func testAKilledRunsStagingFolderOfTheCurrentNamingIsRemoved() throws {
        let dead = try deadProcessID()
        let abandoned = base.appendingPathComponent(".out.animhost-\(dead)-Ab12Cd")
        try fm.createDirectory(at: abandoned.appendingPathComponent("frames"), withIntermediateDirectories: true)
        let foreign = base.appendingPathComponent(".out.animhost-\(dead)-Zz99Yy")
        try fm.createDirectory(at: foreign, withIntermediateDirectories: true)
        XCTAssertEqual(chown(foreign.path, 4242, 4242), getuid() == 0 ? 0 : -1)
        let stage = try OutputStage(destination: base.appendingPathComponent("out"), owned: ["timeline.json"])
        defer { stage.discard() }
        let left = Set(try fm.contentsOfDirectory(atPath: base.path))
        XCTAssertFalse(left.contains(abandoned.lastPathComponent))
        if getuid() == 0 { XCTAssertTrue(left.contains(foreign.lastPathComponent), "another user's folder stays") }
    }

    /// The ID of a process that has ended (and been reaped), so that no process has it.
    func deadProcessID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    /// File-system errors are said in words, with the path and what to do: never a Foundation domain.
    func testWriteErrorsArePlainWords() {
        let folder = URL(fileURLWithPath: "/x/out")
        let cases: [(Error, String)] = [
            (CocoaError(.fileWriteOutOfSpace), "no space left on device (the disk is full)"),
            (NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC)), "no space left on device (the disk is full)"),
            (POSIXError(.ENOSPC), "no space left on device (the disk is full)"),
            (CocoaError(.fileWriteVolumeReadOnly), "read-only"),
            (
                NSError(
                    domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                    userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))]), "read-only"
            ),
            (CocoaError(.fileWriteNoPermission), "permission denied"),
            (NSError(domain: NSPOSIXErrorDomain, code: Int(EIO)), String(cString: strerror(EIO)))
        ]
        for (error, words) in cases {
            let text = OutputError.writing(folder, error).description
            XCTAssertTrue(text.contains("/x/out") && text.contains(words) && text.contains("--out"), text)
            XCTAssertFalse(text.contains("Domain"), text)
        }
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostOutput

/// Staging and publishing a run's outputs, in process.
final class OutputStageTests: XCTestCase {
    var base: URL!
    let fm = FileManager.default

    override func setUpWithError() throws {
        base = fm.temporaryDirectory.appendingPathComponent("animhost-stage-\(UUID().uuidString)")
        try fm.createDirectory(at: base, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? fm.removeItem(at: base) }

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

    /// Discarding removes the staging folder and the folders made for it, not the ones that were there.
    func testDiscardingRemovesOnlyWhatTheRunCreated() throws {
        let stage = try OutputStage(destination: base.appendingPathComponent("a/b/out"), owned: ["timeline.json"])
        XCTAssertTrue(fm.fileExists(atPath: stage.folder.path))
        try Data("x".utf8).write(to: stage.folder.appendingPathComponent("timeline.json"))
        stage.discard()
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: base.path), [])
    }

    /// File-system errors are said in words, with the path and what to do: never a Foundation domain.
    func testWriteErrorsArePlainWords() {
        let folder = URL(fileURLWithPath: "/x/out")
        let cases: [(Error, String)] = [
            (CocoaError(.fileWriteOutOfSpace), "the disk is full"),
            (NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC)), "the disk is full"),
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

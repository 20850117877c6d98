import XCTest
import Foundation
@testable import AnimhostCore
import AnimhostTestSupport

/// Paths from untrusted files stay inside their folder, links included; JSON objects name each key once.
final class ContainedPathTests: XCTestCase {
    func testPathsAreResolvedBeforeTheyAreChecked() throws {
        let fm = FileManager.default
        let base = try temporaryFolder("contained")
        let root = base.appendingPathComponent("root"), outside = base.appendingPathComponent("outside")
        try fm.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data().write(to: outside.appendingPathComponent("x.png"))
        try Data().write(to: root.appendingPathComponent("sub/in.png"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("out.png").path, withDestinationPath: "../outside/x.png")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("door").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("alias.png").path, withDestinationPath: "sub/in.png")

        XCTAssertNil(ContainedPath.resolve("out.png", in: root), "a file link leading out")
        XCTAssertNil(ContainedPath.resolve("door/x.png", in: root), "a folder link leading out")
        XCTAssertNil(ContainedPath.resolve("door/missing.png", in: root), "a missing file behind a folder link leading out")
        XCTAssertNil(ContainedPath.resolve("../outside/x.png", in: root))
        XCTAssertNil(ContainedPath.resolve("/etc/passwd", in: root))
        let real = URL(fileURLWithPath: ContainedPath.resolved(root.path))
        XCTAssertEqual(ContainedPath.resolve("alias.png", in: root)?.path, real.appendingPathComponent("sub/in.png").path)
        XCTAssertEqual(ContainedPath.resolve("sub/in.png", in: root)?.path, real.appendingPathComponent("sub/in.png").path)
        XCTAssertEqual(ContainedPath.resolve("sub/new.png", in: root)?.path, real.appendingPathComponent("sub/new.png").path)
        // A root that is itself reached through a link is still its own root.
        XCTAssertNotNil(ContainedPath.resolve("x.png", in: root.appendingPathComponent("door")))
    }

    func testPlainRelativePaths() {
        for path in ["a.png", "a/b.png", "a..b.png", ".hidden.png"] { XCTAssertTrue(ContainedPath.isPlainRelative(path), path) }
        for path in ["", "/a.png", "~/a.png", "..", "a/../b.png", "../a.png", "a/..", "a\0b"] { XCTAssertFalse(ContainedPath.isPlainRelative(path), path) }
    }

    func testAKeyGivenTwiceInOneObjectIsNamedWithItsLine() throws {
        let scene = Data("{\n  \"name\": \"s\", \"size\": [10, 10],\n  \"nodes\": [{\"id\": \"a\", \"frame\": [0, 0, 1, 1],\n    \"alpha\": 1, \"alpha\": 0}]\n}".utf8)
        XCTAssertThrowsError(try SceneLoader.parse(scene, file: "s.json")) { error in
            XCTAssertTrue("\(error)".contains("s.json") && "\(error)".contains("'alpha'") && "\(error)".contains("line 4"), "\(error)")
        }
        let escaped = Data(#"{"samples": [], "sam\u0070les": []}"#.utf8)
        XCTAssertThrowsError(try GestureTrace.parse(escaped, file: "g.json")) { error in
            XCTAssertTrue("\(error)".contains("g.json") && "\(error)".contains("'samples'"), "\(error)")
        }
        // The same key in different objects, and a key's name as a value, are fine.
        XCTAssertNil(JSONDuplicateKeys.first(in: Data(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "c": "a", "d": ["c", "c"]}"#.utf8)))
        XCTAssertEqual(JSONDuplicateKeys.first(in: Data(#"{"a": "x\"", "b": 1, "a": 2}"#.utf8))?.key, "a")
    }
}

import Foundation
import XCTest

@testable import AnimhostCore

/// Removing a private folder while threads still write into it by path, as render workers do when an
/// interrupt ends a run: nothing of it is left, under its name or any other.
final class PrivateFolderTests: XCTestCase {
    func testAFolderBeingWrittenIntoIsRemovedWhole() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("private-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        for round in 0..<3 {
            let folder = try PrivateFolder.make(in: parent, prefix: ".out.animhost-\(round)-")
            let frames = folder.appendingPathComponent("frames").path
            XCTAssertEqual(mkdir(frames, 0o700), 0)
            let stop = ManagedAtomicFlag()
            let writers = (0..<8).map { w in
                Thread {
                    var n = 0
                    while !stop.isSet {  // a writer that knows only the path, as fopen does
                        if let f = fopen("\(frames)/\(w)-\(n).png", "w") { fputs("x", f); fclose(f) }
                        n += 1
                    }
                }
            }
            writers.forEach { $0.start() }
            while ((try? FileManager.default.contentsOfDirectory(atPath: frames).count) ?? 0) < 1000 { usleep(100) }
            PrivateFolder.remove(folder)
            stop.set()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), [], "round \(round)")
        }
    }
}

/// A flag one thread sets and others poll.
private final class ManagedAtomicFlag: @unchecked Sendable {  // `value` is read and written under `lock`
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

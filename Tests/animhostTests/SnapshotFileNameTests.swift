import XCTest
import Foundation
@testable import AnimhostHarness
import AnimhostTestSupport

/// Snapshot file names, one to one with test names.
final class SnapshotFileNameTests: XCTestCase {
    func testDifferentNamesGiveDifferentFilesAndTheBuiltInsKeepTheirs() {
        let names = ["push fast", "push/fast", "push_fast", "push%5Ffast", "push.fast", "push fast.diff", "pushé fast", "push\u{0}fast", "push-fast"]
        let files = names.map { SnapshotFiles.fileName(for: $0) }
        XCTAssertEqual(Set(files).count, names.count, "\(files)")
        XCTAssertNotEqual(SnapshotFiles.fileName(for: "a.diff", extension: "png"), SnapshotFiles.fileName(for: "a", extension: "diff.png"))
        for name in ["zoom push matches its recorded trace", "card-lift looks as recorded halfway through"] {
            XCTAssertEqual(SnapshotFiles.fileName(for: name), name.replacingOccurrences(of: " ", with: "_") + ".snap", "the shipped snapshot files keep their names")
        }
        let file = SnapshotFiles.fileName(for: "push/fast")
        XCTAssertFalse(file.contains("/"))
        XCTAssertEqual(SnapshotFiles.fileName(for: "élan 3"), "élan_3.snap")
    }

    /// Names Lua tells apart but Unicode calls equivalent (composed and decomposed Hangul or accents)
    /// give files that differ as strings, so a spec holding both can pass, and as bytes, so that no
    /// disk that normalises names (APFS) maps them to one file.
    func testCanonicallyEquivalentNamesGiveDifferentFiles() {
        for composed in ["한", "café", "Å"] {
            let decomposed = composed.decomposedStringWithCanonicalMapping
            XCTAssertNotEqual(Array(composed.utf8), Array(decomposed.utf8))
            let a = SnapshotFiles.fileName(for: composed), b = SnapshotFiles.fileName(for: decomposed)
            XCTAssertNotEqual(a, b)
            XCTAssertNotEqual(a.precomposedStringWithCanonicalMapping, b.precomposedStringWithCanonicalMapping)
            XCTAssertEqual(a, composed + ".snap", "a composed name keeps its letters")
        }
    }
}

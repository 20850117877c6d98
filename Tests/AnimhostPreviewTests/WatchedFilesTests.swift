import XCTest
import AnimhostPreview
import AnimhostTestSupport

/// When a watched file counts as changed: a save after its stamp was taken, or a save during the run
/// that read it (dated between the run's start and the stamp), which the run may have missed.
final class WatchedFilesTests: XCTestCase {
    var dir: URL!
    let fm = FileManager.default

    override func setUpWithError() throws {
        dir = try temporaryFolder("watched")
    }

    /// A file holding `text`, dated `modified`.
    func file(_ name: String, _ text: String = "x", modified: Date) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        try fm.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        return url
    }

    func testAFileSavedDuringTheRunCountsAsChanged() throws {
        let start = Date(timeIntervalSinceNow: -60)
        let before = try file("before.lua", modified: start.addingTimeInterval(-10))
        let during = try file("during.json", modified: start.addingTimeInterval(30))
        XCTAssertFalse(WatchedFiles([before], readSince: start).changed, "saved before the run began")
        XCTAssertTrue(WatchedFiles([before, during], readSince: start).changed, "saved while the run went on")
        XCTAssertFalse(WatchedFiles([before, during]).changed, "without the run's start only later saves count")
    }

    func testAFileDatedInTheFutureDoesNotRerunForever() throws {
        let start = Date(timeIntervalSinceNow: -1)
        let future = try file("skewed.json", modified: Date(timeIntervalSinceNow: 3600))
        XCTAssertFalse(WatchedFiles([future], readSince: start).changed)
    }

    func testASaveAfterTheStampIsAChangeAndAMissingFileIsWatchedForItsCreation() throws {
        let start = Date(timeIntervalSinceNow: -60)
        let url = try file("scene.json", "{}", modified: start.addingTimeInterval(-10))
        let missing = dir.appendingPathComponent("later.lua")
        let watched = WatchedFiles([url, missing], readSince: start)
        XCTAssertFalse(watched.changed)
        try "{ }".write(to: url, atomically: false, encoding: .utf8)
        XCTAssertTrue(watched.changed, "a new size")
        let again = WatchedFiles([url, missing])
        XCTAssertFalse(again.changed)
        try "return 1".write(to: missing, atomically: false, encoding: .utf8)
        XCTAssertTrue(again.changed, "the missing file was created")
    }

    /// A plugin reached through a link: a save of the file it leads to is a change, even one that keeps
    /// the size, and so is pointing the link elsewhere.
    func testASaveThroughALinkIsAChange() throws {
        let past = Date(timeIntervalSinceNow: -100)
        let target = try file("real.lua", "aaaa", modified: past)
        let link = dir.appendingPathComponent("link.lua")
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let watched = WatchedFiles([link])
        XCTAssertFalse(watched.changed)
        try "bbbb".write(to: target, atomically: false, encoding: .utf8)
        XCTAssertTrue(watched.changed, "the file behind the link was saved")
        let other = try file("other.lua", "bbbb", modified: past)
        let relinked = WatchedFiles([link])
        try fm.removeItem(at: link)
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: other.path)
        XCTAssertTrue(relinked.changed, "the link now leads to another file")
    }
}

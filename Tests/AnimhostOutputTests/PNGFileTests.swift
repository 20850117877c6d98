import XCTest
import AnimhostRender
@testable import AnimhostOutput
import AnimhostTestSupport

/// PNG files are written only as new files, never through a link planted where they go.
final class PNGFileTests: XCTestCase {
    let fm = FileManager.default

    /// Links planted at the temporary names a write might use (as a cloned spec folder could ship
    /// them) and at the final name: the file is written, and what the links lead to is untouched.
    func testAWriteNeverFollowsAPlantedLink() throws {
        let base = try temporaryFolder("png")
        let folder = base.appendingPathComponent("snaps"), victim = base.appendingPathComponent("victim")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: victim)
        let pid = ProcessInfo.processInfo.processIdentifier
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent(".a.png.\(pid).partial").path, withDestinationPath: victim.path)
        let bitmap = Bitmap(width: 2, height: 2, bytes: [UInt8](repeating: 200, count: 16))
        try bitmap.withPixelBuffer { try PNGFile.write($0, to: folder.appendingPathComponent("a.png")) }
        XCTAssertEqual(try Data(contentsOf: victim), Data("keep".utf8))
        XCTAssertEqual(try Bitmap.read(folder.appendingPathComponent("a.png")).width, 2)

        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("b.png").path, withDestinationPath: victim.path)
        XCTAssertThrowsError(try bitmap.withPixelBuffer { try PNGFile.write($0, path: folder.appendingPathComponent("b.png").path) })
        XCTAssertEqual(try Data(contentsOf: victim), Data("keep".utf8))
    }
}

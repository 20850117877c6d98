import XCTest
@testable import AnimhostCore
import AnimhostTestSupport

/// Input files: only regular files are read, at once, and a file confined to a folder is checked as
/// it is opened, so that a link swapped in meanwhile cannot lead out.
final class InputFileTests: XCTestCase {
    var root: URL!
    let fm = FileManager.default

    override func setUpWithError() throws {
        root = try temporaryFolder("input")
        try fm.createDirectory(at: root.appendingPathComponent("inside"), withIntermediateDirectories: true)
        try fm.createDirectory(at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
    }

    func testSpecialFilesAreRefusedAtOnceNamingWhatTheyAre() throws {
        let fifo = root.appendingPathComponent("inside/pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let socketPath = root.appendingPathComponent("inside/sock").path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: socketPath.utf8.prefix($0.count - 1)) }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        XCTAssertEqual(bound, 0)
        for (path, kind) in [(fifo.path, "a FIFO"), ("/dev/zero", "a device"), (root.path, "a folder"), (socketPath, "a socket")] {
            XCTAssertThrowsError(try InputFile.read(path)) {
                XCTAssertTrue("\($0)".contains(path) && "\($0)".contains(kind), "\($0)")
            }
        }
        try Data("12345".utf8).write(to: root.appendingPathComponent("inside/five"))
        XCTAssertEqual(try InputFile.read(root.appendingPathComponent("inside/five").path, limit: 3, prefix: true), Data("123".utf8))
        XCTAssertThrowsError(try InputFile.read(root.appendingPathComponent("inside/five").path, limit: 4))
    }

    /// A folder inside flips, as fast as it can, between a real folder and a link to one outside
    /// holding a file of the same name: a confined read never returns the outside file's bytes.
    func testAFolderSwappedForALinkWhileReadingNeverLeadsOut() throws {
        let inside = root.appendingPathComponent("inside")
        let real = root.appendingPathComponent("real"), outside = root.appendingPathComponent("outside")
        try fm.createDirectory(at: real, withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: real.appendingPathComponent("f"))
        try Data("OUTSIDE".utf8).write(to: outside.appendingPathComponent("f"))
        let flip = inside.appendingPathComponent("d")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("toOut").path, withDestinationPath: outside.path)
        try fm.moveItem(at: real, to: flip)
        let stop = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let parked = root.appendingPathComponent("parked").path, link = root.appendingPathComponent("toOut").path
        let flipper = Thread {
            while stop.wait(timeout: .now()) == .timedOut {
                rename(flip.path, parked); rename(link, flip.path)  // d is now a link out
                rename(flip.path, link); rename(parked, flip.path)  // d is the real folder again
            }
            done.signal()
        }
        flipper.start()
        let base = ContainedPath.resolved(inside.path)
        var read = 0
        for _ in 0..<3000 {
            guard let url = ContainedPath.resolve("d/f", in: inside), let data = try? InputFile.read(url.path, within: base) else { continue }
            XCTAssertEqual(String(decoding: data, as: UTF8.self), "inside")
            read += 1
        }
        stop.signal()
        done.wait()
        XCTAssertGreaterThan(read, 0, "some reads met the real folder")
    }

    /// A huge file (sparse here: it costs no disk) named as a scene is refused by its size, naming
    /// it and the bound, before a byte of it is read into memory.
    func testAHugeSceneFileIsRefusedByItsSizeBeforeItIsRead() throws {
        let scene = root.appendingPathComponent("inside/huge.json")
        XCTAssertTrue(fm.createFile(atPath: scene.path, contents: nil))
        XCTAssertEqual(truncate(scene.path, off_t(Bounds.inputFileBytes) * 4 + 1), 0)
        XCTAssertThrowsError(try SceneLoader.load(contentsOf: scene)) {
            XCTAssertTrue("\($0)".contains(scene.path) && "\($0)".contains("16 MiB"), "\($0)")
        }
    }

    /// A link to a missing file, or to itself, is named as what it is, not as a race.
    func testALinkToNoReadableFileIsNamedAsSuch() throws {
        for target in ["missing.json", "link.json"] {
            let link = root.appendingPathComponent("inside/link.json")
            try? fm.removeItem(at: link)
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: target)
            XCTAssertThrowsError(try InputFile.read(link.path)) {
                XCTAssertTrue("\($0)".contains(link.path) && "\($0)".contains("a link to \(target)"), "\($0)")
            }
        }
    }
}

import Foundation
import XCTest

/// A fresh empty folder under the system's temporary folder, named `animhost-LABEL-UUID`; the caller removes it.
public func makeTemporaryFolder(_ label: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

extension XCTestCase {
    /// A fresh empty folder, removed with everything in it when the test ends.
    public func temporaryFolder(_ label: String) throws -> URL {
        let dir = try makeTemporaryFolder(label)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}

/// One folder for the files a test bundle writes from helpers that outlive a test (loaded plugins
/// keep their folder), removed when the bundle has run.
public final class BundleFolder: NSObject, XCTestObservation {
    /// The folder, created on first use: `animhost-tests-UUID`.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-tests-\(UUID().uuidString)")
        XCTestObservationCenter.shared.addTestObserver(BundleFolder(root))
        return root
    }()

    private let url: URL
    private init(_ url: URL) { self.url = url }

    /// Removes the folder.
    public func testBundleDidFinish(_ testBundle: Bundle) { try? FileManager.default.removeItem(at: url) }
}

import Foundation

/// Folders only this process writes into: made by `mkdtemp` under a name no one can guess (mode
/// 0700, failing rather than reusing anything already there, a link included), and removed without
/// following links.
public enum PrivateFolder {
    /// Makes `parent/PREFIXxxxxxx` (six random characters) and returns it.
    public static func make(in parent: URL, prefix: String) throws -> URL {
        var template = Array(parent.appendingPathComponent(prefix + "XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return URL(fileURLWithPath: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Whether `url` is a folder of this user's and not a link (`lstat`).
    public static func isOwnFolder(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid()
    }

    /// Removes `url` and everything in it; a link is removed itself, never followed.
    ///
    /// Threads may still be writing into a folder of this process's by path (render workers, as an
    /// interrupt ends the process): unless `abandoned` (left by a process that is gone), it is first renamed onto a fresh empty folder of the same shape of name (its last six
    /// characters made anew by `mkdtemp`, so a run killed midway still leaves a name that is cleaned up
    /// as its own), where no new path can reach it, and removed there.
    public static func remove(_ url: URL, abandoned: Bool = false) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return }
        if info.st_mode & S_IFMT != S_IFDIR {
            unlink(url.path)
            return
        }
        var doomed = url
        let name = url.lastPathComponent
        if !abandoned, name.utf8.count > 6, let fresh = try? make(in: url.deletingLastPathComponent(), prefix: String(name.dropLast(6))) {
            if rename(url.path, fresh.path) == 0 { doomed = fresh } else { rmdir(fresh.path) }
        }
        for _ in 0..<3 {  // a writer whose file was being created as the rename came may add one more entry
            try? FileManager.default.removeItem(at: doomed)
            if lstat(doomed.path, &info) != 0 { return }
        }
    }
}

/// A private folder about to be made, for a cleanup registered before it exists: an interrupt that
/// comes as the folder is made still removes it.
public final class PrivateFolderSlot: @unchecked Sendable {  // `url` is read and written under `lock`
    private let lock = NSLock()
    private var url: URL?

    public init() {}

    /// Makes the folder (``PrivateFolder/make(in:prefix:)``) and holds it.
    public func make(in parent: URL, prefix: String) throws -> URL {
        try lock.withLock {
            let made = try PrivateFolder.make(in: parent, prefix: prefix)
            url = made
            return made
        }
    }

    /// Removes the folder, if it was made.
    public func remove() { lock.withLock { url.map { PrivateFolder.remove($0) } } }
}

import Foundation

/// A file written under a temporary name and renamed into place only when complete,
/// so a failed run never leaves a half-written output.
public final class OutputFile {
    /// Where the file ends up once committed.
    public let url: URL
    private let temporary: URL
    private let handle: FileHandle
    private var closed = false

    /// Opens `url`'s temporary sibling for writing, creating folders as needed.
    public init(_ url: URL) throws {
        self.url = url
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        temporary = OutputFile.temporary(for: url)
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw OutputError("cannot write \(url.path)")
        }
        handle = try FileHandle(forWritingTo: temporary)
    }

    deinit { if !closed { discard() } }

    /// Where an output at `url` is written until it is complete: a hidden sibling named for this process.
    public static func temporary(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
    }

    /// Appends `data` to the temporary file.
    public func write(_ data: Data) throws { try handle.write(contentsOf: data) }

    /// Appends `bytes` to the temporary file, without copying them.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        try handle.write(contentsOf: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none))
    }

    /// Renames the finished file into place.
    public func commit() throws {
        try handle.close()
        closed = true
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: temporary, to: url)
    }

    /// Deletes the temporary file.
    public func discard() {
        try? handle.close()
        closed = true
        try? FileManager.default.removeItem(at: temporary)
    }
}

/// An output that could not be written.
public struct OutputError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }

    /// `error`, met writing into `folder`, in plain words: what happened to which path, and what to
    /// do, naming the `option` that chose the folder (`--out`; `animhost new`'s `--dir`).
    public static func writing(_ folder: URL, _ error: Error, option: String = "--out") -> OutputError {
        if let e = error as? OutputError { return e }
        let ns = error as NSError
        let path = folder.path
        if let posix = error as? POSIXError {
            return writing(folder, NSError(domain: NSPOSIXErrorDomain, code: Int(posix.code.rawValue)), option: option)
        }
        let posix =
            (ns.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
            ?? (ns.domain == NSPOSIXErrorDomain ? Int32(ns.code) : nil)
        switch (posix, (error as? CocoaError)?.code) {
        case (ENOSPC?, _), (_, .fileWriteOutOfSpace?), (EDQUOT?, _):
            return OutputError("cannot write \(path): no space left on device (the disk is full); free some space or give \(option) a folder on another disk")
        case (EROFS?, _), (_, .fileWriteVolumeReadOnly?):
            return OutputError("cannot write \(path): the disk is read-only; give \(option) a folder on a writable disk")
        case (EACCES?, _), (EPERM?, _), (_, .fileWriteNoPermission?):
            return OutputError("cannot write \(path): permission denied; give \(option) a folder you can write to")
        case (ENOENT?, _), (_, .fileNoSuchFile?), (_, .fileReadNoSuchFile?):
            return OutputError("cannot write \(path): folders cannot be made there; give \(option) a folder on a disk you can write to")
        case (ENOTDIR?, _), (EEXIST?, _), (_, .fileWriteFileExists?):
            return OutputError("cannot write \(path): a file is in the way of a folder; give \(option) a folder path")
        default:
            let reason = posix.map { String(cString: strerror($0)) } ?? "it could not be written"
            return OutputError("cannot write \(path): \(reason); give \(option) a folder you can write to")
        }
    }
}

/// The folder a run writes into, and which of it and its ancestors the run is about to create: a
/// run that fails removes those again once they are empty, so it leaves no folders behind.
public struct OutputFolder {
    /// The folder itself.
    public let url: URL
    /// The folder and its ancestors that did not exist yet, deepest first.
    private let created: [URL]

    /// Notes which of `url` and its ancestors do not exist yet (call before writing anything).
    public init(_ url: URL) {
        self.url = url
        var missing: [URL] = [], dir = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: dir.path) && dir.path != "/" {
            missing.append(dir)
            dir = dir.deletingLastPathComponent()
        }
        created = missing
    }

    /// Removes the folders the run created, deepest first, as long as they are empty.
    public func removeCreatedIfEmpty() {
        for dir in created where ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? ["?"]).isEmpty {
            try? FileManager.default.removeItem(at: dir)
        }
    }
}

import Foundation
import AnimhostCore

/// Where a run's outputs are written until every one of them is complete: a hidden folder beside the
/// output folder (`out/.zoom.animhost-PID-XXXXXX`, made by `mkdtemp`: a name no one can guess, mode
/// 0700, never an existing folder or link), published into it only by ``publish(_:)``.
///
/// Publishing replaces the files the run wrote, and removes the ones an earlier run wrote for formats
/// this run does not (named in the folder's `.animhost-outputs`), so the folder shows the latest run;
/// nothing else in it is touched. Until published, an interrupt or a failure removes the staging
/// folder and the folders created for it, and leaves the output folder exactly as it was.
public final class OutputStage {
    /// The output folder.
    public let destination: URL
    /// The staging folder the run's outputs are written into.
    public let folder: URL
    /// The file in the output folder naming what the last run published.
    public static let manifestName = ".animhost-outputs"
    private let created: OutputFolder
    private var token: Int?
    private var cleanups: [() -> Void] = []
    private let lock = NSLock()

    /// Creates the staging folder for `destination`, checking first that the outputs in `owned` can replace what is there.
    public init(destination: URL, owned: [String]) throws {
        let destination = destination.standardizedFileURL
        self.destination = destination
        let parent = destination.deletingLastPathComponent()
        try OutputStage.checkReplaceable(destination, owned: owned)
        OutputStage.removeAbandoned(beside: destination)
        let created = OutputFolder(parent)
        self.created = created
        ProcessExit.catchInterrupts()
        let slot = PrivateFolderSlot()  // registered before it is made: an interrupt meanwhile removes it too
        let token = ProcessExit.register {
            slot.remove()
            created.removeCreatedIfEmpty()
        }
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            folder = try slot.make(in: parent, prefix: OutputStage.stagingPrefix(destination) + "\(getpid())-")
        } catch {
            ProcessExit.unregister(token)
            created.removeCreatedIfEmpty()
            throw OutputError.writing(destination, error)
        }
        self.token = token
    }

    /// The start of the staging folders' names for `destination`: `.NAME.animhost-`, then the PID and six random characters.
    static func stagingPrefix(_ destination: URL) -> String { ".\(destination.lastPathComponent).animhost-" }

    deinit { discard() }

    /// Runs `cleanup` (stopping an encoder's child process, say) before the staging folder is removed on an abrupt end.
    public func onAbort(_ cleanup: @escaping () -> Void) {
        let token = ProcessExit.register(cleanup)
        lock.withLock { cleanups.append { ProcessExit.unregister(token) } }
    }

    /// Moves `names` from the staging folder into the output folder, replacing what is there and
    /// removing the outputs the previous run wrote for other formats; then removes the staging folder.
    /// If any move fails, the output folder is put back as it was.
    public func publish(_ names: [String]) throws {
        let fm = FileManager.default
        try OutputStage.checkReplaceable(destination, owned: names)
        let stale = Set(OutputStage.manifest(in: destination)).union(names).sorted().filter { name in
            fm.fileExists(atPath: destination.appendingPathComponent(name).path)
                && (names.contains(name) || (try? OutputStage.checkReplaceable(destination, owned: [name])) != nil)
        }
        do { try Data((names.sorted().map { $0 + "\n" }.joined()).utf8).write(to: folder.appendingPathComponent(OutputStage.manifestName)) } catch {
            throw OutputError.writing(destination, error)
        }
        let previous = folder.appendingPathComponent(".previous")
        var movedOut: [String] = [], movedIn: [String] = []
        do {
            try fm.createDirectory(at: destination, withIntermediateDirectories: true)
            try fm.createDirectory(at: previous, withIntermediateDirectories: true)
            for name in stale + [OutputStage.manifestName] where fm.fileExists(atPath: destination.appendingPathComponent(name).path) {
                try fm.moveItem(at: destination.appendingPathComponent(name), to: previous.appendingPathComponent(name))
                movedOut.append(name)
            }
            for name in names + [OutputStage.manifestName] {
                try fm.moveItem(at: folder.appendingPathComponent(name), to: destination.appendingPathComponent(name))
                movedIn.append(name)
            }
        } catch {
            for name in movedIn { try? fm.moveItem(at: destination.appendingPathComponent(name), to: folder.appendingPathComponent(name)) }
            for name in movedOut { try? fm.moveItem(at: previous.appendingPathComponent(name), to: destination.appendingPathComponent(name)) }
            throw OutputError.writing(destination, error)
        }
        discard()
    }

    /// Removes the staging folder and the folders created for it (once empty); after this, an abrupt end has nothing to undo.
    public func discard() {
        let pending = lock.withLock { () -> (Int?, [() -> Void]) in
            defer { token = nil; cleanups = [] }
            return (token, cleanups)
        }
        pending.1.forEach { $0() }
        guard let token = pending.0 else { return }
        PrivateFolder.remove(folder)
        created.removeCreatedIfEmpty()
        ProcessExit.unregister(token)
    }

    /// The outputs the last run published in `folder`.
    static func manifest(in folder: URL) -> [String] {
        // A regular file of at most 64 KiB, or nothing: a FIFO or a device planted there never blocks the run.
        guard let data = try? InputFile.read(folder.appendingPathComponent(manifestName).path, limit: 1 << 16) else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").map(String.init).filter { OutputFormat.all.flatMap(\.files).contains($0) }
    }

    /// Refuses, before any work, an output folder that is a file or a link, or outputs that would replace what animhost did not write.
    static func checkReplaceable(_ destination: URL, owned: [String]) throws {
        let fm = FileManager.default
        if let target = try? fm.destinationOfSymbolicLink(atPath: destination.path) {  // a link planted where the outputs go
            throw OutputError("\(destination.path) is a link (to \(target)): animhost writes only into a real folder; give --out the folder it leads to, or remove the link")
        }
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw OutputError("\(destination.path) is not a folder: give --out a folder (it is created if missing)")
        }
        for name in owned { try checkSlot(destination.appendingPathComponent(name), name: name) }
    }

    /// Refuses what is at `url` (the output `name`) where animhost's output may not replace it: a link,
    /// a file where it writes a folder of its own files (`frames`, `web`), a folder or anything else
    /// where it writes a file, and in such a folder anything but its own files, each by its path.
    static func checkSlot(_ url: URL, name: String) throws {
        let folder = name == "frames" || name == "web"
        guard let kind = PathKind(url) else { return }
        let writes = folder ? "a folder of its own files" : "a file"
        switch kind {
        case .link(let target):
            throw OutputError("\(url.path) is a link (to \(target)), where animhost writes \(writes): remove the link or give another --out")
        case .folder where !folder:
            throw OutputError("\(url.path) is a folder, where animhost writes a file: move it away or give another --out")
        case .file where folder, .other where folder:
            throw OutputError("\(url.path) is \(kind == .file ? "a file" : "not a folder"), where animhost writes a folder of its own files: move it away or give another --out")
        case .other:
            throw OutputError("\(url.path) is not a regular file (a FIFO, a device or a socket), where animhost writes a file: move it away or give another --out")
        case .file, .folder: break
        }
        guard folder else { return }
        guard let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted() else {
            throw OutputError("\(url.path) cannot be read, so animhost cannot tell whether it holds only its own files: move it away or give another --out")
        }
        let foreign = names.filter { name == "web" ? $0 != "index.html" : !isFrameFile($0) }
        guard foreign.isEmpty else {
            throw OutputError("\(url.path) holds files animhost did not write (\(foreign.prefix(3).joined(separator: ", "))): move them away or give another --out")
        }
        for file in names { try checkSlot(url.appendingPathComponent(file), name: file) }
    }

    /// What a path is, as `lstat` finds it (a link is not followed).
    enum PathKind: Equatable {
        case file, folder, other
        case link(String)

        /// What is at `url`; nil when nothing is.
        init?(_ url: URL) {
            var info = stat()
            guard lstat(url.path, &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: self = .link((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?")
            case S_IFDIR: self = .folder
            case S_IFREG: self = .file
            default: self = .other
            }
        }
    }

    /// Removes the staging folders of earlier runs into `destination` whose process is gone (killed
    /// with no chance to clean up: SIGKILL, the out-of-memory killer, a power cut): `.NAME.animhost-PID-XXXXXX`
    /// (or `.NAME.animhost-PID`, as earlier versions named them). Only a folder of this user's is
    /// removed, and a link of that name (removed, never followed); another name, another user's
    /// folder or a process still running is left alone.
    static func removeAbandoned(beside destination: URL) {
        let parent = destination.deletingLastPathComponent()
        let prefix = stagingPrefix(destination)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            let digits = parts[0]
            guard parts.count == 1 || (parts[1].count == 6 && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }),
                digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(digits), pid > 0, pid != getpid(), !isRunning(pid)
            else { continue }
            let url = parent.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK || PrivateFolder.isOwnFolder(url) else { continue }
            PrivateFolder.remove(url, abandoned: true)
        }
    }

    /// Whether a process with this ID exists (one run by another user counts as running).
    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// `0000.png`, `0001.png` …: what the png format writes in `frames`.
    static func isFrameFile(_ name: String) -> Bool {
        name.hasSuffix(".png") && name.count >= 8 && name.dropLast(4).allSatisfy { $0.isASCII && $0.isNumber }
    }
}

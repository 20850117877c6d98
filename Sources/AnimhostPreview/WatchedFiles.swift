import Foundation

/// The files a run read, with what each looked like then (modification time, size and inode, of the
/// file named and, when that is a link, of the file it leads to), so that a save of any of them can
/// be noticed by polling: portable, and a save is seen within one interval, through a link too.
public struct WatchedFiles: Equatable, Sendable {
    /// The files, in the order given, without repeats.
    public let urls: [URL]
    private let stamps: [Stamp?]

    private struct Stamp: Equatable, Sendable {
        /// The name itself (`lstat`): a link replaced or retargeted.
        let entry: Entry
        /// What it leads to (`stat`), every link followed: a save of the file a link names.
        let target: Entry?
        var modified: Date { max(entry.modified, target?.modified ?? entry.modified) }
    }

    private struct Entry: Equatable, Sendable {
        let modified: Date
        let size: Int
        let inode: UInt64

        init(_ info: stat) {
            modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            size = Int(info.st_size)
            inode = UInt64(info.st_ino)
        }
    }

    /// Whether a file was saved while the run that read it went on, so that the run may have read it before the save.
    private let savedDuringTheRun: Bool

    /// Records how `urls` look now (a missing file is recorded as missing: its creation is a change).
    /// With `readSince`, when the run that read them began, a file saved since then (and not dated
    /// later than now) counts as changed already: the run may have read it before that save.
    public init(_ urls: [URL], readSince start: Date? = nil) {
        var seen = Set<String>(), unique: [URL] = []
        for url in urls where seen.insert(url.standardizedFileURL.path).inserted { unique.append(url.standardizedFileURL) }
        self.urls = unique
        let stamps = unique.map(WatchedFiles.stamp)
        self.stamps = stamps
        let now = Date()
        savedDuringTheRun = start.map { start in stamps.contains { ($0?.modified).map { $0 >= start && $0 <= now } ?? false } } ?? false
    }

    /// Whether any file differs from what was recorded, or was saved during the run that read it.
    public var changed: Bool { savedDuringTheRun || zip(urls, stamps).contains { WatchedFiles.stamp($0) != $1 } }

    /// Blocks until a file changes, polling every `interval` seconds.
    public func waitForChange(interval: Double = 0.1) {
        while !changed { Thread.sleep(forTimeInterval: interval) }
    }

    private static func stamp(_ url: URL) -> Stamp? {
        var own = stat(), target = stat()
        guard lstat(url.path, &own) == 0 else { return nil }
        return Stamp(entry: Entry(own), target: stat(url.path, &target) == 0 ? Entry(target) : nil)
    }
}

import Foundation

/// The files a run read, with what each looked like then (modification time and size), so that a
/// save of any of them can be noticed by polling: portable, and a save is seen within one interval.
public struct WatchedFiles: Equatable, Sendable {
    /// The files, in the order given, without repeats.
    public let urls: [URL]
    private let stamps: [Stamp?]

    private struct Stamp: Equatable, Sendable {
        let modified: Date
        let size: Int
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
        guard let a = try? FileManager.default.attributesOfItem(atPath: url.path),
            let modified = a[.modificationDate] as? Date, let size = a[.size] as? Int
        else { return nil }
        return Stamp(modified: modified, size: size)
    }
}

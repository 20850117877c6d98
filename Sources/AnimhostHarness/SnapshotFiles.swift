import Foundation
import AnimhostLua

/// Snapshots as files: `__snapshots__/SPEC/NAME.snap` beside each spec file.
public final class SnapshotFiles: SnapshotStore {
    /// `__snapshots__/SPEC` beside the spec file.
    public let folder: URL
    /// Re-record instead of comparing.
    public let update: Bool
    /// The snapshot files the spec used.
    public private(set) var used: Set<String> = []
    /// How many snapshots were written.
    public private(set) var written = 0

    /// The snapshots of the spec file at `spec`.
    public init(spec: URL, update: Bool) {
        let base = spec.deletingPathExtension().lastPathComponent
        folder = spec.deletingLastPathComponent().appendingPathComponent("__snapshots__").appendingPathComponent(base)
        self.update = update
    }

    /// Compares with `NAME.snap`, or writes it when missing or re-recording.
    public func check(name: String, text: String) throws -> SnapshotVerdict {
        let file = SnapshotFiles.fileName(for: name)
        used.insert(file)
        let url = folder.appendingPathComponent(file)
        if !update, let recorded = try? String(contentsOf: url, encoding: .utf8) {
            return recorded == text ? .matched : .differs(recorded: recorded)
        }
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return .matched }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        written += 1
        return .recorded
    }

    /// Snapshot files in the folder that no test used.
    public var orphans: [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".snap") && !used.contains($0) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A file name from a test name: letters, digits, '-' and '_' kept, the rest as '_'.
    static func fileName(for name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }) + ".snap"
    }
}

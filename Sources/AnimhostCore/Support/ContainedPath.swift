import Foundation

/// Paths named by untrusted input (scene files, plugins), kept inside the folder they are relative to.
/// A path is checked twice: as written (relative, no `..`), and once every symbolic link in it is
/// resolved, so that a link inside the folder cannot lead out of it.
public enum ContainedPath {
    /// Whether `path` is written as a path inside its folder: relative, not empty, no `~`, no `..`.
    public static func isPlainRelative(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.isEmpty && !path.hasPrefix("/") && !path.hasPrefix("~") && !parts.contains("..") && !path.contains("\0")
    }

    /// `path` under `root` with every symbolic link resolved, or nil when it is not plain relative or
    /// leads outside `root`. Components that do not exist yet are kept as written; a link to nothing
    /// is refused, as writing through it would create its target wherever it points.
    public static func resolve(_ path: String, in root: URL) -> URL? {
        guard isPlainRelative(path) else { return nil }
        let base = resolved(root.standardizedFileURL.path)
        let full = resolved(root.appendingPathComponent(path).standardizedFileURL.path)
        guard full == base || full.hasPrefix(base == "/" ? "/" : base + "/") else { return nil }
        var info = stat()
        if lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK { return nil }
        return URL(fileURLWithPath: full)
    }

    /// `path` with symbolic links resolved as far as it exists.
    public static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent().path
        guard parent != path, !parent.isEmpty else { return path }
        return (resolved(parent) as NSString).appendingPathComponent(url.lastPathComponent)
    }
}

import Foundation

/// Reads the files the host takes as input (scenes, images, delegate scripts, modules, gesture
/// traces, specs, plugins), so that none can block or surprise it: the path is resolved (every link
/// followed), the file opened without blocking and without following a link swapped in since, and
/// only a regular file is read. A FIFO, a device, a socket or a folder is refused with its name,
/// before a byte is read; a file opened outside `within` (a link or a folder renamed meanwhile) too.
public enum InputFile {
    /// The bytes of the file at `path`, at most `limit` of them (``Bounds/inputFileBytes`` unless
    /// given; `prefix`: the first `limit`, else more is an error). `within`, when given, is the real path of the folder the file must lie in;
    /// `withinAny`, the real paths of folders it must lie in one of.
    public static func read(_ path: String, limit: Int = Bounds.inputFileBytes, prefix: Bool = false, within root: String? = nil, withinAny roots: [String]? = nil) throws -> Data {
        let real = ContainedPath.resolved(path)
        let fd = open(real, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno  // a socket cannot be opened at all (ENXIO): say what it is rather than the system's words
            if let kind = irregularKind(real) { throw InputFileError(path: path, reason: "it is \(kind), not a regular file") }
            throw InputFileError(path: path, reason: code == ELOOP ? loopReason(real) : String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw InputFileError(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw InputFileError(path: path, reason: "it is \(kind(info.st_mode)), not a regular file") }
        if let allowed = roots ?? root.map({ [$0] }) {
            let now = opened(fd) ?? real
            guard allowed.contains(where: { isInside(now, $0) }) else {
                throw InputFileError(path: path, reason: "it lies outside \(allowed.joined(separator: ", ")) (links included)")
            }
        }
        if !prefix, Int(info.st_size) > limit {
            throw InputFileError(path: path, reason: "its \(info.st_size) bytes are more than the \(bytes(limit)) it may hold")
        }
        return try readAll(fd, path: path, limit: limit, prefix: prefix)
    }

    /// Whether `path` is `root` or lies inside it (both real paths).
    public static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Why `real` met a link where a file was expected: a link that leads to nothing readable (to a
    /// missing file, or to a pipe through `/dev/stdin`), or one swapped in while it was opened.
    private static func loopReason(_ real: String) -> String {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: real) else { return "it was replaced by a link while being opened" }
        return "it is a link to \(target), which leads to no file that can be read"
    }

    /// The path the open file `fd` has now, as the kernel knows it.
    private static func opened(_ fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, Int(PATH_MAX))
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func readAll(_ fd: Int32, path: String, limit: Int, prefix: Bool) throws -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < limit {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, min($0.count, limit - data.count)) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw InputFileError(path: path, reason: String(cString: strerror(errno))) }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
        if !prefix {
            var extra: UInt8 = 0
            if Foundation.read(fd, &extra, 1) == 1 { throw InputFileError(path: path, reason: "it grew past the \(bytes(limit)) it may hold while being read") }
        }
        return data
    }

    /// `count` bytes in words: "16 MiB" when a whole number of MiB.
    private static func bytes(_ count: Int) -> String { count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes" }

    /// What the file at `path` is when it is not a regular file ("a FIFO (a named pipe)", "a folder"), else nil.
    public static func irregularKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { return nil }
        return kind(info.st_mode)
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO (a named pipe)"
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}

/// An input file that cannot be read, naming it and why.
public struct InputFileError: Error, CustomStringConvertible {
    /// The file, as it was named.
    public let path: String
    /// Why it cannot be read, in plain words.
    public let reason: String
    public var description: String { "cannot read \(path): \(reason)" }
}

import Foundation
import AnimhostOutput

/// `animhost new`: a starting plugin and a passing spec for it.
public enum Scaffold {
    /// Writes `NAME.lua` and `NAME_spec.lua` into `folder`, refusing to overwrite; returns their URLs.
    public static func create(name: String, in folder: URL) throws -> [URL] {
        guard name.count <= 64, name.range(of: #"^[a-z][a-z0-9_-]*$"#, options: .regularExpression) != nil else {
            throw ScaffoldError("'\(name.prefix(80))': a plugin name is lowercase letters, digits, '-' and '_', starting with a letter, at most 64 characters")
        }
        let files = [
            (folder.appendingPathComponent(name + ".lua"), try plugin(name)),
            (folder.appendingPathComponent(name + "_spec.lua"), try spec(name))
        ]
        for (url, _) in files where FileManager.default.fileExists(atPath: url.path) {
            throw ScaffoldError("\(url.path) exists already; nothing was written")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw ScaffoldError("\(folder.path) is a file, not a folder; give --dir a folder")
        }
        let folders = OutputFolder(folder)  // the folder and the ancestors this call makes
        var made: [URL] = []
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (url, text) in files {
                try write(text, to: url)
                made.append(url)
            }
        } catch {
            // Nothing half-written: the files this call made, then the folders, are removed again.
            for url in made.reversed() { try? FileManager.default.removeItem(at: url) }
            folders.removeCreatedIfEmpty()
            throw ScaffoldError(OutputError.writing(folder, error, option: "--dir").description)
        }
        return files.map(\.0)
    }

    /// Writes `text` into a new file at `url` (never over one: `O_EXCL`, no link followed); a file
    /// it could not finish is removed again.
    static func write(_ text: String, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(text.utf8))
            guard fsync(fd) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(url.path)
            throw error
        }
    }

    /// The new plugin: `Lua/new-plugin.lua` with its name filled in.
    static func plugin(_ name: String) throws -> String {
        try HarnessResource.text("new-plugin.lua").replacingOccurrences(of: "{{name}}", with: name)
    }

    /// Its spec: `Lua/new-plugin_spec.lua` with the plugin's name filled in.
    static func spec(_ name: String) throws -> String {
        try HarnessResource.text("new-plugin_spec.lua").replacingOccurrences(of: "{{name}}", with: name)
    }
}

/// A scaffold that cannot be written.
public struct ScaffoldError: Error, CustomStringConvertible {
    public let description: String
    init(_ message: String) { description = message }
}

import Foundation

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
        var made: [URL] = []
        do {
            if !FileManager.default.fileExists(atPath: folder.path) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                made.append(folder)
            }
            for (url, text) in files {
                try text.write(to: url, atomically: true, encoding: .utf8)
                made.append(url)
            }
        } catch {
            // Nothing half-written: what this call made is removed again, newest first.
            for url in made.reversed() { try? FileManager.default.removeItem(at: url) }
            throw ScaffoldError("cannot write into \(folder.path): \(reason(error)); give --dir a folder you can write to")
        }
        return files.map(\.0)
    }

    /// Why a write failed, in the system's words rather than Foundation's domain and code.
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        let posix = (ns.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
        return posix.map { String(cString: strerror($0)) } ?? "it could not be written"
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

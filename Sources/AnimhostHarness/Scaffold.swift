import Foundation

/// `animhost new`: a starting plugin and a passing spec for it.
public enum Scaffold {
    /// Writes `NAME.lua` and `NAME_spec.lua` into `folder`, refusing to overwrite; returns their URLs.
    public static func create(name: String, in folder: URL) throws -> [URL] {
        guard name.range(of: #"^[a-z][a-z0-9_-]*$"#, options: .regularExpression) != nil else {
            throw ScaffoldError("'\(name)': a plugin name is lowercase letters, digits, '-' and '_', starting with a letter")
        }
        let files = [(folder.appendingPathComponent(name + ".lua"), try plugin(name)),
                     (folder.appendingPathComponent(name + "_spec.lua"), try spec(name))]
        for (url, _) in files where FileManager.default.fileExists(atPath: url.path) {
            throw ScaffoldError("\(url.path) exists already; nothing was written")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (url, text) in files { try text.write(to: url, atomically: true, encoding: .utf8) }
        return files.map(\.0)
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

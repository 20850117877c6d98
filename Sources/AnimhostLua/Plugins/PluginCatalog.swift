import Foundation
import AnimhostCore

/// Where plugins and scenes are found: `--plugins DIR`, `$ANIMHOST_PATH`, `./Plugins`, then the built-ins.
public struct PluginCatalog: Sendable, SceneLocating {
    /// A folder searched for `NAME.lua`, with where it came from.
    public struct Folder: Sendable, Equatable {
        /// The folder.
        public let url: URL
        /// `--plugins`, `ANIMHOST_PATH`, `./Plugins` or `built-in`.
        public let origin: String
    }

    /// The folders searched, in order.
    public private(set) var folders: [Folder]

    /// The search path for the given `--plugins` folders and environment.
    public init(
        pluginFolders: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) {
        var folders = pluginFolders.map { Folder(url: URL(fileURLWithPath: $0, relativeTo: workingDirectory).standardizedFileURL, origin: "--plugins") }
        for entry in (environment["ANIMHOST_PATH"] ?? "").split(separator: ":") where !entry.isEmpty {
            folders.append(Folder(url: URL(fileURLWithPath: String(entry), relativeTo: workingDirectory).standardizedFileURL, origin: "ANIMHOST_PATH"))
        }
        folders.append(Folder(url: workingDirectory.appendingPathComponent("Plugins").standardizedFileURL, origin: "./Plugins"))
        if let builtins = BuiltinResources.pluginsFolder { folders.append(Folder(url: builtins, origin: "built-in")) }
        var seen = Set<String>()
        self.folders = folders.filter { seen.insert($0.url.path).inserted }
    }

    /// The folders of the search path: where scenes a plugin or a spec names may lie besides their own folder.
    public var sceneFolders: [URL]? { folders.map(\.url) }

    /// The same search path with `folder` searched first (a spec's own folder).
    public func searching(first folder: URL, origin: String) -> PluginCatalog {
        var copy = self
        copy.folders = [Folder(url: folder.standardizedFileURL, origin: origin)] + folders.filter { $0.url.path != folder.standardizedFileURL.path }
        return copy
    }

    /// A plugin file found on the search path.
    public struct Entry: Sendable, Equatable {
        /// The plugin's name: its file name without `.lua`.
        public let name: String
        /// The plugin file.
        public let url: URL
        /// Where it was found: `file` for a path, else its folder's origin.
        public let origin: String
    }

    /// Resolves a plugin name or a path to a `.lua` file.
    public func locate(_ nameOrPath: String) throws -> Entry {
        if nameOrPath.hasSuffix(".lua") || nameOrPath.contains("/") {
            let url = URL(fileURLWithPath: nameOrPath).standardizedFileURL
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw PluginError(file: nameOrPath, message: "no such plugin file")
            }
            return Entry(name: url.deletingPathExtension().lastPathComponent, url: url, origin: "file")
        }
        for folder in folders {
            let url = folder.url.appendingPathComponent(nameOrPath + ".lua")
            if FileManager.default.isReadableFile(atPath: url.path) {
                return Entry(name: nameOrPath, url: url, origin: folder.origin)
            }
        }
        let known = all().map(\.name)
        let hint = closestName(to: nameOrPath, among: known).map { " Did you mean '\($0)'?" } ?? ""
        throw PluginError(
            file: nameOrPath,
            message:
                "unknown plugin.\(hint) Plugins found: \(known.isEmpty ? "none" : known.joined(separator: ", ")) (searched \(folders.map(\.url.path).joined(separator: ", ")))"
                + BuiltinResources.missingNote)
    }

    /// Every plugin on the search path, the first of each name winning, sorted by name.
    public func all() -> [Entry] {
        var seen = Set<String>()
        return everyFile().filter { seen.insert($0.name).inserted }
    }

    /// The plugins a same-named one earlier on the search path hides (a project's `Plugins/zoom.lua` hides
    /// the built-in `zoom`), sorted by name: still runnable by their path.
    public func shadowed() -> [Entry] {
        var seen = Set<String>()
        return everyFile().filter { !seen.insert($0.name).inserted }
    }

    /// Every plugin file in every folder, by name, then in search order.
    private func everyFile() -> [Entry] {
        var entries: [Entry] = []
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".lua") && !file.hasSuffix("_spec.lua") {
                entries.append(Entry(name: String(file.dropLast(4)), url: folder.url.appendingPathComponent(file), origin: folder.origin))
            }
        }
        return entries.enumerated().sorted { a, b in
            a.element.name != b.element.name ? a.element.name < b.element.name : a.offset < b.offset
        }.map(\.element)
    }

    /// Resolves a scene name or `.json` path: beside the plugin (`NAME.json`, `scenes/NAME.json`), then the built-in scenes.
    public func locateScene(_ nameOrPath: String, besides plugin: URL?) throws -> URL {
        if nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") {
            let url = URL(fileURLWithPath: nameOrPath).standardizedFileURL
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw PluginError(file: nameOrPath, message: "no such scene file")
            }
            return url
        }
        var candidates: [URL] = []
        if let dir = plugin?.deletingLastPathComponent() {
            candidates += [dir.appendingPathComponent(nameOrPath + ".json"), dir.appendingPathComponent("scenes/\(nameOrPath).json")]
        }
        if let builtins = BuiltinResources.scenesFolder { candidates.append(builtins.appendingPathComponent(nameOrPath + ".json")) }
        if let hit = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) { return hit }
        let known = BuiltinResources.builtinSceneNames
        throw PluginError(
            file: nameOrPath,
            message: "unknown scene (give a .json file, or a built-in scene: \(known.isEmpty ? "none" : known.joined(separator: ", ")))" + BuiltinResources.missingNote)
    }
}

/// The built-in plugins and scenes: the checkout's `Plugins/` for a build, `share/animhost/Plugins` for an install.
public enum BuiltinResources {
    /// `$ANIMHOST_BUILTINS` (unless empty), else the folder found from the running executable's real location, else the
    /// checkout this module was built from (a program of another package embedding animhost); never the
    /// current folder, where a project's own `Plugins/` lives.
    public static let pluginsFolder: URL? = {
        if let env = ProcessInfo.processInfo.environment["ANIMHOST_BUILTINS"], !env.isEmpty { return URL(fileURLWithPath: env) }
        if let found = executable.flatMap(folder(near:)) { return found }
        return folder(near: URL(fileURLWithPath: #filePath))  // CHECKOUT/Sources/AnimhostLua/Plugins/PluginCatalog.swift
    }()

    /// The running executable, symbolic links resolved: `/proc/self/exe` on Linux.
    static var executable: URL? {
        #if os(Linux)
            return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
            return Bundle.main.executableURL?.resolvingSymlinksInPath()
        #endif
    }

    /// The built-ins for an executable at `executable`: `share/animhost/Plugins` beside its `bin` (an install),
    /// or the `Plugins` of the package it was built in (`.build/TRIPLE/CONFIG/animhost`).
    static func folder(near executable: URL) -> URL? {
        let fm = FileManager.default
        var dir = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            let installed = dir.appendingPathComponent("share/animhost/Plugins")
            if fm.fileExists(atPath: installed.appendingPathComponent("zoom.lua").path) { return installed.standardizedFileURL }
            let checkout = dir.appendingPathComponent("Plugins")
            if fm.fileExists(atPath: dir.appendingPathComponent("Package.swift").path),
                fm.fileExists(atPath: checkout.appendingPathComponent("zoom.lua").path)
            {
                return checkout.standardizedFileURL
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// A sentence for errors when no built-ins were found, else nothing.
    public static var missingNote: String {
        pluginsFolder != nil
            ? "" : "; the built-in plugins and scenes were not found beside the executable (share/animhost/Plugins): reinstall it (docs/install.md)"
    }

    /// The built-in scenes' folder, `Plugins/scenes`.
    public static var scenesFolder: URL? { pluginsFolder?.appendingPathComponent("scenes") }

    /// Names of the built-in scenes.
    public static var builtinSceneNames: [String] {
        guard let dir = scenesFolder, let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}

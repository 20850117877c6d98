import Foundation

/// The folders a file named by another file (a plugin's `scenes`, a spec's `animhost.run{}`) may lie
/// in, by real path (every link resolved): the naming file's own folder, the folders of the search
/// path and the built-ins. Files named on the command line are the user's choice and are not confined.
public struct ConfinedFiles: Sendable, Equatable {
    /// The allowed folders, as given.
    public let folders: [URL]
    /// What names the files, for messages ("the plugin's scenes", "the spec").
    public let namer: String

    /// Files named by `namer`, allowed inside `folders`.
    public init(_ folders: [URL], namer: String) {
        self.folders = folders
        self.namer = namer
    }

    /// The allowed folders' real paths.
    public var roots: [String] { folders.map { ContainedPath.resolved($0.standardizedFileURL.path) } }

    /// `url` when its real path lies inside an allowed folder; otherwise an error naming `name` and the rule.
    public func check(_ url: URL, named name: String) throws -> URL {
        let real = ContainedPath.resolved(url.standardizedFileURL.path)
        guard roots.contains(where: { InputFile.isInside(real, $0) }) else {
            throw ConfinementError(
                description: "'\(name)', named by \(namer), is \(real), outside the folders it may read from "
                    + "(\(folders.map(\.path).joined(separator: ", "))): keep it beside the file that names it or on the search path (links included)")
        }
        return url
    }
}

/// A file named outside the folders it may be read from.
public struct ConfinementError: Error, CustomStringConvertible {
    public let description: String
}

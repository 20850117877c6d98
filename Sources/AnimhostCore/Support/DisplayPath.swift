import Foundation

/// A path as messages show it: relative to the working folder when inside it.
public func displayPath(_ url: URL) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    let path = url.standardizedFileURL.path
    if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
    return path
}

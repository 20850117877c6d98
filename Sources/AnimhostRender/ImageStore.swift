import Foundation
import AnimhostCore

/// Every image a run shows, decoded once and shared by the render workers.
public final class ImageStore: @unchecked Sendable {
    private let folders: [String: URL]
    private let lock = NSLock()
    private var pictures: [String: Picture] = [:]

    /// `folders` maps each scene's name to the folder its image paths are relative to.
    public init(folders: [String: URL] = [:]) { self.folders = folders }

    /// The picture a node of `scene` names: a file beside the scene, or `placeholder:N`.
    public func picture(_ name: String, scene: String?) throws -> Picture {
        let key = name.hasPrefix("placeholder:") ? name : (scene ?? "") + "\u{0}" + name
        lock.lock()
        defer { lock.unlock() }
        if let cached = pictures[key] { return cached }
        let picture = Picture(try decode(name, scene: scene))
        pictures[key] = picture
        return picture
    }

    private func decode(_ name: String, scene: String?) throws -> Surface {
        if name.hasPrefix("placeholder:") {
            guard let n = Int(name.dropFirst("placeholder:".count)) else {
                throw RenderError("image '\(name)' should be placeholder:N with a whole number N")
            }
            return try Placeholder.draw(n)
        }
        guard let folder = scene.flatMap({ folders[$0] }) else {
            throw RenderError("image '\(name)' of scene '\(scene ?? "?")' has no folder to be found in")
        }
        guard let url = ContainedPath.resolve(name, in: folder) else {
            throw RenderError("image '\(name)' of scene '\(scene ?? "?")' lies outside the scene's folder \(folder.path) (links included): images must be files inside it")
        }
        return try ImageDecoder.decode(url)
    }
}

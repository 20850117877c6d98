import Foundation
import AnimhostCore

/// Every image a run shows, decoded when needed and shared by the render workers. Backing stores
/// keep what nodes show, so most pictures are drawn once, into a store, on a run's first frame: a
/// picture is kept only once the frame that decoded it or the next one needs it again (a node whose
/// size changes, its store redrawn every frame), and forgotten once no frame has drawn from it for a
/// while (``evict(before:)``).
/// A 1024 × 768 picture holds 3 MB; a run's first frame may draw a dozen.
public final class ImageStore: @unchecked Sendable {
    private let folders: [String: URL]
    private let lock = NSLock()
    private var pictures: [String: (picture: Picture, frame: Int)] = [:]
    /// The frame each picture not kept was last decoded for.
    private var decoded: [String: Int] = [:]
    /// Each scene's image name, as its file's real path (every link resolved): what pictures are keyed by.
    private var located: [String: String] = [:]

    /// `folders` maps each scene's name to the folder its image paths are relative to.
    public init(folders: [String: URL] = [:]) { self.folders = folders }

    /// The picture a node of `scene` names: a file beside the scene, or `placeholder:N`. `frame` is the
    /// frame it is drawn for; without one, the picture is kept for the store's life.
    public func picture(_ name: String, scene: String?, frame: Int? = nil) throws -> Picture {
        lock.lock()
        defer { lock.unlock() }
        let key = try self.key(name, scene: scene)
        let frame = frame ?? .max
        if let cached = pictures[key] {
            if cached.frame < frame { pictures[key]?.frame = frame }
            return cached.picture
        }
        let picture = Picture(try decode(name, scene: scene, file: key))
        if frame == .max || decoded[key].map({ abs(frame - $0) <= 1 }) == true {
            pictures[key] = (picture, frame)
            decoded[key] = nil
        } else {
            decoded[key] = frame
        }
        return picture
    }

    /// Which picture `name` of `scene` is, whatever scene names it: its file's real path, or the
    /// placeholder's name. Two names with one identity show the same pixels.
    public func identity(of name: String, scene: String?) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        return try key(name, scene: scene)
    }

    /// Forgets pictures last drawn from before `frame` (a worker still drawing one keeps its own reference).
    func evict(before frame: Int) {
        lock.lock()
        defer { lock.unlock() }
        pictures = pictures.filter { $0.value.frame >= frame }
    }

    /// What the picture `name` of `scene` is cached by: its name for a placeholder, else its file's real path.
    private func key(_ name: String, scene: String?) throws -> String {
        if name.hasPrefix("placeholder:") { return name }
        let scoped = (scene ?? "") + "\u{0}" + name
        if let known = located[scoped] { return known }
        guard let folder = scene.flatMap({ folders[$0] }) else {
            throw RenderError("image '\(name)' of scene '\(scene ?? "?")' has no folder to be found in")
        }
        guard let url = ContainedPath.resolve(name, in: folder) else {
            throw RenderError("image '\(name)' of scene '\(scene ?? "?")' lies outside the scene's folder \(folder.path) (links included): images must be files inside it")
        }
        located[scoped] = url.path
        return url.path
    }

    private func decode(_ name: String, scene: String?, file: String) throws -> Surface {
        if name.hasPrefix("placeholder:") {
            guard let n = Int(name.dropFirst("placeholder:".count)) else {
                throw RenderError("image '\(name)' should be placeholder:N with a whole number N")
            }
            return try Placeholder.draw(n)
        }
        let root = ContainedPath.resolved(scene.flatMap { folders[$0] }?.path ?? "/")
        return try ImageDecoder.decode(URL(fileURLWithPath: file), within: root, shown: "'\(name)'")
    }
}

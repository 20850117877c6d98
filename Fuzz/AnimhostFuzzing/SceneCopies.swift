import AnimhostCore
import Foundation
import Synchronization

/// The `lua` target's scenes: each file parsed once per process, and a fresh copy of its nodes for
/// every input (a run takes its scenes' nodes over). Parsing the two built-in scenes anew was most of
/// what an input cost under the sanitizer.
enum SceneCopies {
    private static let parsed = Mutex<[URL: Scene]>([:])

    /// Copies of the scenes `session` would load for `request`.
    static func scenes(for request: TransitionRequest, in session: TransitionSession) throws -> (from: Scene, to: Scene) {
        let (from, to) = try session.sceneFiles(for: request)
        return (try copy(of: from), try copy(of: to))
    }

    private static func copy(of url: URL) throws -> Scene {
        let scene = try parsed.withLock { cache in
            if let scene = cache[url] { return scene }
            let scene = try SceneLoader.load(contentsOf: url, displayName: displayPath(url))
            cache[url] = scene
            return scene
        }
        return Scene(
            name: scene.name, size: scene.size, background: scene.background, isOverlay: scene.isOverlay,
            references: scene.references, root: try copy(of: scene.root), directory: scene.directory, delegate: scene.delegate)
    }

    /// A deep copy of the tree under `root`, with its model values, walked without recursion.
    private static func copy(of root: Node) throws -> Node {
        let top = Node(id: root.id, scene: root.scene, isSnapshot: root.isSnapshot, properties: root.model)
        var pending: [(original: Node, copy: Node)] = [(root, top)]
        while let (original, copy) = pending.popLast() {
            for child in original.children {
                let c = Node(id: child.id, scene: child.scene, isSnapshot: child.isSnapshot, properties: child.model)
                try copy.add(c)
                pending.append((child, c))
            }
        }
        return top
    }
}

import Foundation
import AnimhostCore
import AnimhostRender

/// The frames a plugin's check has drawn at full scale, kept for the runs after: the screens at rest
/// are the same in every run of an operation, and so are most runs' first and last frames, so each is
/// drawn once. A frame is found again only when everything drawn of it is equal.
final class RenderCache {
    /// How many frames are kept: the rest states of the four operations and a few first frames.
    static let kept = 12
    /// The most bytes of pixels kept (twelve 390 × 844 frames at 1 px/pt are 16 MB; at 3 px/pt, 142).
    static let keptBytes = 48 << 20
    private var entries: [(frame: FrameSample, key: Key, bitmap: Bitmap)] = []

    /// What else decides the pixels: the canvas, the scale and the image folders.
    struct Key: Equatable {
        let size: Size
        let scale: Double
        let folders: [String: URL]
    }

    /// The pixels of `frame`, drawn by `draw` unless an equal frame was drawn before under `key`.
    func bitmap(_ frame: FrameSample, key: Key, draw: () throws -> Bitmap) rethrows -> Bitmap {
        if let found = entries.first(where: { $0.key == key && RenderCache.sameDrawing($0.frame, frame) }) { return found.bitmap }
        let bitmap = try draw()
        if RenderCache.cacheable(frame) {
            entries.append((frame, key, bitmap))
            while entries.count > RenderCache.kept || entries.reduce(0, { $0 + $1.bitmap.bytes.count }) > RenderCache.keptBytes {
                entries.removeFirst()
            }
        }
        return bitmap
    }

    /// Forgets every frame (a new plugin).
    func clear() { entries.removeAll() }

    /// A frame without a gesture's touch or a node turned out of the screen's plane, whose equality
    /// ``sameDrawing(_:_:)`` can tell.
    static func cacheable(_ frame: FrameSample) -> Bool { frame.touch == nil && frame.nodes.allSatisfy { $0.space == nil } }

    /// Whether two frames draw the same pixels: the same nodes with the same values, in the same order.
    static func sameDrawing(_ a: FrameSample, _ b: FrameSample) -> Bool {
        guard a.nodes.count == b.nodes.count, a.chromeIndex == b.chromeIndex, cacheable(a), cacheable(b) else { return false }
        return zip(a.nodes, b.nodes).allSatisfy { x, y in
            x.id == y.id && x.scene == y.scene && x.isSnapshot == y.isSnapshot && x.frame == y.frame && x.bbox == y.bbox
                && x.opacity == y.opacity && x.toContainer == y.toContainer && x.z == y.z && x.depth == y.depth
                && x.layoutSize == y.layoutSize && x.properties == y.properties
        }
    }
}

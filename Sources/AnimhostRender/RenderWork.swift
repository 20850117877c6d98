import Foundation
import AnimhostCore

/// The pixels a run's renderers draw beyond the frames themselves: backing stores, text images and
/// shadow masks made anew (a frame reuses those the frame before showed, as the caches keep them), and
/// regions blurred; and, in each frame, the pixels its nodes paint. Counted in frame order, before a
/// frame goes to a render thread, so that a run past a limit fails at the same node on every run and
/// before the work, naming the node and the plugin.
final class RenderWork: @unchecked Sendable {  // `count` runs under `lock`
    /// Pixels of one image the renderer draws (a store, a text image, a shadow mask): as many as a frame holds.
    static let pixelsInOne = FrameRenderer.maxFramePixels
    /// Pixels drawn and blurred in one run, all frames together, by default (1 Gi: about 350 full-screen
    /// stores at @3x; the built-in transitions draw a few percent of it).
    static let pixelsPerRun = 1 << 30
    /// What one frame's nodes may paint, in frames: each node counts the part of the frame its box
    /// covers, so 64 full-frame layers (a real transition paints a few).
    static let paintedFrames = 64

    private let scale: Double
    private let plugin: String?
    /// The run's limit, ``pixelsPerRun`` unless a test sets another.
    private let limit: Int
    private let lock = NSLock()
    private var drawn = 0
    /// What the frame before showed: kept by the caches, so not drawn again.
    private var previous: Set<AnyHashable> = []

    /// Work at `scale` pixels per point, at most `limit` pixels; `plugin` is named in the errors.
    init(scale: Double, plugin: String?, limit: Int = RenderWork.pixelsPerRun) {
        self.scale = scale; self.plugin = plugin; self.limit = limit
    }

    /// Counts what drawing `frame` on a `width` × `height` canvas costs, or refuses it at the node that
    /// would pass a limit.
    func count(_ frame: FrameSample, width: Int, height: Int, caches: RenderCaches) throws {
        lock.lock()
        defer { lock.unlock() }
        var now: Set<AnyHashable> = []
        let nodes = frame.nodes
        let canvas = Double(width) * Double(height)
        var painted = 0.0
        var i = 0
        do {
            while i < nodes.count {
                let node = nodes[i], p = node.properties
                guard !p.hidden, p.alpha > 0 else {
                    i = FrameRenderer.subtreeEnd(nodes, i)  // the renderer skips the subtree
                    continue
                }
                let end = FrameRenderer.subtreeEnd(nodes, i)
                // Its own box, its shadow's reach, and (translucent or blurred) the group its subtree is drawn in.
                let shadow = FrameRenderer.hasShadow(p) ? 3 * p.shadow.radius + max(abs(p.shadow.offset.width), abs(p.shadow.offset.height)) : 0
                let box = ShapePainting.box(node)
                painted += covered(Rect(x: box.x - shadow, y: box.y - shadow, width: box.width + 2 * shadow, height: box.height + 2 * shadow), width: width, height: height)
                let grouped = p.blur > 0 || (p.alpha < 1 && FrameRenderer.needsGroup(nodes, i, end))
                let group = grouped ? FrameRenderer.deviceRegion(nodes, i, end, scale: scale, width: width, height: height) : nil
                painted += group.map { 2 * Double($0.w) * Double($0.h) } ?? 0  // cleared, then composited
                guard painted <= Double(RenderWork.paintedFrames) * canvas else {
                    throw RenderError(
                        name(node) + "frame \(frame.index) would paint more than \(RenderWork.paintedFrames) times its "
                            + "\(width)×\(height) pixels (\(i + 1) nodes so far): \(by) shows too many large nodes at once; "
                            + "remove or hide those that are covered")
                }
                for (key, what, pixels) in images(node, caches: caches) where now.insert(key).inserted && !previous.contains(key) {
                    try charge(pixels, what, node)
                }
                if p.blur > 0, let r = group { try charge(r.w * r.h, "its blur", node) }
                if p.backdropBlur > 0 { try charge(backdrop(node, width: width, height: height), "its backdrop blur", node) }
                i += 1
            }
        } catch var e as RenderError {
            e.lineage = RenderError.lineage(nodes, i)  // the plugin's line that placed it, when the run knows it
            throw e
        }
        previous = now
    }

    /// The pixels a node's backdrop blur copies and blurs: its box widened by three σ, within the frame.
    private func backdrop(_ node: NodeSample, width: Int, height: Int) -> Int {
        let b = node.bbox, spread = 3 * node.properties.backdropBlur
        return checkedInt(covered(Rect(x: b.x - spread, y: b.y - spread, width: b.width + 2 * spread, height: b.height + 2 * spread), width: width, height: height), .up)
    }

    /// The pixels of a `width` × `height` frame that `box` (in points) covers.
    private func covered(_ box: Rect, width: Int, height: Int) -> Double {
        let w = min(box.x + box.width, Double(width) / scale) - max(box.x, 0)
        let h = min(box.y + box.height, Double(height) / scale) - max(box.y, 0)
        return w > 0 && h > 0 ? w * h * scale * scale : 0
    }

    /// The images `node` needs (its store, its text's image, its shadow's mask): each one's key, what it
    /// is, and its pixels.
    private func images(_ node: NodeSample, caches: RenderCaches) -> [(AnyHashable, String, (Int, Int))] {
        let p = node.properties
        var out: [(AnyHashable, String, (Int, Int))] = []
        if let key = caches.stores.key(for: node) { out.append((key, "its backing store", (key.pixelWidth, key.pixelHeight))) }
        if let key = TextLayouts.key(node) {
            out.append((key, "its text", (checkedInt(key.size.width * scale, .up), checkedInt(key.size.height * scale, .up))))
        }
        if FrameRenderer.hasShadow(p) {
            out.append((ShadowMasks.key(for: p), "its shadow", caches.shadows.pixelSize(size: ShadowMasks.caster(p).size, sigma: p.shadow.radius)))
        }
        return out
    }

    private func charge(_ size: (Int, Int), _ what: String, _ node: NodeSample) throws {
        let pixels = size.0.multipliedReportingOverflow(by: size.1)
        guard !pixels.overflow, pixels.partialValue <= RenderWork.pixelsInOne, max(size.0, size.1) <= 32_767 else {
            throw RenderError(
                name(node) + "\(what) would be a \(size.0)×\(size.1)-pixel image; one image holds at most "
                    + "\(RenderWork.pixelsInOne.grouped) pixels (32 Mi) and 32,767 a side, as a frame does\(plugin.map { " (plugin '\($0)')" } ?? ""): "
                    + "make the node or its shadow smaller, or lower --scale")
        }
        try charge(pixels.partialValue, what, node)
    }

    private func charge(_ pixels: Int, _ what: String, _ node: NodeSample) throws {
        guard drawn + pixels <= limit else {
            throw RenderError(
                name(node) + "drawing \(what) (\(pixels.grouped) pixels) would pass the \(limit.grouped) pixels of backing stores, "
                    + "text, shadows and blurs a run may draw (\(drawn.grouped) so far). A store or shadow is drawn again whenever "
                    + "its node's size, content or shadow changes: \(by) changes large ones too often; make them smaller, "
                    + "change them less often (animate a transform instead of the size) or lower --scale")
        }
        drawn += pixels
    }

    /// Who does the work, for messages.
    private var by: String { plugin.map { "the plugin '\($0)'" } ?? "the run" }

    /// "node 'ID' of scene 'S': ", for messages.
    private func name(_ node: NodeSample) -> String {
        "node '\(node.id)'" + (node.scene.map { " of scene '\($0)'" } ?? "") + ": "
    }
}

import Foundation
import CCairo
import AnimhostCore

/// A run's text, laid out as UIKit lays out a label: once for the node's model size (its final
/// bounds), again only when the text or that size changes, and stretched to the animated size in
/// between. Layouts are made in frame order, before a frame goes to a render thread, and every one
/// is charged against ``Bounds/textLayoutCharacters`` before Pango starts it, so the layout work of
/// a run is bounded and the frame that passes the budget is the same on every run.
final class TextLayouts: @unchecked Sendable {
    /// One layout: a text in a box of model size, at the run's scale.
    struct Key: Hashable {
        let style: TextStyle
        let size: Size
    }

    /// The rasters a frame's nodes show, by key. Each is finished before it is handed out and only
    /// read after, so render threads may share them.
    struct Rasters: @unchecked Sendable {
        fileprivate var byKey: [Key: Surface] = [:]
        subscript(key: Key) -> Surface? { byKey[key] }
    }

    private let scale: Double
    private let plugin: String?
    private let lock = NSLock()
    private var kept: [Key: Surface] = [:]
    private var charged = 0
    private var layouts = 0

    /// Layouts at `scale` pixels per point; `plugin` is named in the budget's error.
    init(scale: Double, plugin: String?) { self.scale = scale; self.plugin = plugin }

    /// The key of the text `node` shows, nil when it shows none.
    static func key(_ node: NodeSample) -> Key? {
        guard let style = node.properties.text, node.layoutSize.width > 0, node.layoutSize.height > 0 else { return nil }
        return Key(style: style, size: node.layoutSize)
    }

    /// The rasters of every text in `frame`: those the frame before showed are reused, the others laid
    /// out now, each charged first.
    func prepare(_ frame: FrameSample) throws -> Rasters {
        lock.lock()
        defer { lock.unlock() }
        var now: [Key: Surface] = [:]
        for node in frame.nodes {
            guard let key = TextLayouts.key(node), now[key] == nil else { continue }
            if let raster = kept[key] { now[key] = raster; continue }
            try charge(key.style, node: node)
            do { now[key] = try raster(key) } catch let e as RenderError { throw RenderError(TextLayouts.name(node) + e.description) }
        }
        kept = now
        return Rasters(byKey: now)
    }

    /// Counts a layout of `style` against the budget, or refuses it naming `node` (nil: a text drawn
    /// outside a frame).
    func charge(_ style: TextStyle, node: NodeSample?) throws {
        let n = style.string.unicodeScalars.count
        guard charged + n <= Bounds.textLayoutCharacters else {
            let who = node.map(TextLayouts.name) ?? ""
            let by = plugin.map { "plugin '\($0)' " } ?? ""
            throw RenderError(
                who
                    + "laying out its text of \(n) characters would pass the \(Bounds.textLayoutCharacters) characters of text layout a run may do (\(layouts) layouts, \(charged) characters so far). Text is laid out again whenever its node's text or size is set: the \(by)changes them too often; animate the size instead (the text is then stretched) or set the text less often"
            )
        }
        charged += n
        layouts += 1
    }

    /// "node 'ID' of scene 'S': ", for messages.
    private static func name(_ node: NodeSample) -> String {
        "node '\(node.id)'" + (node.scene.map { " of scene '\($0)'" } ?? "") + ": "
    }

    /// `key`'s text on a transparent image of its box at the scale (rounded up to whole pixels, as
    /// backing stores are), clipped to the box.
    private func raster(_ key: Key) throws -> Surface {
        let w = checkedInt(key.size.width * scale, .up), h = checkedInt(key.size.height * scale, .up)
        let surface = try Surface(width: max(w, 1), height: max(h, 1))
        let cr = surface.context()
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(max(w, 1)) / key.size.width, Double(max(h, 1)) / key.size.height)
        TextPainter.shared.draw(key.style, in: key.size, on: cr)
        cairo_surface_flush(surface.surface)
        return surface
    }
}

import CCairo
import AnimhostCore

/// Node contents rasterised once at the output scale, as Core Animation keeps a layer's backing
/// store: background, image and text together, redrawn only when the node's size or content changes.
/// Frames then composite these stores with their transforms and opacities. Text comes laid out
/// already (``TextLayouts``): redrawing a store stretches it, never lays it out again.
final class BackingStores: @unchecked Sendable {
    /// What a store shows: two nodes with equal keys share pixels.
    struct Key: Hashable {
        let pixelWidth: Int, pixelHeight: Int
        let size: Size
        let background: Color?
        let corners: CornerShape
        let image: String?
        let scene: String?
        let contentMode: ContentMode
        let clips: Bool
        let text: TextLayouts.Key?
    }

    private let scale: Double
    private let images: ImageStore
    private let stores = SharedCache<Key, Surface>()

    init(scale: Double, images: ImageStore) { self.scale = scale; self.images = images }

    /// The key of a node that needs a store (it shows an image or text), nil for plain ones.
    func key(for node: NodeSample) -> Key? {
        let p = node.properties
        guard p.image != nil || p.text != nil else { return nil }
        let size = p.frame.size
        let w = checkedInt(size.width * scale, .up), h = checkedInt(size.height * scale, .up)
        guard w > 0, h > 0 else { return nil }
        return Key(
            pixelWidth: w, pixelHeight: h, size: size, background: p.backgroundColor, corners: p.cornerShape.fitting(size),
            image: p.image, scene: node.scene, contentMode: p.contentMode, clips: p.clips, text: TextLayouts.key(node))
    }

    /// Forgets stores unused since `frame`.
    func evict(before frame: Int) { stores.evict(before: frame) }

    /// The store for `key`, drawn now if it is not kept, with `text` the raster of its text laid out;
    /// `frame` is the frame being drawn.
    func store(_ key: Key, text: Surface?, frame: Int) throws -> Surface {
        try stores.value(key, frame: frame) {
            let surface = try Surface(width: key.pixelWidth, height: key.pixelHeight)
            let cr = surface.context()
            defer { cairo_destroy(cr) }
            cairo_scale(cr, Double(key.pixelWidth) / key.size.width, Double(key.pixelHeight) / key.size.height)
            try draw(key, text: text, frame: frame, on: cr)
            return surface
        }
    }

    private func draw(_ key: Key, text: Surface?, frame: Int, on cr: OpaquePointer) throws {
        let bounds = Rect(origin: .zero, size: key.size)
        if let background = key.background {
            Draw.roundedRect(cr, bounds, corners: key.corners)
            Draw.setColor(cr, background)
            cairo_fill(cr)
        }
        if let name = key.image {
            let picture = try images.picture(name, scene: key.scene, frame: frame)
            cairo_save(cr)
            Draw.roundedRect(cr, bounds, corners: key.clips ? key.corners : .square)
            cairo_clip(cr)
            let rect = ContentLayout.rect(
                image: Size(width: Double(picture.width), height: Double(picture.height)),
                in: bounds, mode: key.contentMode)
            let level = try picture.level(forPixelWidth: rect.width * scale, height: rect.height * scale)
            Draw.paint(cr, surface: level.surface, pixelSize: (level.width, level.height), over: rect, opacity: 1)
            cairo_restore(cr)
        }
        if let layout = key.text, let text {  // stretched per contentMode, clipped to the node, as a layer's contents
            cairo_save(cr)
            cairo_rectangle(cr, 0, 0, key.size.width, key.size.height)
            cairo_clip(cr)
            let rect = ContentLayout.rect(image: layout.size, in: bounds, mode: key.contentMode)
            Draw.paint(cr, surface: text.surface, pixelSize: (text.width, text.height), over: rect, opacity: 1)
            cairo_restore(cr)
        }
    }
}

/// Where an image goes in a node for each `contentMode`, as `UIImageView` places it.
public enum ContentLayout {
    /// The rectangle an `image`-sized picture covers in `bounds` (beyond them for `aspectFill`).
    public static func rect(image: Size, in bounds: Rect, mode: ContentMode) -> Rect {
        guard image.width > 0, image.height > 0, mode != .fill else { return bounds }
        let sx = bounds.width / image.width, sy = bounds.height / image.height
        let s = mode == .aspectFit ? min(sx, sy) : max(sx, sy)
        let w = image.width * s, h = image.height * s
        return Rect(x: bounds.x + (bounds.width - w) / 2, y: bounds.y + (bounds.height - h) / 2, width: w, height: h)
    }
}

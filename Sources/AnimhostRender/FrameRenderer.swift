import CCairo
import AnimhostCore

/// Draws sampled frames the way UIKit composites its views: each node in paint order with its
/// shadow, background, image, text and border, its transform about its centre, children clipped when
/// `clips`, and `alpha` and `blur` applied to the whole subtree at once (a group). One renderer per thread;
/// its frame buffer, backing stores and shadow masks are reused from frame to frame.
public final class FrameRenderer {
    /// Pixels per point.
    public let scale: Double
    /// The frame buffer's size in pixels: the container's size times the scale, rounded.
    public let pixelWidth: Int
    public let pixelHeight: Int
    let canvas: Surface
    /// The frame buffer's context; made anew when a frame leaves it in an error state.
    private var cr: OpaquePointer
    let caches: RenderCaches
    /// Offscreen buffers for group opacity, one per nesting level, kept between frames.
    private var groups: [Surface] = []
    /// The index of the frame being drawn.
    var frameIndex = 0
    /// The text rasters of the frame being drawn.
    var texts = TextLayouts.Rasters()
    /// Where a projected layer is drawn before it is clipped onto its target (``ProjectedLayers``), made when first needed.
    var projectionBuffer: Surface?
    /// True for a renderer that draws a flattened 3-D layer: it starts from transparent rather than black.
    var clearsToTransparent = false
    /// How many flattened 3-D layers this renderer draws inside: past ``maxGroupLevels`` a layer is drawn by its 2-D fit.
    var projectionLevel = 0
    /// The index of the node the walk is drawing, which an error names with its ancestors.
    private var drawing = 0

    /// A renderer of `size` points sharing `caches` with the run's other renderers.
    public init(size: Size, caches: RenderCaches) throws {
        scale = caches.scale
        self.caches = caches
        (pixelWidth, pixelHeight) = try FrameRenderer.pixelSize(of: size, scale: scale)
        canvas = try Surface(width: pixelWidth, height: pixelHeight)
        cr = canvas.context()
    }

    /// The most pixels a frame may have, 32 Mi (8,192 × 4,096): each renderer holds a frame buffer and
    /// up to ``maxGroupLevels`` group buffers of this size, so the bound is checked before any is made.
    public static let maxFramePixels = 32 << 20

    /// The frame buffer's size in pixels for a container of `size` points at `scale` (rounded, at
    /// least 1), or an error naming the limit and what to change when it passes ``maxFramePixels``.
    public static func pixelSize(of size: Size, scale: Double) throws -> (width: Int, height: Int) {
        let w = max(1, checkedInt(size.width * scale, .toNearestOrAwayFromZero))
        let h = max(1, checkedInt(size.height * scale, .toNearestOrAwayFromZero))
        guard w.multipliedReportingOverflow(by: h).partialValue <= maxFramePixels, w <= 32_767, h <= 32_767 else {
            throw RenderError(
                "the frame would be \(w)×\(h) pixels (\(formatNumber(size.width))×\(formatNumber(size.height)) points at scale \(formatNumber(scale))); "
                    + "a frame holds at most \(maxFramePixels.grouped) pixels (32 Mi) and 32,767 a side: lower --scale or make the scene smaller")
        }
        return (w, h)
    }

    /// A renderer with caches of its own.
    public convenience init(size: Size, scale: Double, images: ImageStore) throws {
        try self.init(size: size, caches: RenderCaches(scale: scale, images: images))
    }

    deinit { cairo_destroy(cr) }

    /// Draws `frame` over black (a window's colour where no screen covers it), laying out its text
    /// first, and `overlay` over it when given (`--debug`). The pixels stay valid until the next call.
    public func render(_ frame: FrameSample, overlay: DebugOverlay? = nil) throws -> PixelBuffer {
        try render(frame, texts: try caches.prepare(frame, width: pixelWidth, height: pixelHeight), overlay: overlay)
    }

    /// Draws `frame` with its text laid out already (``TextLayouts/prepare(_:)``), and `overlay` over it.
    func render(_ frame: FrameSample, texts: TextLayouts.Rasters, overlay: DebugOverlay? = nil) throws -> PixelBuffer {
        frameIndex = frame.index
        self.texts = texts
        defer { self.texts = TextLayouts.Rasters() }
        do {
            try walk(frame.nodes, steps(frame))
            if let overlay {
                OverlayPainter.draw(overlay, frame: frame, scale: scale, on: cr)
                try DrawingCheck.check(cr, frame: frame.index, what: "the debug overlay")
            }
        } catch {
            // Cairo never leaves an error state, and a failed walk leaves saved states behind: the
            // next frame gets a fresh context.
            cairo_destroy(cr)
            cr = canvas.context()
            throw error
        }
        caches.frameDrawn(frame.index)
        return canvas.pixels
    }

    /// The trees a frame draws, the last first, with the black beneath them painted: a moved, faded
    /// or shaped container as one tree; a plain one as its screens, those a covering screen hides left out.
    private func steps(_ frame: FrameSample) -> [Step] {
        let nodes = frame.nodes
        let hasContainer = nodes.first?.depth == 0
        let containerEnd = frame.chromeIndex ?? nodes.count
        let chrome: [Step] = frame.chromeIndex.map { [.tree(i: $0, end: nodes.count, cr: cr, level: 0, inherited: 1)] } ?? []
        if hasContainer && !isPlainContainer(nodes[0]) {
            paintBlack()
            return chrome + [.tree(i: 0, end: containerEnd, cr: cr, level: 0, inherited: 1)]
        }
        let covering = lastOpaqueScreen(nodes, before: containerEnd)
        var tops: [Step] = []
        if covering == nil {
            paintBlack()
            if hasContainer { tops.append(.tree(i: 0, end: 1, cr: cr, level: 0, inherited: 1)) }  // its background alone
        }
        var i = covering ?? (hasContainer ? 1 : 0)
        while i < containerEnd {
            let end = FrameRenderer.subtreeEnd(nodes, i)
            tops.append(.tree(i: i, end: end, cr: cr, level: 0, inherited: 1))
            i = end
        }
        return chrome + tops.reversed()
    }

    /// Draws `frame`'s trees without the overlay or the caches' bookkeeping: a flattened 3-D layer's subtree.
    func drawTrees(of frame: FrameSample) throws { try walk(frame.nodes, steps(frame)) }

    private func paintBlack() {
        cairo_identity_matrix(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        if clearsToTransparent { cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR) }
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// Whether the container draws nothing but (perhaps) a background over the whole canvas, so that the
    /// screens can be drawn as separate trees over it (and the ones a covering screen hides skipped).
    private func isPlainContainer(_ c: NodeSample) -> Bool {
        let p = c.properties
        return p.transform.isIdentity && p.alpha >= 1 && !p.hidden && p.cornerShape.isSquare && p.border.width == 0
            && !FrameRenderer.hasShadow(p) && !p.hasGradient && p.paths.isEmpty && p.image == nil && p.text == nil && p.frame.origin == .zero
            && p.frame.width * scale >= Double(pixelWidth) && p.frame.height * scale >= Double(pixelHeight)
    }

    /// The last top-level node that hides everything before it (occlusion culling: a screen fully
    /// covered by the next one costs nothing).
    private func lastOpaqueScreen(_ nodes: [NodeSample], before end: Int) -> Int? {
        nodes.indices.prefix(end).last { nodes[$0].depth == 1 && coversCanvas(nodes[$0]) }
    }

    /// Whether a node paints every pixel of the canvas opaquely by itself.
    private func coversCanvas(_ node: NodeSample) -> Bool {
        guard !node.properties.hidden, node.opacity >= 1, node.properties.blur <= 0, let r = opaqueInterior(node) else { return false }
        return r.x <= 0 && r.y <= 0 && r.x + r.w >= pixelWidth && r.y + r.h >= pixelHeight
    }

    /// The index after the last descendant of `nodes[i]`.
    static func subtreeEnd(_ nodes: [NodeSample], _ i: Int) -> Int {
        var j = i + 1
        while j < nodes.count && nodes[j].depth > nodes[i].depth { j += 1 }
        return j
    }

    /// The most nested group-opacity buffers a frame uses (each as large as the canvas): below
    /// this many, a subtree with alpha < 1 multiplies its alpha down its nodes instead, as UIKit
    /// does with `allowsGroupOpacity` off, so that a deep tree cannot claim a buffer per level.
    static let maxGroupLevels = 8

    private typealias Region = (x: Int, y: Int, w: Int, h: Int)

    /// One step of drawing a frame. The walk keeps its own stack of steps, so a tree's depth never
    /// reaches the call stack.
    private enum Step {
        /// Draw the subtree `i..<end` onto `cr`; `inherited` multiplies its alpha (past the group levels).
        case tree(i: Int, end: Int, cr: OpaquePointer, level: Int, inherited: Double)
        /// The children are drawn: undo their clip.
        case restore(cr: OpaquePointer)
        /// The node's border, painted over its children.
        case border(i: Int, cr: OpaquePointer, opacity: Double)
        /// The group is drawn: release its context, blur it by `sigma` pixels and composite it onto `target` with `alpha`.
        case composite(group: Surface, gcr: OpaquePointer, target: OpaquePointer, region: Region, alpha: Double, sigma: Double)
    }

    /// Runs `initial` (the last first) and every step they lead to; an error names the node being
    /// drawn and its ancestors (``RenderError/lineage``).
    private func walk(_ nodes: [NodeSample], _ initial: [Step]) throws {
        do { try walkSteps(nodes, initial) } catch var e as RenderError where e.lineage.isEmpty {
            e.lineage = RenderError.lineage(nodes, drawing)
            throw e
        }
    }

    /// The walk's loop over the steps.
    private func walkSteps(_ nodes: [NodeSample], _ initial: [Step]) throws {
        var steps = initial
        var open: [OpaquePointer] = []  // group contexts not yet composited, released if drawing fails
        defer { open.forEach { cairo_destroy($0) } }
        while let step = steps.popLast() {
            switch step {
            case .tree(let i, let end, let cr, let level, let inherited):
                drawing = i
                let p = nodes[i].properties
                let alpha = min(max(p.alpha, 0), 1) * inherited
                guard !p.hidden, alpha > 0, !DrawingCheck.isFlat(deviceTransform(nodes[i])) else { continue }
                if nodes[i].space != nil, projectionLevel < FrameRenderer.maxGroupLevels { try drawProjected(nodes, i, end, on: cr, alpha: inherited); continue }
                if p.backdropBlur > 0 { try BackdropBlur.draw(nodes[i], on: cr, transform: deviceTransform(nodes[i]), scale: scale, opacity: alpha) }
                let blurs = p.blur > 0 && level < FrameRenderer.maxGroupLevels
                if blurs || (alpha < 1 && level < FrameRenderer.maxGroupLevels && FrameRenderer.needsGroup(nodes, i, end)) {
                    guard let region = FrameRenderer.deviceRegion(nodes, i, end, scale: scale, width: pixelWidth, height: pixelHeight) else { continue }
                    let (group, gcr) = try openGroup(level: level, region: region, keeping: opaqueInterior(nodes[i]))
                    open.append(gcr)
                    steps.append(.composite(group: group, gcr: gcr, target: cr, region: region, alpha: alpha, sigma: blurs ? p.blur * scale : 0))
                    try drawNode(nodes, i, end, on: gcr, opacity: 1, level: level + 1, inherited: 1, then: &steps)
                    try DrawingCheck.check(gcr, frame: frameIndex, node: nodes[i])
                } else {
                    try drawNode(nodes, i, end, on: cr, opacity: alpha, level: level, inherited: alpha, then: &steps)
                    try DrawingCheck.check(cr, frame: frameIndex, node: nodes[i])
                }
            case .restore(let cr):
                cairo_restore(cr)
            case .border(let i, let cr, let opacity):
                drawing = i
                drawBorder(nodes[i], on: cr, opacity: opacity)
                try DrawingCheck.check(cr, frame: frameIndex, node: nodes[i], what: "its border")
            case .composite(let group, let gcr, let target, let region, let alpha, let sigma):
                cairo_destroy(gcr)
                open.removeLast()
                if sigma > 0 { try FrameRenderer.blur(group, region: region, sigma: sigma) }
                composite(group, onto: target, region: region, alpha: alpha)
                try DrawingCheck.check(target, frame: frameIndex, what: "a group's composite")
            }
        }
    }

    /// A subtree whose parts overlap must be flattened before its alpha applies; a lone layer need not.
    static func needsGroup(_ nodes: [NodeSample], _ i: Int, _ end: Int) -> Bool {
        let p = nodes[i].properties
        let layers =
            (p.backgroundColor != nil || p.image != nil || p.text != nil ? 1 : 0)
            + (p.border.width > 0 ? 1 : 0) + (p.hasGradient ? 1 : 0) + (FrameRenderer.hasShadow(p) ? 1 : 0)
            + (p.paths.shape.path != nil ? 1 : 0)
        return end > i + 1 || layers > 1
    }

    static func hasShadow(_ p: NodeProperties) -> Bool {
        p.shadow.opacity > 0 && (p.backgroundColor != nil || p.image != nil || p.paths.shadowPath != nil)
    }

    private func deviceTransform(_ node: NodeSample) -> Transform2D {
        node.toContainer.concatenating(.scale(scale, scale))
    }

    /// Paints the node's own layers and queues its children and its border onto `steps`.
    private func drawNode(
        _ nodes: [NodeSample], _ i: Int, _ end: Int, on cr: OpaquePointer, opacity: Double,
        level: Int, inherited: Double, then steps: inout [Step]
    ) throws {
        let node = nodes[i], p = node.properties
        let bounds = Rect(origin: .zero, size: p.frame.size)
        Draw.setTransform(cr, deviceTransform(node))
        if let mask = p.paths.mask {  // undone after the border and the children
            cairo_save(cr)
            ShapePainting.clip(cr, to: mask)
            steps.append(.restore(cr: cr))
        }
        if FrameRenderer.hasShadow(p) { try naming(node) { try drawShadow(p, on: cr, opacity: opacity) } }
        if let key = caches.stores.key(for: node) {
            let text = key.text.flatMap { texts[$0] }
            let store = try naming(node) { try caches.stores.store(key, text: text, frame: frameIndex) }
            Draw.paint(cr, surface: store.surface, pixelSize: (store.width, store.height), over: bounds, opacity: opacity)
        } else if let background = p.backgroundColor {
            Draw.roundedRect(cr, bounds, corners: p.cornerShape)
            Draw.setColor(cr, background, opacity: opacity)
            cairo_fill(cr)
        }
        if p.hasGradient { try naming(node) { try GradientPainting.paint(cr, p.gradient, bounds: bounds, corners: p.cornerShape, opacity: opacity) } }
        ShapePainting.draw(p.paths.shape, on: cr, opacity: opacity)
        if p.border.width > 0 { steps.append(.border(i: i, cr: cr, opacity: opacity)) }
        guard end > i + 1 else { return }
        cairo_save(cr)
        if p.clips {
            Draw.roundedRect(cr, bounds, corners: p.cornerShape)
            cairo_clip(cr)
        }
        steps.append(.restore(cr: cr))
        let first = steps.count
        var j = i + 1
        while j < end {
            let e = FrameRenderer.subtreeEnd(nodes, j)
            steps.append(.tree(i: j, end: e, cr: cr, level: level, inherited: inherited))
            j = e
        }
        steps[first...].reverse()
    }

    private func drawBorder(_ node: NodeSample, on cr: OpaquePointer, opacity: Double) {
        let p = node.properties
        let bounds = Rect(origin: .zero, size: p.frame.size)
        Draw.setTransform(cr, deviceTransform(node))
        let w = min(p.border.width, min(bounds.width, bounds.height) / 2)
        Draw.roundedRect(
            cr, Rect(x: w / 2, y: w / 2, width: bounds.width - w, height: bounds.height - w),
            corners: p.cornerShape.inset(by: w / 2))
        cairo_set_line_width(cr, w)
        Draw.setColor(cr, p.border.color, opacity: opacity)
        cairo_stroke(cr)
    }

    /// Runs `body`, naming the node in any error it throws.
    private func naming<T>(_ node: NodeSample, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as RenderError {
            throw RenderError("node '\(node.id)'" + (node.scene.map { " of scene '\($0)'" } ?? "") + ": \(e.description)")
        }
    }

    private func drawShadow(_ p: NodeProperties, on cr: OpaquePointer, opacity: Double) throws {
        let mask = try caches.shadows.mask(for: p, frame: frameIndex)
        let s = mask.surface
        let over = Rect(
            x: mask.origin.x + p.shadow.offset.width, y: mask.origin.y + p.shadow.offset.height,
            width: Double(s.width) * mask.pointsPerPixel, height: Double(s.height) * mask.pointsPerPixel)
        Draw.paint(cr, surface: s.surface, pixelSize: (s.width, s.height), over: over, opacity: opacity * min(max(p.shadow.opacity, 0), 1))
    }

    /// The group buffer of `level`, cleared over `region` (but for `kept`) and clipped to it, with a
    /// context to draw the subtree into at full opacity, as `CALayer.allowsGroupOpacity` does.
    private func openGroup(level: Int, region: Region, keeping kept: Region?) throws -> (Surface, OpaquePointer) {
        while groups.count <= level { groups.append(try Surface(width: pixelWidth, height: pixelHeight)) }
        let group = groups[level]
        let gcr = group.context()
        cairo_rectangle(gcr, Double(region.x), Double(region.y), Double(region.w), Double(region.h))
        cairo_clip(gcr)
        clear(gcr, region, except: kept)
        return (group, gcr)
    }

    /// Blurs `region` of a drawn group like a Gaussian of `sigma` pixels, outside the region
    /// transparent: a wide one through a reduced copy (``ReducedBlur``), so that its cost is bounded.
    static func blur(_ group: Surface, region: (x: Int, y: Int, w: Int, h: Int), sigma: Double) throws {
        if ReducedBlur.factor(sigma: sigma) > 1 { return try ReducedBlur.blur(group, region: region, sigma: sigma) }
        fullResolutionBlur(group, region: region, sigma: sigma)
    }

    /// Blurs `region` at full resolution: three box passes over each premultiplied channel (a
    /// blurred colour never exceeds its blurred alpha), outside the region transparent.
    static func fullResolutionBlur(_ group: Surface, region: (x: Int, y: Int, w: Int, h: Int), sigma: Double) {
        cairo_surface_flush(group.surface)
        let data = cairo_image_surface_get_data(group.surface)!, stride = group.stride
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: region.w * region.h)
        defer { plane.deallocate() }
        for channel in 0..<4 {
            for y in 0..<region.h {
                let row = data + (region.y + y) * stride + region.x * 4 + channel
                for x in 0..<region.w { plane[y * region.w + x] = row[x * 4] }
            }
            BoxBlur.gaussian(plane, width: region.w, height: region.h, stride: region.w, sigma: sigma)
            for y in 0..<region.h {
                let row = data + (region.y + y) * stride + region.x * 4 + channel
                for x in 0..<region.w { row[x * 4] = plane[y * region.w + x] }
            }
        }
        cairo_surface_mark_dirty(group.surface)
    }

    /// Composites a drawn group onto `cr` with `alpha`.
    private func composite(_ group: Surface, onto cr: OpaquePointer, region: Region, alpha: Double) {
        cairo_surface_flush(group.surface)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, Double(region.x), Double(region.y), Double(region.w), Double(region.h))
        cairo_clip(cr)
        cairo_set_source_surface(cr, group.surface, 0, 0)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// Clears the region but for `kept`, which the group's first paint will cover opaquely anyway
    /// (a screen's background: clearing it too would cost a full-screen pass for nothing).
    private func clear(_ cr: OpaquePointer, _ region: (x: Int, y: Int, w: Int, h: Int), except kept: (x: Int, y: Int, w: Int, h: Int)?) {
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        if let k = kept {
            let (x0, y0, x1, y1) = (region.x, region.y, region.x + region.w, region.y + region.h)
            let (kx0, ky0) = (max(k.x, x0), max(k.y, y0)), (kx1, ky1) = (min(k.x + k.w, x1), min(k.y + k.h, y1))
            for (x, y, w, h) in [
                (x0, y0, x1 - x0, ky0 - y0), (x0, ky1, x1 - x0, y1 - ky1),
                (x0, ky0, kx0 - x0, ky1 - ky0), (kx1, ky0, x1 - kx1, ky1 - ky0)
            ] where w > 0 && h > 0 {
                cairo_rectangle(cr, Double(x), Double(y), Double(w), Double(h))
            }
            cairo_fill(cr)
        } else {
            cairo_paint(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// The whole pixels a node's own background paints opaquely, when that is a plain rectangle.
    private func opaqueInterior(_ node: NodeSample) -> (x: Int, y: Int, w: Int, h: Int)? {
        let p = node.properties, t = node.toContainer
        guard let background = p.backgroundColor, background.a >= 1, p.cornerShape.isSquare, p.image == nil, p.text == nil, p.paths.mask == nil,
            t.b == 0, t.c == 0, node.space == nil
        else { return nil }
        let b = node.bbox
        let x0 = checkedInt(b.x * scale, .up), y0 = checkedInt(b.y * scale, .up)
        let x1 = checkedInt((b.x + b.width) * scale, .down), y1 = checkedInt((b.y + b.height) * scale, .down)
        return x1 > x0 && y1 > y0 ? (x0, y0, x1 - x0, y1 - y0) : nil
    }

    /// The whole-pixel box, within a `width` × `height` canvas at `scale`, that a subtree (shadows and
    /// blurs included) can touch.
    static func deviceRegion(
        _ nodes: [NodeSample], _ i: Int, _ end: Int, scale: Double, width pixelWidth: Int, height pixelHeight: Int
    ) -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for node in nodes[i..<end] {
            let p = node.properties
            let shadow = FrameRenderer.hasShadow(p) ? 3 * p.shadow.radius + max(abs(p.shadow.offset.width), abs(p.shadow.offset.height)) : 0
            let spread = shadow + (node.depth > nodes[i].depth ? 3 * max(p.blur, 0) : 0)  // a descendant's own blur
            let b = ShapePainting.box(node)
            minX = min(minX, b.x - spread); minY = min(minY, b.y - spread)
            maxX = max(maxX, b.x + b.width + spread); maxY = max(maxY, b.y + b.height + spread)
        }
        let blur = 3 * max(nodes[i].properties.blur, 0)  // the subtree's blur spreads all of it
        minX -= blur; minY -= blur; maxX += blur; maxY += blur
        let x0 = max(0, checkedInt(minX * scale, .down) - 1), y0 = max(0, checkedInt(minY * scale, .down) - 1)
        let x1 = min(pixelWidth, checkedInt(maxX * scale, .up) + 1), y1 = min(pixelHeight, checkedInt(maxY * scale, .up) + 1)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }
}

import CCairo
import AnimhostCore

/// Draws a layer turned out of the screen's plane as Core Animation draws a layer that does not
/// preserve 3-D: its subtree drawn flat into an offscreen image in its own plane, then that image
/// projected onto the target through the layer's perspective mapping (pixman's projective
/// transform, bilinear filtering), clipped to the part in front of the eye.
extension FrameRenderer {
    /// The most points a flattened layer's image reaches beyond the layer's bounds on each side, in
    /// canvas sizes: what lies further out is cut off, so that a subtree far off its layer cannot claim a huge image.
    static let projectedMargin = 1.0

    /// Draws the subtree `i..<end`, whose node has a projective mapping, onto `cr` with `alpha`.
    func drawProjected(_ nodes: [NodeSample], _ i: Int, _ end: Int, on cr: OpaquePointer, alpha: Double) throws {
        guard let space = nodes[i].space, let inverse = space.toContainer.inverted() else { return }  // edge-on: nothing shows
        let canvasSize = Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        guard let extent = planeExtent(nodes, i, end, inverse: inverse, canvas: canvasSize) else { return }
        let origin = Transform3D.translation(-extent.x, -extent.y, 0)
        let flat = (i..<end).map { k in FrameRenderer.rebased(nodes[k], through: inverse * origin, depth: nodes[i].depth) }
        let sub = try FrameRenderer(size: extent.size, caches: caches)
        sub.clearsToTransparent = true
        sub.projectionLevel = projectionLevel + 1
        sub.frameIndex = frameIndex
        sub.texts = texts
        defer { sub.texts = TextLayouts.Rasters() }
        try sub.drawTrees(of: FrameSample(index: frameIndex, time: 0, nodes: flat))
        let toCanvas = Transform3D.translation(extent.x, extent.y, 0) * space.toContainer
        try composite(sub.canvas, through: toCanvas, onto: cr, alpha: alpha)
    }

    /// The part of the layer's plane its subtree covers (shadows and blurs included), in points,
    /// within ``projectedMargin`` of its bounds; nil when empty.
    private func planeExtent(_ nodes: [NodeSample], _ i: Int, _ end: Int, inverse: Transform3D, canvas: Size) -> Rect? {
        var box: Rect?
        for k in i..<end {
            let n = nodes[k], p = n.properties
            let b = (n.projectiveToContainer * inverse).projectedBounds(of: p.frame.size)
            let shadow = FrameRenderer.hasShadow(p) ? 3 * p.shadow.radius + max(abs(p.shadow.offset.width), abs(p.shadow.offset.height)) : 0
            let spread = shadow + 3 * max(p.blur, 0)
            let r = Rect(x: b.x - spread, y: b.y - spread, width: b.width + 2 * spread, height: b.height + 2 * spread)
            box = box.map { Rect.bounding([$0.origin, Point(x: $0.maxX, y: $0.maxY), r.origin, Point(x: r.maxX, y: r.maxY)]) } ?? r
        }
        let own = nodes[i].properties.frame.size, mx = FrameRenderer.projectedMargin * canvas.width, my = FrameRenderer.projectedMargin * canvas.height
        guard let box else { return nil }
        let x0 = max(box.minX, -mx).rounded(.down), y0 = max(box.minY, -my).rounded(.down)
        let x1 = min(box.maxX, own.width + mx).rounded(.up), y1 = min(box.maxY, own.height + my).rounded(.up)
        guard x1 > x0, y1 > y0, ((x1 - x0) * scale) * ((y1 - y0) * scale) <= Double(FrameRenderer.maxFramePixels) else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `node` as seen in the plane that `toPlane` maps the container to: 2-D when its mapping there
    /// is, still projective when it has a perspective of its own (drawn by a nested flattening).
    static func rebased(_ node: NodeSample, through toPlane: Transform3D, depth: Int) -> NodeSample {
        let size = node.properties.frame.size
        var m = node.projectiveToContainer * toPlane
        // Within the layer's own plane a descendant's mapping is affine but for rounding: snapped to it.
        let affine = abs(m.m14) < 1e-12 && abs(m.m24) < 1e-12 && abs(m.m44 - 1) < 1e-9
        if affine { m = Transform3D(m.affine) }
        let toContainer = affine ? m.affine : m.affineFit(over: size)
        return NodeSample(
            id: node.id, scene: node.scene, isSnapshot: node.isSnapshot, frame: node.frame,
            bbox: m.projectedBounds(of: size),
            opacity: node.opacity, toContainer: toContainer, z: node.z, properties: node.properties,
            depth: node.depth - depth, layoutSize: node.layoutSize, space: affine ? nil : NodeSpace(m))
    }

    /// Projects `image` (points of its plane at this renderer's scale) through `toCanvas` onto `cr`
    /// with `alpha`, clipped to the visible part of the image's rectangle.
    private func composite(_ image: Surface, through toCanvas: Transform3D, onto cr: OpaquePointer, alpha: Double) throws {
        let s = scale
        let imageSize = Size(width: Double(image.width) / s, height: Double(image.height) / s)
        // Device pixels of the target: the visible polygon, cut to the canvas (and a pixel around it).
        let bounds = Rect(x: -1, y: -1, width: Double(pixelWidth) + 2, height: Double(pixelHeight) + 2)
        let polygon = Polygon.clip(toCanvas.visiblePolygon(of: imageSize).map { Point(x: $0.x * s, y: $0.y * s) }, to: bounds)
        guard polygon.count >= 3 else { return }
        let box = Rect.bounding(polygon)
        let x0 = max(0, Int(box.minX.rounded(.down))), y0 = max(0, Int(box.minY.rounded(.down)))
        let x1 = min(pixelWidth, Int(box.maxX.rounded(.up))), y1 = min(pixelHeight, Int(box.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        // Image pixels → target pixels, inverted for pixman (which maps target to source), as 3 × 3 for column vectors.
        let pixelsToCanvas = Transform3D.scale(1 / s, 1 / s, 1) * toCanvas * Transform3D.scale(s, s, 1)
        guard let back = pixelsToCanvas.inverted() else { return }
        let m = [back.m11, back.m21, back.m41, back.m12, back.m22, back.m42, back.m14, back.m24, back.m44]
        // pixman holds the homogeneous point (x, y, w) of every target pixel in 16.16 fixed point: the
        // matrix (any multiple of it maps alike) is scaled so that none passes 16,384 over the region.
        let reach = (0..<3).map { r in abs(m[r * 3]) * Double(x1) + abs(m[r * 3 + 1]) * Double(y1) + abs(m[r * 3 + 2]) }
        guard let largest = reach.max(), largest > 0, largest.isFinite else { return }
        let normalised = m.map { $0 / largest * 16_384 }
        if projectionBuffer == nil { projectionBuffer = try Surface(width: pixelWidth, height: pixelHeight) }
        let buffer = projectionBuffer!
        cairo_surface_flush(image.surface)
        cairo_surface_flush(buffer.surface)
        let drawn = normalised.withUnsafeBufferPointer { mp in
            ah_project_image(
                cairo_image_surface_get_data(image.surface), Int32(image.width), Int32(image.height), Int32(image.stride),
                cairo_image_surface_get_data(buffer.surface), Int32(pixelWidth), Int32(pixelHeight), Int32(buffer.stride),
                mp.baseAddress, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        }
        guard drawn != 0 else { throw RenderError("a layer's perspective is too extreme to draw (its projection overflows pixman's fixed-point numbers)") }
        cairo_surface_mark_dirty_rectangle(buffer.surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for (n, p) in polygon.enumerated() {
            if n == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
        }
        cairo_close_path(cr)
        cairo_clip(cr)
        cairo_set_source_surface(cr, buffer.surface, 0, 0)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }
}

/// Convex polygons in the plane.
enum Polygon {
    /// The part of the convex polygon `points` inside `rect` (Sutherland–Hodgman against each edge).
    static func clip(_ points: [Point], to rect: Rect) -> [Point] {
        var out = points
        let edges: [(Point) -> Double] = [{ $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y }]
        for inside in edges {
            let input = out
            out = []
            for (i, a) in input.enumerated() {
                let b = input[(i + 1) % input.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { out.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                }
            }
            if out.isEmpty { break }
        }
        return out
    }
}

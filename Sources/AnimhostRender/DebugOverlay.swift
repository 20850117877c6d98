import CCairo
import AnimhostCore

/// What the debug overlay adds to one frame beyond the frame's own nodes: the motion path of every
/// node that moves during the whole run, and the touch trail up to this frame. Boxes, ids and anchor
/// points come from the frame itself.
public struct DebugOverlay: Sendable {
    /// Each moving node's centre at every frame it appears in, in order of first appearance.
    public var paths: [[Point]]
    /// The touch locations of the frames so far, the current one last (empty when no finger is down).
    public var trail: [Point]

    public init(paths: [[Point]] = [], trail: [Point] = []) { self.paths = paths; self.trail = trail }

    /// The overlay of each of `frames` (a whole run, in order): the run's motion paths, and the
    /// touch trail of the current gesture up to each frame.
    public static func plan(_ frames: [FrameSample]) -> [DebugOverlay] {
        var order: [String] = [], centres: [String: [Point]] = [:]
        for frame in frames {
            for node in frame.nodes where !node.properties.hidden {
                let key = "\(node.scene ?? "")/\(node.id)/\(node.isSnapshot)"
                if centres[key] == nil { order.append(key) }
                centres[key, default: []].append(Point(x: node.bbox.x + node.bbox.width / 2, y: node.bbox.y + node.bbox.height / 2))
            }
        }
        let paths = order.compactMap { key -> [Point]? in
            let points = centres[key]!
            return points.contains { abs($0.x - points[0].x) > 0.5 || abs($0.y - points[0].y) > 0.5 } ? points : nil
        }
        var trail: [Point] = []
        return frames.map { frame in
            if let touch = frame.touch { trail.append(touch.location) } else { trail = [] }
            return DebugOverlay(paths: paths, trail: trail)
        }
    }
}

/// Draws a ``DebugOverlay`` over a rendered frame, in points scaled to pixels: each visible node's
/// transformed box (magenta) with its id, its anchor point (the centre its transform turns about),
/// the motion paths (cyan, a dot per frame) and the touch point with its trail (yellow).
enum OverlayPainter {
    static let box = Color(r: 1, g: 0, b: 1, a: 1)
    static let path = Color(r: 0, g: 0.9, b: 1, a: 1)
    static let touch = Color(r: 1, g: 0.85, b: 0, a: 1)

    static func draw(_ overlay: DebugOverlay, frame: FrameSample, scale: Double, on cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        cairo_scale(cr, scale, scale)
        cairo_set_line_width(cr, 1)
        for node in frame.nodes where !node.properties.hidden && node.depth > 1 { drawBox(node, on: cr) }
        Draw.setColor(cr, path)
        for points in overlay.paths { polyline(points, dots: 1.5, on: cr) }
        if let current = overlay.trail.last {
            Draw.setColor(cr, touch)
            polyline(overlay.trail, dots: 0, on: cr)
            cairo_arc(cr, current.x, current.y, 10, 0, 2 * .pi)
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
        }
    }

    /// The node's outline after every transform (under a perspective, its projected visible part), its
    /// id above its top-left corner and a cross at its anchor point.
    private static func drawBox(_ node: NodeSample, on cr: OpaquePointer) {
        let size = node.frame.size
        let corners =
            node.space.map { $0.toContainer.visiblePolygon(of: size) }
            ?? [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height), Point(x: 0, y: size.height)]
            .map { node.toContainer.apply(to: $0) }
        Draw.setColor(cr, box)
        if let first = corners.first {
            cairo_move_to(cr, first.x, first.y)
            for c in corners.dropFirst() { cairo_line_to(cr, c.x, c.y) }
            cairo_close_path(cr)
            cairo_stroke(cr)
        }
        let a = node.properties.anchorPoint, local = Point(x: a.x * size.width, y: a.y * size.height)
        if let anchor = node.space.map({ $0.toContainer.project(local) }) ?? node.toContainer.apply(to: local) {
            cairo_move_to(cr, anchor.x - 4, anchor.y); cairo_line_to(cr, anchor.x + 4, anchor.y)
            cairo_move_to(cr, anchor.x, anchor.y - 4); cairo_line_to(cr, anchor.x, anchor.y + 4)
            cairo_stroke(cr)
        }
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 9)
        cairo_move_to(cr, node.bbox.x + 2, node.bbox.y + 10)
        cairo_show_text(cr, node.id)
    }

    /// A polyline through `points`, with a dot of `dots` points' radius at each (none when 0).
    private static func polyline(_ points: [Point], dots: Double, on cr: OpaquePointer) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_stroke(cr)
        guard dots > 0 else { return }
        for p in points {
            cairo_new_sub_path(cr)
            cairo_arc(cr, p.x, p.y, dots, 0, 2 * .pi)
        }
        cairo_fill(cr)
    }
}

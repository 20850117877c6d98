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

/// Where the overlay writes ids, so that none is written over another, and which nodes it boxes: not
/// those an opaque node painted later covers whole (a screen slid over another hides the other's nodes).
struct OverlayLabels {
    /// The ids' size, in points.
    static let fontSize = 9.0
    /// How far apart two lines of ids are, in points.
    static let lineHeight = 11.0
    /// How many opaque covers a frame's nodes are checked against: the first found from the top.
    static let maxCovers = 64
    private var taken: [Rect] = []

    /// Where an id `width` points wide is written for a node whose box is `box`: at its top-left corner,
    /// else on the first line below that no id written yet overlaps, within the box; nil when none is free.
    mutating func place(width: Double, in box: Rect) -> Point? {
        var line = 0.0
        repeat {
            let rect = Rect(x: box.x + 2, y: box.y + line, width: width, height: Self.lineHeight)
            if !taken.contains(where: { $0.overlaps(rect) }) {
                taken.append(rect)
                return Point(x: rect.x, y: rect.y + Self.fontSize + 1)
            }
            line += Self.lineHeight
        } while line + Self.lineHeight <= box.height
        return nil
    }

    /// For each of `nodes` (in paint order), whether no opaque node painted after it covers its box whole.
    static func unoccluded(_ nodes: [NodeSample]) -> [Bool] {
        var covers: [Rect] = [], shown = [Bool](repeating: true, count: nodes.count)
        for i in nodes.indices.reversed() {
            let node = nodes[i]
            shown[i] = !covers.contains { $0.covers(node.bbox) }
            if covers.count < maxCovers, let cover = opaqueArea(node), !covers.contains(where: { $0.covers(cover) }) { covers.append(cover) }
        }
        return shown
    }

    /// The part of the screen `node` paints fully opaque: its box, less its rounded corners, when it is
    /// shown, not turned or in perspective, of opacity 1 and an opaque background colour; else nil.
    private static func opaqueArea(_ node: NodeSample) -> Rect? {
        let p = node.properties, t = node.toContainer
        guard !p.hidden, node.space == nil, node.opacity >= 1, (p.backgroundColor?.a ?? 0) >= 1, t.b == 0, t.c == 0 else { return nil }
        let inset = p.cornerRadius * max(abs(t.a), abs(t.d))
        return Rect(x: node.bbox.x + inset, y: node.bbox.y + inset, width: node.bbox.width - 2 * inset, height: node.bbox.height - 2 * inset)
    }
}

extension Rect {
    /// Whether the two rectangles share some area.
    fileprivate func overlaps(_ r: Rect) -> Bool { minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY }
    /// Whether `r` lies wholly within this rectangle.
    fileprivate func covers(_ r: Rect) -> Bool { minX <= r.minX && minY <= r.minY && maxX >= r.maxX && maxY >= r.maxY }
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
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, OverlayLabels.fontSize)
        let shown = OverlayLabels.unoccluded(frame.nodes)
        var labels = OverlayLabels()
        for (i, node) in frame.nodes.enumerated() where shown[i] && !node.properties.hidden && node.depth > 1 {
            drawBox(node, on: cr)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, node.id, &extents)
            guard let at = labels.place(width: extents.x_advance, in: node.bbox) else { continue }
            cairo_move_to(cr, at.x, at.y)
            cairo_show_text(cr, node.id)
        }
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

    /// The node's outline after every transform (under a perspective, its projected visible part) and a
    /// cross at its anchor point.
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

import CCairo
import AnimhostCore

/// Cairo puts a context into an error state for good when a call fails (a matrix it cannot invert, a
/// coordinate it cannot hold), and every later call on it draws nothing: a frame drawn on such a
/// context would silently repeat the pixels before it. The renderer checks its contexts after each
/// node and fails the frame naming it; a node Core Animation would draw as nothing is skipped before.
enum DrawingCheck {
    /// Whether `t` flattens the plane to a line or a point (a zero scale, an edge-on turn): Core
    /// Animation draws such a layer and its sublayers as nothing, and Cairo refuses the matrix.
    /// A transform with a number that is not finite is not flat: drawing it fails loudly instead.
    static func isFlat(_ t: Transform2D) -> Bool {
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite else { return false }
        return t.a * t.d - t.b * t.c == 0
    }

    /// Throws when `cr` is in an error state after drawing `node` (or `what`) of frame `frame`.
    static func check(_ cr: OpaquePointer, frame: Int, node: NodeSample? = nil, what: String? = nil) throws {
        let status = cairo_status(cr)
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let reason = String(cString: cairo_status_to_string(status))
        let subject = [node.map(name), what].compactMap { $0 }.joined(separator: ", ")
        throw RenderError(
            "frame \(frame) cannot be drawn: \(subject.isEmpty ? "drawing" : subject) failed in Cairo (\(reason)); "
                + "no frame is written in its place")
    }

    /// "node 'ID' of scene 'S'", for messages.
    private static func name(_ node: NodeSample) -> String {
        "node '\(node.id)'" + (node.scene.map { " of scene '\($0)'" } ?? "")
    }
}

import Foundation
import AnimhostCore
import AnimhostRender

/// One node of one frame as the web page draws it: the CSS ``CSSMapping/table`` gives its timeline
/// fields, and its text as real text (``WebText``).
struct WebNodeFrame {
    /// Who the node is across frames: scene, id, snapshot or not, and which of its namesakes.
    let key: String
    /// The key of its parent in this frame; nil for the window (the container, the chrome).
    let parent: String?
    /// The node's size, for the keyframes' tolerance on its transform.
    let extent: Double
    /// The mapped style.
    let style: NodeStyle

    /// The nodes of `frame` in paint order, their pictures named by `images`.
    static func nodes(of frame: FrameSample, images: WebImages) throws -> [WebNodeFrame] {
        var out: [WebNodeFrame] = []
        out.reserveCapacity(frame.nodes.count)
        var open: [(depth: Int, key: String, origin: Point)] = []
        var seen: [String: Int] = [:]
        for (i, n) in frame.nodes.enumerated() {
            if i == frame.chromeIndex { open = [] }  // the chrome lies on the window, outside the container
            while let last = open.last, last.depth >= n.depth { open.removeLast() }
            let base = "\(n.scene ?? "")/\(n.id)\(n.isSnapshot ? "/snapshot" : "")"
            let ordinal = seen[base, default: 0]
            seen[base] = ordinal + 1
            let key = ordinal == 0 ? base : "\(base)/\(ordinal)"
            let parent = open.last
            let fields = WebNodeFields.of(n)
            let context = CSSMappingContext(
                fields: fields, frame: (n.frame.x, n.frame.y, n.frame.width, n.frame.height),
                parentOrigin: (parent?.origin.x ?? 0, parent?.origin.y ?? 0), image: { images.url($0, node: n) })
            var style = NodeStyle()
            for mapping in CSSMapping.table {
                // The exact type, not a cast: `is NSNull` would bridge an array value to NSArray first.
                if let value = fields[mapping.key], type(of: value) != NSNull.self { mapping.apply(value, context, &style) }
            }
            if let failure = images.takeFailure() { throw OutputError("node '\(n.id)' of scene '\(n.scene ?? "?")': \(failure)") }
            if let text = n.properties.text, !text.string.isEmpty { style.parts.append((PaintRank.image, WebText.html(text))) }
            out.append(WebNodeFrame(key: key, parent: parent?.key, extent: max(n.frame.width, n.frame.height, 1), style: style))
            open.append((n.depth, key, n.frame.origin))
        }
        return out
    }
}

/// A node's text as an HTML element filling the node: the same family (fontconfig's `sans-serif`),
/// size, weight, colour and alignment, wrapped by words at the node's width and centred vertically,
/// clipped to the node (from its top where taller), as the renderer lays it out (docs/rendering.md).
enum WebText {
    /// Pango's weight names as CSS weights.
    private static let weights = [
        "ultralight": 200, "thin": 100, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700, "heavy": 800,
        "black": 900
    ]

    /// The element showing `text`.
    static func html(_ text: TextStyle) -> String {
        let align = ["center": "center", "right": "right", "justified": "justify"][text.alignment] ?? "left"
        let c = text.color
        let color = "rgba(\(channel(c.r)), \(channel(c.g)), \(channel(c.b)), \(css(min(max(c.a, 0), 1))))"
        let style = [
            "display: flex", "align-items: safe center", "clip-path: inset(0)", "font-family: sans-serif", "font-size: \(px(text.fontSize))",
            "font-weight: \(weights[text.weight] ?? 400)", "color: \(color)", "text-align: \(align)", "white-space: pre-wrap",
            "overflow-wrap: anywhere", "line-height: normal"
        ].joined(separator: "; ")
        return #"<div class="part text" style="\#(style)"><span style="flex: 1; min-width: 0">\#(HTMLText.escaped(text.string))</span></div>"#
    }

    private static func channel(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
}

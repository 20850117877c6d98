import Foundation
import AnimhostCore

/// The DOM and keyframes of a web page showing a run: one element per node (parts, clip, children and
/// border as ``CSSMapping/table`` lays them out), each CSS property that changes an animation of its
/// own with the keyframes ``WebKeyframes`` keeps. A node missing from a frame is hidden there.
struct WebDocument {
    /// The elements, nested, in paint order.
    private(set) var html = ""
    /// The keyframes as JSON arrays `[element, property, [offset, value, step, offset, value, step, …]]`.
    private(set) var tracks: [String] = []
    /// How many keyframes the tracks hold.
    private(set) var keyframes = 0
    /// Each frame's time, seconds from the start.
    let times: [Double]
    private let curves: WebCurves
    private var nodes: [String: [WebNodeFrame?]] = [:]
    private var children: [String: [String]] = [:]
    /// The parents whose children change order: their children carry `z-index`.
    private var reordered: Set<String> = []
    /// Each node's place among its siblings in each frame.
    private var ranks: [String: [Int]] = [:]
    private var elements: Int
    /// The number after the last animated element's (`data-k`): where another document on the page begins.
    var elementCount: Int { elements }

    /// The page of `frames`, shown at `times` (seconds from the start), keeping the curves of `spans`;
    /// its animated elements are numbered from `firstElement`.
    init(frames: [[WebNodeFrame]], times: [Double], spans: [CurveSpan] = [], firstElement: Int = 0) {
        self.times = times
        elements = firstElement
        curves = WebCurves(times: times, spans: spans)
        for (f, frame) in frames.enumerated() { place(frame, at: f, of: frames.count) }
        findReordered(frames)
        html = (children[""] ?? []).map { element($0) }.joined()
    }

    /// Registers the nodes of frame `f`: a node first seen goes after the sibling painted before it.
    private mutating func place(_ frame: [WebNodeFrame], at f: Int, of count: Int) {
        var previous: [String: String] = [:]
        var rank: [String: Int] = [:]
        for node in frame {
            let parent = node.parent ?? ""
            if nodes[node.key] == nil {
                nodes[node.key] = Array(repeating: nil, count: count)
                ranks[node.key] = Array(repeating: 0, count: count)
                // The sibling painted before is most often the last placed: searched from the end.
                let at = previous[parent].flatMap { children[parent, default: []].lastIndex(of: $0) }.map { $0 + 1 } ?? 0
                children[parent, default: []].insert(node.key, at: at)
            }
            nodes[node.key]![f] = node
            ranks[node.key]![f] = rank[parent, default: 0]
            rank[parent, default: 0] += 1
            previous[parent] = node.key
        }
    }

    /// Marks the parents whose children some frame paints in another order than the page's.
    private mutating func findReordered(_ frames: [[WebNodeFrame]]) {
        let order = children.mapValues { Dictionary(uniqueKeysWithValues: $0.enumerated().map { ($1, $0) }) }
        for frame in frames {
            var last: [String: Int] = [:]
            for node in frame {
                let parent = node.parent ?? ""
                guard let place = order[parent]?[node.key] else { continue }  // placed under another parent
                if place < last[parent, default: -1] { reordered.insert(parent) }
                last[parent] = place
            }
        }
    }

    /// The element of node `key` and its subtree.
    private mutating func element(_ key: String) -> String {
        let frames = nodes[key] ?? []
        let extent = frames.compactMap { $0?.extent }.max() ?? 1
        let parent = frames.compactMap { $0 }.first?.parent ?? ""
        let own: [[(String, String)]?] = frames.enumerated().map { f, node in
            guard let node else { return nil }
            var decls = node.style.node.compactMap(WebDocument.declaration)
            if node.style.hidden { decls.append(("visibility", "hidden")) }
            if reordered.contains(parent) { decls.append(("z-index", String(ranks[key]![f]))) }
            return decls
        }
        let id = attribute(key)
        // Where its parent is missing too, the parent's hiding hides it.
        let covered = frames.indices.map { f in parent != "" && nodes[parent]?[f] == nil }
        var out = #"<div class="node" data-id="\#(id)"\#(styled(own, extent: extent, covered: covered))>"#
        out += slots(frames.map { $0.map { $0.style.parts.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element) } })
        out += #"<div class="clip"\#(styled(frames.map { $0.map { $0.style.clip.compactMap(WebDocument.declaration) } }, extent: extent, hides: false))>"#
        out += #"<div class="sub"\#(styled(frames.map { $0.map { $0.style.sub.compactMap(WebDocument.declaration) } }, extent: extent, hides: false))>"#
        for child in children[key] ?? [] { out += element(child) }
        out += "</div></div>"
        out += slots(frames.map { $0.map { $0.style.overlays.map { (0, $0) } } })
        return out + "</div>\n"
    }

    /// The parts of a node over the frames (nil: the node is missing): one element per part, matched
    /// across frames by its markup less its style; a part a frame lacks is hidden there.
    private mutating func slots(_ frames: [[(rank: Int, html: String)]?]) -> String {
        var order: [String] = []
        var found: [String: (rank: Int, markup: WebPartMarkup, styles: [[(String, String)]?])] = [:]
        // A part's markup mostly recurs frame after frame: each distinct one is split once.
        var markups: [String: WebPartMarkup] = [:]
        for (f, parts) in frames.enumerated() {
            var seen: [String: Int] = [:]
            for part in parts ?? [] {
                let markup = markups[part.html] ?? WebPartMarkup(part.html)
                markups[part.html] = markup
                let n = seen[markup.skeleton, default: 0]
                seen[markup.skeleton] = n + 1
                let key = "\(part.rank)\u{2}\(n)\u{2}\(markup.skeleton)"
                if found[key] == nil {
                    order.append(key)
                    found[key] = (part.rank, markup, Array(repeating: nil, count: frames.count))
                }
                found[key]!.styles[f] = markup.declarations
            }
        }
        let ranked = order.enumerated().sorted { (found[$0.element]!.rank, $0.offset) < (found[$1.element]!.rank, $1.offset) }.map(\.element)
        return ranked.map { key in
            let slot = found[key]!
            return slot.markup.html(style: styled(slot.styles, extent: 1, covered: frames.map { $0 == nil }))
        }.joined()
    }

    /// The ` style="…"` (and ` data-k="N"`) of an element with `frames`' declarations (nil: missing,
    /// so hidden when `hides`); each property that changes gets its keyframes.
    /// Where `covered`, a missing element is hidden by its parent already.
    private mutating func styled(_ frames: [[(String, String)]?], extent: Double, hides: Bool = true, covered: [Bool] = []) -> String {
        var properties: [String] = []
        for decls in frames.compactMap({ $0 }) { for (p, _) in decls where !properties.contains(p) { properties.append(p) } }
        let missing = frames.indices.contains { frames[$0] == nil && !(covered.indices.contains($0) && covered[$0]) }
        if hides && missing && !properties.contains("visibility") { properties.append("visibility") }
        var inline: [String] = []
        var animated = false
        for property in properties {
            let values = WebDocument.values(of: property, in: frames, covered: covered)
            if values.allSatisfy({ $0 == values[0] }) {
                if !(property == "visibility" && values[0] == "inherit") { inline.append("\(property): \(values[0])") }
                continue
            }
            // Opacity moves through `--o` (web.html): an animated `opacity` would make the browser composite the
            // element apart and draw it, under a scaled parent, resampled and without smoothed edges.
            let animatedName = property == "opacity" ? "--o" : property
            if property == "opacity" { inline.append("opacity: var(--o)") }
            inline.append("\(animatedName): \(values[0])")
            let kept = curves.keys(values, property: property, extent: extent)
            let keys = WebDocument.keys(kept, times: times)
            keyframes += kept.count
            tracks.append("[\(elements),\(json(animatedName)),[\(keys.joined(separator: ","))]]")
            animated = true
        }
        let style = inline.isEmpty ? "" : #" style="\#(attribute(inline.joined(separator: "; ")))""#
        defer { if animated { elements += 1 } }
        return style + (animated ? #" data-k="\#(elements)""# : "")
    }

    /// Keyframes as `offset, value, easing` triples (easing 0: linear, 1: `step-end`, else the easing's text).
    private static func keys(_ keys: [WebKey], times: [Double]) -> [String] {
        let start = times.first!, duration = times.last! - start
        return keys.map { key in
            let easing = key.easing.map { $0 == "step-end" ? "1" : json($0) } ?? "0"
            return "\(css((key.time - start) / duration)),\(json(key.value)),\(easing)"
        }
    }

    /// The value of `property` at each frame: as declared, else its default; where the element is
    /// missing, `hidden` for visibility (`inherit` where `covered`) and the nearest frame's value for the rest.
    private static func values(of property: String, in frames: [[(String, String)]?], covered: [Bool]) -> [String] {
        var values: [String?] = frames.enumerated().map { f, decls in
            guard let decls else { return property == "visibility" ? (covered.indices.contains(f) && covered[f] ? "inherit" : "hidden") : nil }
            return decls.last { $0.0 == property }?.1 ?? defaults[property] ?? "initial"
        }
        var last: String? = values.compactMap { $0 }.first
        for i in values.indices {
            if let v = values[i] { last = v } else { values[i] = last }
        }
        return values.map { $0 ?? "initial" }
    }

    /// What a property is where the mapping declares nothing: the stylesheet's value.
    private static let defaults: [String: String] = [
        "opacity": "1", "visibility": "inherit", "--at": "translate(0px, 0px)", "--t2d": "matrix(1, 0, 0, 1, 0, 0)",
        "--t3d": "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)", "--tz": "translateZ(0px)", "--r": "0px", "--ax": "0.5",
        "--ay": "0.5", "filter": "blur(0px)", "clip-path": "none", "overflow": "visible", "transform": "none", "z-index": "auto"
    ]

    /// `name: value` as a pair; nil for anything else.
    static func declaration(_ text: String) -> (String, String)? {
        guard let colon = text.unicodeScalars.firstIndex(of: ":") else { return nil }
        let name = trimmed(text.unicodeScalars[..<colon]), value = trimmed(text.unicodeScalars[text.unicodeScalars.index(after: colon)...])
        return name.isEmpty ? nil : (name, value)
    }

    /// `text` less its leading and trailing spaces and tabs (`CharacterSet.whitespaces`: category Zs and U+0009).
    private static func trimmed(_ text: Substring.UnicodeScalarView) -> String {
        let space = { (c: Unicode.Scalar) in c == "\t" || c.properties.generalCategory == .spaceSeparator }
        guard let first = text.firstIndex(where: { !space($0) }), let last = text.lastIndex(where: { !space($0) }) else { return "" }
        return String(Substring(text[first...last]))
    }

    /// The declarations of a style attribute, split at the semicolons outside brackets and quotes.
    static func declarations(_ style: String) -> [(String, String)] {
        var parts: [String] = [], current = "", depth = 0, quote: Character? = nil
        for c in style {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
            } else if c == ";" && depth == 0 {
                parts.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        parts.append(current)
        return parts.compactMap(declaration)
    }
}

/// `text` as a JSON string, safe inside a `<script>` element.
func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "<": out += "\\u003c"
        case "\u{2028}": out += "\\u2028"
        case "\u{2029}": out += "\\u2029"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

import Foundation

/// What one node becomes in the oracle's page (Pages/css-oracle.html lays the parts out):
/// `<div class="node">` with its parts beneath, `<div class="clip">` holding the children (each in a
/// `<div class="sub">` when the node has a sublayer transform), then its overlays.
public struct NodeStyle {
    /// CSS declarations of the node's own element (`left`, `opacity`, custom properties the page's
    /// stylesheet composes: `--r`, `--t2d`, …).
    public var node: [String] = []
    /// Elements drawn beneath the children, each with its paint rank (lower first).
    public var parts: [(rank: Int, html: String)] = []
    /// Declarations of the element that clips the children, and of the one wrapped around each child
    /// alone that transforms it (empty: no wrapper).
    public var clip: [String] = [], sub: [String] = []
    /// Elements drawn over the children (the border).
    public var overlays: [String] = []
    /// Whether the node and its subtree are left out.
    public var hidden = false
    /// Whether the node's on-screen box is left out of the comparison (text, an image the oracle cannot load).
    public var excluded = false

    /// An empty style, for the table's entries to fill.
    public init() {}
}

/// Where the parts of a node paint, bottom to top (CALayer's order: shadow, background, contents, sublayers, border).
public enum PaintRank {
    public static let shadow = 0, backdrop = 1, background = 2, gradient = 3, image = 4, shape = 5
}

/// What a mapping is given: the node's timeline fields, its frame, its parent's frame origin, and how to load an image.
public struct CSSMappingContext {
    /// Every field of the node, by key, as JSON values (numbers, strings, booleans, arrays, objects, NSNull).
    public let fields: [String: Any]
    /// The node's untransformed frame in container points.
    public let frame: (x: Double, y: Double, width: Double, height: Double)
    /// The parent's frame origin in container points (the window's: zero).
    public let parentOrigin: (x: Double, y: Double)
    /// The URL the page loads an `image` value from; nil leaves the node's box out of the comparison.
    public let image: (String) -> URL?

    /// The context of a node with `fields` and `frame` under a parent whose frame starts at `parentOrigin`.
    public init(
        fields: [String: Any], frame: (x: Double, y: Double, width: Double, height: Double), parentOrigin: (x: Double, y: Double),
        image: @escaping (String) -> URL?
    ) {
        self.fields = fields
        self.frame = frame
        self.parentOrigin = parentOrigin
        self.image = image
    }
}

/// How one timeline key is drawn in CSS: one entry per property key of the timeline.
public struct CSSMapping: Sendable {
    /// The key, as the timeline writes it.
    public let key: String
    /// Adds the CSS of `value` (the key's JSON value, never null) to the node's style.
    public let apply: @Sendable (_ value: Any, _ context: CSSMappingContext, _ style: inout NodeStyle) -> Void

    /// The entry of `key`, drawn by `apply`.
    public init(_ key: String, _ apply: @escaping @Sendable (Any, CSSMappingContext, inout NodeStyle) -> Void) {
        self.key = key
        self.apply = apply
    }

    /// An entry for a key that does not show on screen (or shows through another entry).
    static func notDrawn(_ key: String) -> CSSMapping { CSSMapping(key) { _, _, _ in } }
}

extension CSSMapping {
    /// Every timeline key and its CSS. A key a frame lacks is not used; a key the table lacks is
    /// reported by the tests' CSS oracle (its page's `unmapped`), so a new property cannot pass unchecked.
    public static let table: [CSSMapping] = identity + existing + layers3D + paths + gradients + corners

    /// Who the node is and what the timeline derives: not drawn themselves.
    static let identity: [CSSMapping] = ["id", "scene", "snapshot", "bbox", "opacity", "z"].map(notDrawn)

    /// The properties of docs/timeline.md.
    static let existing: [CSSMapping] = [
        CSSMapping("frame") { _, c, s in
            // The position is a translation, not `left`/`top`: Chromium rounds a transformed box's offset to whole pixels.
            let f = c.frame
            s.node += ["--at: translate(\(px(f.x - c.parentOrigin.x)), \(px(f.y - c.parentOrigin.y)))", "--w: \(px(f.width))", "--h: \(px(f.height))"]
        },
        CSSMapping("alpha") { v, _, s in s.node.append("opacity: \(css(min(max(number(v) ?? 1, 0), 1)))") },
        CSSMapping("transform") { v, _, s in
            if let t = numbers(v), t.count == 6 { s.node.append("--t2d: matrix(\(t.map(css).joined(separator: ", ")))") }
        },
        CSSMapping("cornerRadius") { v, c, s in
            // CALayer clamps the radius to half the shorter side; CSS would scale it down the same way.
            let r = min(max(number(v) ?? 0, 0), min(c.frame.width, c.frame.height) / 2)
            s.node.append("--r: \(px(r))")
        },
        CSSMapping("hidden") { v, _, s in if v as? Bool == true { s.hidden = true } },
        CSSMapping("backgroundColor") { v, _, s in
            if let color = v as? String { s.parts.append((PaintRank.background, #"<div class="part" style="background-color: \#(color)"></div>"#)) }
        },
        CSSMapping("border") { v, c, s in
            guard let b = v as? [String: Any], let w = number(b["width"]), w > 0, let color = b["color"] as? String else { return }
            // CALayer's border lies inside the bounds, over the sublayers, its inner corners rounded by the radius less
            // the width: an inset shadow's ring on an element over the children (a CSS border's width Chromium rounds to whole pixels).
            let width = min(w, min(c.frame.width, c.frame.height) / 2)
            s.overlays.append(#"<div class="part" style="box-shadow: inset 0 0 0 \#(px(width)) \#(color)"></div>"#)
        },
        CSSMapping("shadow", shadow),
        CSSMapping("image") { v, c, s in
            guard let name = v as? String else { return }
            guard let url = c.image(name) else { return s.excluded = true }
            let fit = ["fill": "fill", "aspectFit": "contain", "aspectFill": "cover"][c.fields["contentMode"] as? String ?? "fill"] ?? "fill"
            let clips = c.fields["clips"] as? Bool == true
            s.parts.append(
                (PaintRank.image, #"<img class="part\#(clips ? "" : " square")" style="object-fit: \#(fit)" src="\#(url.absoluteString)">"#))
        },
        .notDrawn("contentMode"),  // drawn by "image"
        CSSMapping("text") { _, _, s in s.excluded = true },  // text is compared apart: its box is masked
        CSSMapping("clips") { v, _, s in
            // A clip path, not `overflow: hidden`: Chromium rounds an overflow clip's box to whole pixels, a path it covers by area.
            if v as? Bool == true { s.clip.append("clip-path: inset(0 round var(--rtl) var(--rtr) var(--rbr) var(--rbl))") }
        },
        .notDrawn("zIndex"),  // the timeline lists nodes in paint order already, and the page keeps it
        .notDrawn("tag"),
        CSSMapping("blur") { v, _, s in if let b = number(v), b > 0 { s.node.append("filter: blur(\(px(b)))") } }
    ]

    /// Core Animation's drop shadow as `box-shadow`. CSS blurs a shadow by a Gaussian of σ = half the
    /// blur radius (CSS Backgrounds 3, §7.1.1 https://www.w3.org/TR/css-backgrounds-3/#shadow-blur;
    /// Chromium since r618825), and animhost's shadow is a Gaussian of σ = `shadow.radius`
    /// (docs/rendering.md, CALayer's shadowRadius), so the CSS blur radius is twice `shadow.radius`.
    /// CSS paints a box shadow only outside its box; Core Animation's lies beneath the whole layer
    /// (it shows through a translucent background), so the shadow is cast by a box moved off by
    /// `far` points and thrown back by its offset. A `shadowPath` casts it instead.
    static let shadow: @Sendable (Any, CSSMappingContext, inout NodeStyle) -> Void = { v, c, s in
        let f = c.fields
        guard let sh = v as? [String: Any], let opacity = number(sh["opacity"]), opacity > 0, f["shadowPath"] == nil,
            f["backgroundColor"] is String || f["image"] is String, let color = rgba(sh["color"] as? String, times: min(opacity, 1))
        else { return }
        let offset = numbers(sh["offset"]) ?? [0, -3], radius = number(sh["radius"]) ?? 3
        let far = c.frame.width + 6 * radius + abs(offset[0]) + 100
        s.parts.append(
            (
                PaintRank.shadow,
                #"<div class="part" style="left: \#(px(-far)); right: \#(px(far)); transform-origin: \#(px(far)) 0; box-shadow: \#(px(offset[0] + far)) \#(px(offset[1])) \#(px(2 * radius)) \#(color)"></div>"#
            ))
    }

    /// 3-D (layer-contract.md): CATransform3D's 16 numbers are matrix3d()'s, in the same order.
    static let layers3D: [CSSMapping] = [
        CSSMapping("transform3D") { v, _, s in
            if let m = numbers(v), m.count == 16 { s.node.append("--t3d: matrix3d(\(m.map(css).joined(separator: ", ")))") }
        },
        CSSMapping("anchorPoint") { v, _, s in
            if let p = numbers(v), p.count == 2 { s.node += ["--ax: \(css(p[0]))", "--ay: \(css(p[1]))"] }
        },
        CSSMapping("sublayerTransform") { v, _, s in
            // Each child keeps its depth under the parent's matrix (so that its m34 projects it), then flattens.
            if let m = numbers(v), m.count == 16 { s.sub += ["transform: matrix3d(\(m.map(css).joined(separator: ", ")))", "transform-style: preserve-3d"] }
        },
        CSSMapping("zPosition") { v, _, s in if let z = number(v) { s.node.append("--tz: translateZ(\(px(z)))") } }
    ]

    /// Paths (layer-contract.md): SVG path data in bounds coordinates is CSS's `path()` and SVG's `d`.
    static let paths: [CSSMapping] = [
        CSSMapping("shape") { v, _, s in
            guard let shape = v as? [String: Any], let d = shape["path"] as? String else { return }
            let fill = shape["fillColor"] as? String ?? "#000000FF", stroke = shape["strokeColor"] as? String ?? "none"
            let width = number(shape["lineWidth"]) ?? 1, start = number(shape["strokeStart"]) ?? 0, end = number(shape["strokeEnd"]) ?? 1
            let dash = start > 0 || end < 1 ? #" pathLength="1" stroke-dasharray="\#(css(max(end - start, 0))) 2" stroke-dashoffset="\#(css(-start))""# : ""
            s.parts.append(
                (
                    PaintRank.shape,
                    #"<svg class="part shape"><path d="\#(attribute(d))" fill="\#(fill)" stroke="\#(stroke)" stroke-width="\#(css(width))"\#(dash)/></svg>"#
                ))
        },
        CSSMapping("mask") { v, _, s in if let d = v as? String { s.node.append("clip-path: path(nonzero, '\(d)')") } },
        CSSMapping("shadowPath") { v, c, s in
            // A shadow-only element: the path filled in the shadow's colour, blurred by σ = shadow.radius (filter: blur() takes σ).
            guard let d = v as? String, let sh = c.fields["shadow"] as? [String: Any], let opacity = number(sh["opacity"]), opacity > 0,
                let color = rgba(sh["color"] as? String, times: min(opacity, 1))
            else { return }
            let offset = numbers(sh["offset"]) ?? [0, -3], radius = number(sh["radius"]) ?? 3
            s.parts.append(
                (
                    PaintRank.shadow,
                    #"<svg class="part shape" style="transform: translate(\#(px(offset[0])), \#(px(offset[1]))); filter: blur(\#(px(radius)))"><path d="\#(attribute(d))" fill="\#(color)"/></svg>"#
                ))
        }
    ]

    /// Gradients (layer-contract.md): CAGradientLayer's points are in unit coordinates of the bounds.
    static let gradients: [CSSMapping] = [
        CSSMapping("gradient") { v, c, s in
            guard let g = v as? [String: Any], let image = CSSGradient.image(g, size: (c.frame.width, c.frame.height)) else { return }
            s.parts.append((PaintRank.gradient, #"<div class="part" style="background-image: \#(image)"></div>"#))
        }
    ]

    /// Corners and backdrop (layer-contract.md).
    static let corners: [CSSMapping] = [
        CSSMapping("maskedCorners") { v, _, s in
            let kept = Set((v as? [Any] ?? []).compactMap { $0 as? String })
            for (corner, property) in [("minXMinY", "--rtl"), ("maxXMinY", "--rtr"), ("maxXMaxY", "--rbr"), ("minXMaxY", "--rbl")]
            where !kept.contains(corner) {
                s.node.append("\(property): 0px")
            }
        },
        // Chromium draws no continuous (superellipse-blended) corner: circular arcs stand in, and the comparison says so.
        .notDrawn("cornerCurve"),
        CSSMapping("backdropBlur") { v, c, s in
            guard let b = number(v), b > 0 else { return }
            if number(c.fields["alpha"]) ?? 1 >= 1 {
                // A part over the shadow, beneath the background: it blurs the shadow too, as animhost does.
                s.parts.append((PaintRank.backdrop, #"<div class="part" style="backdrop-filter: blur(\#(px(b)))"></div>"#))
            } else {
                // A translucent node's element is its parts' backdrop root (Filter Effects 2): a part would blur
                // nothing. On the element itself, within its corners, the node's opacity fades the blurred backdrop
                // as animhost paints it back with the node's alpha (the shadow is then drawn over it, not blurred).
                s.node += ["backdrop-filter: blur(\(px(b)))", "border-radius: var(--rtl) var(--rtr) var(--rbr) var(--rbl)"]
            }
        }
    ]
}

/// The number formatting the mapping uses, for pages built around it.
public enum CSSText {
    /// A number as CSS writes it (at most six decimals).
    public static func number(_ v: Double) -> String { css(v) }
    /// `text` made safe inside a double-quoted HTML attribute.
    public static func attributeValue(_ text: String) -> String { attribute(text) }
}

/// A length in CSS pixels (= points).
func px(_ v: Double) -> String { css(v) + "px" }

/// A number as CSS writes it.
func css(_ v: Double) -> String {
    let rounded = (v * 1e6).rounded() / 1e6
    return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
}

/// `text` made safe inside a double-quoted HTML attribute.
func attribute(_ text: String) -> String { HTMLText.escaped(text) }

/// A `#RGB[A]`/`#RRGGBB[AA]` colour as CSS `rgba()`, its alpha multiplied by `times`.
func rgba(_ hex: String?, times: Double) -> String? {
    guard var digits = hex?.dropFirst().description, hex?.first == "#", [3, 4, 6, 8].contains(digits.count) else { return nil }
    if digits.count <= 4 { digits = digits.map { "\($0)\($0)" }.joined() }
    if digits.count == 6 { digits += "FF" }
    guard let value = UInt32(digits, radix: 16) else { return nil }
    let (r, g, b, a) = (value >> 24, value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    return "rgba(\(r), \(g), \(b), \(css(Double(a) / 255 * times)))"
}

/// A JSON number as a double, or nil.
func number(_ json: Any?) -> Double? { (json as? NSNumber)?.doubleValue }

/// A JSON array of numbers as doubles, or nil.
func numbers(_ json: Any?) -> [Double]? {
    guard let array = json as? [Any] else { return nil }
    let values = array.compactMap(number)
    return values.count == array.count ? values : nil
}

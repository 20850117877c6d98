import Foundation
import AnimhostCore
import AnimhostRender

/// A node's parts, each a layer: the background and the border as shapes, the picture, the text
/// and the shadow as images. Each part's layers are counted against the budget before they are made.
extension LottieLayers {

    func bounds(_ s: NodeSample) -> Rect { Rect(origin: .zero, size: s.properties.frame.size) }

    private func centred(_ samples: [NodeSample]) -> [[Double]] {
        samples.map { LottieGeometry.placement(over: bounds($0), content: $0.properties.frame.size, through: $0.toContainer) }
    }

    /// A plain coloured box: a rounded rectangle filled with the background colour (none when no
    /// frame shows a colour, as a snapshot's clear background).
    func background(_ track: LottieNodeTrack, _ samples: [NodeSample]) throws -> [Part] {
        guard track.present.contains(where: { ($0.properties.backgroundColor?.a ?? 0) > 0 }) else { return [] }
        let colors = samples.map { s -> [Double] in
            let c = s.properties.backgroundColor ?? .clear
            return [c.r, c.g, c.b, c.a]
        }
        let rect = try rectangle(samples, inset: { _ in 0 })
        let fill: LottieJSON = .object([
            ("ty", .string("fl")), ("nm", .string("fill")),
            ("c", try keys.property(colors.map { Array($0[0..<3]) }, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
            ("o", try keys.property(colors.map { [$0[3] * 100] }, tolerance: 0.01, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
            ("r", .int(1))
        ])
        return [try shapePart(track, "background", items: [rect, fill], samples)]
    }

    /// The border: a stroke inside the bounds, as `CALayer` draws it.
    func border(_ track: LottieNodeTrack, _ samples: [NodeSample]) throws -> [Part] {
        guard track.present.contains(where: { $0.properties.border.width > 0 }) else { return [] }
        let widths = samples.map { s -> Double in
            let b = bounds(s)
            return min(max(s.properties.border.width, 0), min(b.width, b.height) / 2)
        }
        let colors = samples.map { s -> [Double] in
            let c = s.properties.border.color
            return [c.r, c.g, c.b, s.properties.border.width > 0 ? c.a : 0]
        }
        let rect = try rectangle(samples, inset: { s in min(max(s.properties.border.width, 0), min(s.properties.frame.width, s.properties.frame.height) / 2) })
        let stroke: LottieJSON = .object([
            ("ty", .string("st")), ("nm", .string("stroke")),
            ("c", try keys.property(colors.map { Array($0[0..<3]) }, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
            ("o", try keys.property(colors.map { [$0[3] * 100] }, tolerance: 0.01, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
            ("w", try keys.property(widths.map { [$0] }, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
            ("lc", .int(2)), ("lj", .int(1)), ("ml", .int(4))
        ])
        return [try shapePart(track, "border", items: [rect, stroke], samples)]
    }

    /// A rectangle centred on the layer's origin: the bounds less `inset` (half of it on each side),
    /// with the node's corners inset by half of it.
    private func rectangle(_ samples: [NodeSample], inset: (NodeSample) -> Double) throws -> LottieJSON {
        if LottieGeometry.needsOutline(samples) { return try outlined(samples, inset: inset) }
        let sizes = samples.map { s -> [Double] in
            let i = inset(s)
            return [max(s.properties.frame.width - i, 0), max(s.properties.frame.height - i, 0)]
        }
        let radii = samples.map { s -> [Double] in
            let i = inset(s)
            let size = Size(width: max(s.properties.frame.width - i, 0), height: max(s.properties.frame.height - i, 0))
            return [s.properties.cornerShape.inset(by: i / 2).radius(fitting: size)]
        }
        if let size = sizes.first, radii.allSatisfy({ $0 == [0] }), sizes.allSatisfy({ $0 == size }) {
            // Square corners and one size: a path, which every player anti-aliases (ThorVG draws a
            // square-cornered `rc` with its edges rounded to whole pixels: docs/lottie.md).
            let square = LottieGeometry.square(Rect(x: -size[0] / 2, y: -size[1] / 2, width: size[0], height: size[1]))
            return .object([
                ("ty", .string("sh")), ("nm", .string("bounds")), ("d", .int(1)),
                ("ks", .object([("a", .int(0)), ("k", LottieGeometry.path(square))]))
            ])
        }
        return .object([
            ("ty", .string("rc")), ("nm", .string("bounds")), ("d", .int(1)),
            ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("s", try keys.property(sizes, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
            ("r", try keys.property(radii, value: { .num($0[0]) }, keyframe: LottieJSON.nums))
        ])
    }

    /// The bounds less `inset` as ``rectangle(_:inset:)``'s, as a path: corners that Lottie's rounded
    /// rectangle cannot show (some square, or continuous) as their Bézier outline.
    private func outlined(_ samples: [NodeSample], inset: (NodeSample) -> Double) throws -> LottieJSON {
        let paths = samples.map { s -> [Double] in
            let i = inset(s)
            let (w, h) = (max(s.properties.frame.width - i, 0), max(s.properties.frame.height - i, 0))
            let rect = Rect(x: -w / 2, y: -h / 2, width: w, height: h)
            return LottieGeometry.flatten(s.properties.cornerShape.inset(by: i / 2).outline(of: rect), through: .identity)
        }
        return .object([
            ("ty", .string("sh")), ("nm", .string("bounds")), ("d", .int(1)),
            ("ks", try keys.property(paths, value: LottieGeometry.path, keyframe: { .array([LottieGeometry.path($0)]) }))
        ])
    }

    func shapePart(_ track: LottieNodeTrack, _ part: String, items: [LottieJSON], _ samples: [NodeSample]) throws -> Part {
        try budget.layers(1, frames: frameCount, node: track.name)
        let group = LottieLayers.group(part, items)
        return Part(
            fields: [("ty", .int(4)), ("nm", .string("\(track.name) \(part)")), ("shapes", .array([group]))],
            anchor: [0, 0], placement: centred(samples), opacity: Array(repeating: 1, count: frameCount))
    }

    /// One image layer per picture the node shows, drawn at the largest size it appears on screen
    /// anywhere (at most its own), placed as its content mode puts it and masked to the bounds when it overflows them.
    func pictures(_ track: LottieNodeTrack, _ samples: [NodeSample]) throws -> [Part] {
        let names = track.present.compactMap(\.properties.image).uniqued()
        try budget.layers(names.count, frames: frameCount, node: track.name)
        let scene = track.present.first?.scene
        return try names.map { name in
            let size = try naturalSize(name, scene: scene, of: track)
            let natural = Int(size.width)
            let rects = samples.map { ContentLayout.rect(image: size, in: bounds($0), mode: $0.properties.contentMode) }
            let key = LottieLayers.pictureKey(name, scene: scene)
            let widest = self.widest[key] ?? 1
            let w = widest.isFinite ? max(1, min(natural, Int(min(widest, Double(natural)).rounded(.up)))) : natural
            let h = max(1, Int((Double(w) * size.height / size.width).rounded()))
            let id = try pictureIDs[key] ?? drawn(name, scene: scene, width: w, height: h, key: key)
            let content = Size(width: Double(w), height: Double(h))
            var fields: LottieLayer = [("ty", .int(2)), ("nm", .string("\(track.name) picture")), ("refId", .string(id))]
            let overflows = zip(samples, rects).contains { s, r in
                r.x < -0.01 || r.y < -0.01 || r.maxX > s.properties.frame.width + 0.01 || r.maxY > s.properties.frame.height + 0.01
            }
            if overflows || track.present.contains(where: { $0.properties.clips && !$0.properties.cornerShape.isSquare }) {
                let outline = LottieGeometry.needsOutline(samples)
                let paths = zip(samples, rects).map { s, r -> [Double] in
                    let fx = Double(w) / max(r.width, 1e-9), fy = Double(h) / max(r.height, 1e-9)
                    let toAsset = Transform2D(a: fx, b: 0, c: 0, d: fy, tx: -r.x * fx, ty: -r.y * fy)
                    let corners = s.properties.clips ? s.properties.cornerShape : .square
                    return LottieGeometry.roundedRect(bounds(s), corners: corners, through: toAsset, outline: outline)
                }
                fields += [("hasMask", .bool(true)), ("masksProperties", .array([try mask(paths)]))]
            }
            return Part(
                fields: fields, anchor: [Double(w) / 2, Double(h) / 2],
                placement: zip(samples, rects).map { LottieGeometry.placement(over: $1, content: content, through: $0.toContainer) },
                opacity: track.samples.map { $0?.properties.image == name ? 1 : 0 })
        }
    }

    /// The image asset of picture `name` drawn at `width` × `height`, kept as the picture's under `key`.
    private func drawn(_ name: String, scene: String?, width: Int, height: Int, key: String) throws -> String {
        try budget.pixels(Double(width), Double(height), for: "picture '\(name)'")
        let id = try assets.image(parts.picture(name, scene: scene, width: width, height: height), of: "picture '\(name)'")
        parts.forget()
        pictureIDs[key] = id
        return id
    }

    /// The node's text as animhost draws it: laid out in a box of the node's layout size (its model
    /// size, or a snapshot's animated one) and stretched over its bounds as its content mode places it.
    /// Each layout is drawn once and cropped to its ink (plus a pixel), so that no player need blend a
    /// transparent box; layouts drawing the same pixels (a one-line text moved within a resized box)
    /// share one image layer, placed at every frame where that frame's layout puts the ink.
    func texts(_ track: LottieNodeTrack, _ samples: [NodeSample]) throws -> [Part] {
        let what = "the text of node '\(track.name)'"
        var drawn: [TextLayoutKey: TextImage?] = [:]  // nil: a layout without ink
        var ids: [String] = [], listed: Set<String> = []
        var shown: [TextImage?] = []
        for s in track.samples {
            guard let s, let style = s.properties.text, s.layoutSize.width > 0, s.layoutSize.height > 0 else {
                shown.append(nil)
                continue
            }
            let key = TextLayoutKey(style: style, size: s.layoutSize)
            if drawn.index(forKey: key) == nil {
                let scale = parts.caches.scale
                try budget.textLayout(of: what)
                try budget.pixels(s.layoutSize.width * scale, s.layoutSize.height * scale, for: what)
                let full = try parts.text(style, size: s.layoutSize)
                let image = try LottieLayers.ink(full).map { ink in
                    TextImage(
                        id: try assets.image(LottieLayers.crop(full, ink), of: what),
                        full: (full.width, full.height), ink: ink)
                }
                drawn.updateValue(image, forKey: key)
            }
            let layout = drawn[key] ?? nil
            if let id = layout?.id, listed.insert(id).inserted { ids.append(id) }
            shown.append(layout)
        }
        try budget.layers(ids.count, frames: frameCount, node: track.name)
        let inks = Dictionary(shown.compactMap { $0.map { ($0.id, $0.ink) } }, uniquingKeysWith: { first, _ in first })
        return ids.map { id in
            let ink = inks[id]!
            let content = Size(width: Double(ink.w), height: Double(ink.h))
            let placements = zip(samples, shown).map { s, layout -> [Double]? in
                guard let layout, layout.id == id else { return nil }
                let rect = ContentLayout.rect(image: s.layoutSize, in: bounds(s), mode: s.properties.contentMode)
                let fx = rect.width / Double(layout.full.w), fy = rect.height / Double(layout.full.h)
                let over = Rect(
                    x: rect.x + Double(layout.ink.x) * fx, y: rect.y + Double(layout.ink.y) * fy,
                    width: Double(layout.ink.w) * fx, height: Double(layout.ink.h) * fy)
                return LottieGeometry.placement(over: over, content: content, through: s.toContainer)
            }
            let placement = held(placements)
            return Part(
                fields: [("ty", .int(2)), ("nm", .string("\(track.name) text")), ("refId", .string(id))],
                anchor: [content.width / 2, content.height / 2], placement: placement,
                opacity: shown.map { $0?.id == id ? 1 : 0 })
        }
    }

    /// The shadow's images: one per blur radius shown (to a quarter octave), colour and corner
    /// radius, drawn at the size of the first frame showing it and stretched with the node after.
    func shadows(_ track: LottieNodeTrack, _ samples: [NodeSample]) throws -> [Part] {
        struct Key: Hashable { let level: Int; let color: Color; let corners: CornerShape; let path: ShapePath? }
        func key(_ p: NodeProperties) -> Key? {
            guard p.shadow.opacity > 0, p.backgroundColor != nil || p.image != nil || p.paths.shadowPath != nil, p.frame.width > 0, p.frame.height > 0 else { return nil }
            return Key(
                level: Int((log2(max(p.shadow.radius, 0.25)) * 4).rounded()), color: p.shadow.color,
                corners: p.cornerShape.fitting(p.frame.size).mapRadii { ($0 * 2).rounded() / 2 }, path: p.paths.shadowPath)
        }
        var seen: [(Key, Size)] = [], known: Set<Key> = []
        for s in track.present {
            if let k = key(s.properties), known.insert(k).inserted { seen.append((k, s.properties.frame.size)) }
        }
        try budget.layers(seen.count, frames: frameCount, node: track.name)
        return try seen.map { k, size in
            let radius = pow(2, Double(k.level) / 4), scale = parts.caches.scale, what = "the shadow of node '\(track.name)'"
            // The mask reaches 3 radii beyond each side; at full resolution, an upper bound of its pixels.
            try budget.pixels((size.width + 6 * radius) * scale, (size.height + 6 * radius) * scale, for: what)
            let (bitmap, over) = try parts.shadow(size: size, corners: k.corners, radius: radius, color: k.color, path: k.path)
            parts.forget()
            let id = try assets.image(bitmap, of: what)
            let content = Size(width: Double(bitmap.width), height: Double(bitmap.height))
            let rects = samples.map { s -> Rect in
                let p = s.properties
                let fx = p.frame.width / size.width, fy = p.frame.height / size.height
                return Rect(
                    x: over.x * fx + p.shadow.offset.width, y: over.y * fy + p.shadow.offset.height,
                    width: over.width * fx, height: over.height * fy)
            }
            let opacity = track.samples.map { s -> Double in
                guard let p = s?.properties, key(p) == k else { return 0 }
                return min(max(p.shadow.opacity, 0), 1)
            }
            return Part(
                fields: [("ty", .int(2)), ("nm", .string("\(track.name) shadow")), ("refId", .string(id))],
                anchor: [content.width / 2, content.height / 2],
                placement: zip(samples, rects).map { LottieGeometry.placement(over: $1, content: content, through: $0.toContainer) },
                opacity: opacity, boxes: zip(samples, rects).map { LottieLayers.box($1, through: $0.toContainer) })
        }
    }

    /// A text laid out in a box of a size.
    private struct TextLayoutKey: Hashable {
        let style: TextStyle
        let size: Size
    }

    /// A text layout's image: the asset of its ink, the whole layout's size in pixels and where the ink lies in it.
    private struct TextImage {
        let id: String
        let full: (w: Int, h: Int)
        let ink: (x: Int, y: Int, w: Int, h: Int)
    }

    /// The box of `bitmap`'s pixels that are not fully transparent, grown by a pixel within it; nil when all are.
    static func ink(_ bitmap: Bitmap) -> (x: Int, y: Int, w: Int, h: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.bytes[(y * bitmap.width + x) * 4 + 3] != 0 {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        guard x1 >= 0 else { return nil }
        let (left, top) = (max(x0 - 1, 0), max(y0 - 1, 0))
        return (left, top, min(x1 + 2, bitmap.width) - left, min(y1 + 2, bitmap.height) - top)
    }

    /// The part of `bitmap` inside `box`.
    static func crop(_ bitmap: Bitmap, _ box: (x: Int, y: Int, w: Int, h: Int)) -> Bitmap {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(box.w * box.h * 4)
        for y in box.y..<(box.y + box.h) {
            let start = (y * bitmap.width + box.x) * 4
            bytes += bitmap.bytes[start..<(start + box.w * 4)]
        }
        return Bitmap(width: box.w, height: box.h, bytes: bytes)
    }
}

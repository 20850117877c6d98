import Foundation
import AnimhostCore
import AnimhostRender

/// A layer's fields, without the index its composition gives it.
typealias LottieLayer = [(String, LottieJSON)]

/// Builds the layers of a run's nodes. A node with children (or with several parts) becomes a
/// precomposition layer holding its parts and its children's layers, so that its opacity applies
/// to the subtree as one (UIKit's group opacity) and `clips` masks the subtree; a node of one part
/// is that part's layer. Parts: the background (a shape), the picture and the text (images), the
/// border (a stroke) and the shadow (an image, in the parent's composition, beneath the node).
/// Every layer is placed in the container's coordinates.
final class LottieLayers {
    let tracks: LottieNodeTracks
    let keys: LottieKeyframes
    let assets: LottieAssets
    let parts: PartRasteriser
    let canvas: Size
    let budget: LottieBudget
    var frameCount: Int { keys.times.count }
    /// The widest each picture appears on screen, in pixels, over every node and frame (by picture
    /// key): every node showing a picture shares one image asset drawn at that width.
    var widest: [String: Double] = [:]
    /// Each picture's own size in pixels (by picture key), decoded once.
    private var naturals: [String: Size] = [:]
    /// Each picture's image asset (by picture key): drawn once, at its widest.
    var pictureIDs: [String: String] = [:]
    /// Pairs of boxes groups may still compare (see ``mayCompare(_:frames:pairsLeft:)``).
    var pairChecksLeft = LottieLayers.pairChecks

    init(
        tracks: LottieNodeTracks, keys: LottieKeyframes, assets: LottieAssets, parts: PartRasteriser, canvas: Size, budget: LottieBudget
    ) throws {
        self.tracks = tracks; self.keys = keys; self.assets = assets; self.parts = parts; self.canvas = canvas; self.budget = budget
        for t in 0..<tracks.count {
            let track = tracks[t]
            for s in track.present {
                guard let name = s.properties.image else { continue }
                let natural = try naturalSize(name, scene: s.scene, of: track)
                let rect = ContentLayout.rect(image: natural, in: bounds(s), mode: s.properties.contentMode)
                let t = s.toContainer
                let width = rect.width * (t.a * t.a + t.b * t.b).squareRoot() * parts.caches.scale
                let key = LottieLayers.pictureKey(name, scene: s.scene)
                widest[key] = max(widest[key] ?? 0, width)
            }
        }
    }

    /// The picture's own size in pixels, decoded the first time it is asked for (and not kept), as
    /// one more distinct picture of the budget.
    func naturalSize(_ name: String, scene: String?, of track: LottieNodeTrack) throws -> Size {
        let key = LottieLayers.pictureKey(name, scene: scene)
        if let known = naturals[key] { return known }
        try budget.picture(name, node: track.name)
        let natural = try naming(track) { try parts.pictureSize(name, scene: scene) }
        parts.forget()
        try budget.pixels(Double(natural.width), Double(natural.height), for: "picture '\(name)'")
        let size = Size(width: Double(natural.width), height: Double(natural.height))
        naturals[key] = size
        return size
    }

    /// Pictures named alike in different scenes are different files, but for placeholders.
    static func pictureKey(_ name: String, scene: String?) -> String {
        name.hasPrefix("placeholder:") ? name : (scene ?? "") + "\u{0}" + name
    }

    /// A layer before it is written: its own fields, and per frame its placement (see
    /// ``LottieGeometry/placement(over:content:through:)``; nil for a precomposition, placed as its
    /// parent), its opacity (0…1) and the box it may paint in the container (nil: nothing).
    struct Part {
        var fields: LottieLayer
        var anchor: [Double]
        var placement: [[Double]]?
        var opacity: [Double]
        var boxes: [Rect?] = []

        /// The layer's name (`nm`), for messages.
        var name: String {
            for case let ("nm", .string(name)) in fields { return name }
            return ""
        }
    }

    /// The layers of the container's children, bottom first.
    func rootLayers() throws -> [LottieLayer] { try tracks.roots.flatMap { try layers(of: $0) }.map { try layer($0) } }

    /// The layers node `t` adds to its parent's composition, bottom first: its own part alone, its
    /// parts and its children's layers with its opacity multiplied in when they never overlap while
    /// it is translucent, else a precomposition of them that takes its opacity as a group.
    private func layers(of t: Int) throws -> [Part] {
        let track = tracks[t]
        let samples = held(track.samples)
        let alpha = track.samples.map { s -> Double in
            guard let s, !s.properties.hidden else { return 0 }
            return min(max(s.properties.alpha, 0), 1)
        }
        let bounds = samples.map { Optional($0.bbox) }
        keys.layer = track.name
        let own = try naming(track) {
            try background(track, samples) + pictures(track, samples) + texts(track, samples) + gradient(track, samples) + shapes(track, samples)
        }
        let border = try self.border(track, samples)
        let children = try track.children.flatMap { try layers(of: $0) }
        keys.layer = track.name
        let below = try naming(track) { try shadows(track, samples) }.map { $0.faded(by: alpha) }
        let inside = own.map { $0.covering(bounds) } + children + border.map { $0.covering(bounds) }
        let clips = track.present.contains { $0.properties.clips }
        let masks = try naming(track) { try pathMasks(track, samples) }
        if masks.isEmpty && children.isEmpty && inside.count == 1
            || !clips && masks.isEmpty
                && LottieLayers.mayCompare(inside.count, frames: frameCount, pairsLeft: &pairChecksLeft)
                && LottieLayers.apart(inside, while: alpha)
        {
            return below + inside.map { $0.faded(by: alpha) }
        }
        guard !inside.isEmpty else { return below }
        try budget.layers(1, frames: frameCount, node: track.name)
        let id = assets.comp(LottieLayers.indexed(try inside.map { try layer($0) }))
        var fields: LottieLayer = [("ty", .int(0)), ("nm", .string(track.name)), ("refId", .string(id))]
        if clips || !masks.isEmpty {
            keys.layer = track.name
            fields.append(("hasMask", .bool(true)))
            fields.append(("masksProperties", .array(masks + (clips ? [try clip(samples, mode: masks.isEmpty ? "a" : "i")] : []))))
        }
        fields += [("w", .num(canvas.width)), ("h", .num(canvas.height))]
        let boxes = LottieLayers.union(inside, frames: frameCount)
        return below + [Part(fields: fields, anchor: [0, 0], placement: nil, opacity: alpha, boxes: boxes)]
    }

    /// Runs `body`, naming the node in any drawing error it throws.
    func naming<T>(_ track: LottieNodeTrack, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as RenderError {
            throw RenderError("node '\(track.name)': \(e.description)")
        }
    }

    /// A composition's layers, given bottom first: Lottie lists them top first, numbered from 1.
    static func indexed(_ bottomFirst: [LottieLayer]) -> [LottieJSON] {
        bottomFirst.reversed().enumerated().map { i, fields in .object([("ddd", .int(0)), ("ind", .int(i + 1))] + fields) }
    }

    private var timing: LottieLayer {
        [("ip", .int(0)), ("op", .int(frameCount)), ("st", .int(0)), ("bm", .int(0))]
    }

    /// Every frame's value, frames without one holding the nearest one before (after, for the first
    /// frames); their layer is at opacity 0 there.
    func held<T>(_ samples: [T?]) -> [T] {
        guard let first = samples.first(where: { $0 != nil }) ?? nil else { return [] }
        var last = first
        return samples.map { s in
            if let s { last = s }
            return last
        }
    }

    /// The part's fields with its transform and timing, its keyframes counted.
    private func layer(_ part: Part) throws -> LottieLayer {
        var fields = part.fields
        keys.layer = part.name
        let ks = try transform(anchor: part.anchor, placement: part.placement, opacity: part.opacity)
        fields.insert(("sr", .int(1)), at: 2)
        fields.insert(("ks", ks), at: 3)
        fields.insert(("ao", .int(0)), at: 4)
        return fields + timing
    }

    /// A layer's `ks`: its anchor, its placement (nil: the identity) and its opacity.
    private func transform(anchor: [Double], placement: [[Double]]?, opacity: [Double]) throws -> LottieJSON {
        var fields: LottieLayer = [("a", .object([("a", .int(0)), ("k", .nums(anchor))]))]
        if var placement {
            LottieGeometry.unwrapRotation(&placement)
            fields.append(("p", try keys.property(placement.map { [$0[0], $0[1]] }, value: LottieJSON.nums, keyframe: LottieJSON.nums)))
            fields.append(("s", try keys.property(placement.map { [$0[2], $0[3]] }, value: LottieJSON.nums, keyframe: LottieJSON.nums)))
            fields.append(("r", try keys.property(placement.map { [$0[4]] }, value: { .num($0[0]) }, keyframe: LottieJSON.nums)))
        } else {
            fields += [
                ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
                ("s", .object([("a", .int(0)), ("k", .nums([100, 100]))])),
                ("r", .object([("a", .int(0)), ("k", .int(0))]))
            ]
        }
        let percent = opacity.map { [LottieLayers.eightBit($0) * 100] }
        fields.append(("o", try keys.property(percent, tolerance: 0.01, value: { .num($0[0]) }, keyframe: LottieJSON.nums)))
        return .object(fields)
    }

    /// An opacity as an 8-bit compositor shows it at its ends: 0 when it rounds to no alpha at all, 1
    /// when it rounds to full alpha (as Cairo draws them). A player offscreens a composition whose
    /// opacity is not 1, and some (rlottie) darken the frame a little with each offscreen pass.
    static func eightBit(_ opacity: Double) -> Double {
        opacity * 255 < 0.5 ? 0 : opacity * 255 >= 254.5 ? 1 : opacity
    }

    /// The mask of a node that clips: its rounded bounds on screen; frames it does not clip in, the canvas and more.
    private func clip(_ samples: [NodeSample], mode: String) throws -> LottieJSON {
        let everywhere = Rect(x: -canvas.width, y: -canvas.height, width: 3 * canvas.width, height: 3 * canvas.height)
        let outline = LottieGeometry.needsOutline(samples)
        let paths = samples.map { s -> [Double] in
            let p = s.properties
            guard p.clips else { return LottieGeometry.roundedRect(everywhere, corners: .square, through: .identity, outline: outline) }
            return LottieGeometry.roundedRect(Rect(origin: .zero, size: p.frame.size), corners: p.cornerShape, through: s.toContainer, outline: outline)
        }
        return try mask(paths, mode: mode)
    }

    func mask(_ paths: [[Double]], mode: String = "a") throws -> LottieJSON {
        .object([
            ("inv", .bool(false)), ("mode", .string(mode)), ("nm", .string("clip")),
            ("pt", try keys.property(paths, value: LottieGeometry.path, keyframe: { .array([LottieGeometry.path($0)]) })),
            ("o", .object([("a", .int(0)), ("k", .int(100))])), ("x", .object([("a", .int(0)), ("k", .int(0))]))
        ])
    }
}

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
    var frameCount: Int { keys.times.count }
    /// The widest each picture appears on screen, in pixels, over every node and frame (by picture
    /// key): every node showing a picture shares one image asset drawn at that width.
    var widest: [String: Double] = [:]

    init(tracks: LottieNodeTracks, keys: LottieKeyframes, assets: LottieAssets, parts: PartRasteriser, canvas: Size) throws {
        self.tracks = tracks; self.keys = keys; self.assets = assets; self.parts = parts; self.canvas = canvas
        for track in tracks.tracks {
            for s in track.present {
                guard let name = s.properties.image else { continue }
                let natural = try naming(track) { try parts.pictureSize(name, scene: s.scene) }
                let rect = ContentLayout.rect(
                    image: Size(width: Double(natural.width), height: Double(natural.height)),
                    in: bounds(s), mode: s.properties.contentMode)
                let t = s.toContainer
                let width = rect.width * (t.a * t.a + t.b * t.b).squareRoot() * parts.caches.scale
                let key = LottieLayers.pictureKey(name, scene: s.scene)
                widest[key] = max(widest[key] ?? 0, width)
            }
        }
    }

    /// Pictures named alike in different scenes are different files, but for placeholders.
    static func pictureKey(_ name: String, scene: String?) -> String {
        name.hasPrefix("placeholder:") ? name : (scene ?? "") + "\u{0}" + name
    }

    /// A node's part: its layer's own fields, and per frame its placement (see
    /// ``LottieGeometry/placement(over:content:through:)``) and opacity (0…1).
    struct Part {
        var fields: LottieLayer
        var anchor: [Double]
        var placement: [[Double]]
        var opacity: [Double]
    }

    /// The layers of the container's children, bottom first.
    func rootLayers() throws -> [LottieLayer] { try tracks.roots.flatMap { try layers(of: $0) } }

    /// The layers node `t` adds to its parent's composition, bottom first.
    private func layers(of t: Int) throws -> [LottieLayer] {
        let track = tracks.tracks[t]
        let samples = held(track.samples)
        let alpha = track.samples.map { s -> Double in
            guard let s, !s.properties.hidden else { return 0 }
            return min(max(s.properties.alpha, 0), 1)
        }
        let own = try naming(track) { try background(track, samples) + pictures(track, samples) + texts(track, samples) }
        let border = self.border(track, samples)
        let children = try track.children.flatMap { try layers(of: $0) }
        let below = try naming(track) { try shadows(track, samples) }.map { part -> LottieLayer in
            var p = part
            p.opacity = zip(p.opacity, alpha).map(*)
            return layer(p)
        }
        let parts = own + border
        if children.isEmpty && parts.count == 1 {
            var p = parts[0]
            p.opacity = zip(p.opacity, alpha).map(*)
            return below + [layer(p)]
        }
        guard !children.isEmpty || !parts.isEmpty else { return below }
        let inside = own.map(layer) + children + border.map(layer)
        let id = assets.comp(LottieLayers.indexed(inside))
        var fields: LottieLayer = [
            ("ty", .int(0)), ("nm", .string(name(track))), ("refId", .string(id)), ("sr", .int(1)),
            ("ks", transform(anchor: [0, 0], placement: nil, opacity: alpha)), ("ao", .int(0))
        ]
        if track.present.contains(where: { $0.properties.clips }) {
            fields.append(("hasMask", .bool(true)))
            fields.append(("masksProperties", .array([clip(samples)])))
        }
        fields += [("w", .num(canvas.width)), ("h", .num(canvas.height))] + timing
        return below + [fields]
    }

    /// Runs `body`, naming the node in any drawing error it throws.
    func naming<T>(_ track: LottieNodeTrack, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as RenderError {
            throw RenderError("node '\(name(track))': \(e.description)")
        }
    }

    /// A composition's layers, given bottom first: Lottie lists them top first, numbered from 1.
    static func indexed(_ bottomFirst: [LottieLayer]) -> [LottieJSON] {
        bottomFirst.reversed().enumerated().map { i, fields in .object([("ddd", .int(0)), ("ind", .int(i + 1))] + fields) }
    }

    private var timing: LottieLayer {
        [("ip", .int(0)), ("op", .int(frameCount)), ("st", .int(0)), ("bm", .int(0))]
    }

    func name(_ track: LottieNodeTrack) -> String {
        track.present.first.map { ($0.scene.map { "\($0)/" } ?? "") + $0.id + ($0.isSnapshot ? " (snapshot)" : "") } ?? track.path
    }

    /// Every frame's sample, frames without the node holding the nearest one (their opacity is 0).
    private func held(_ samples: [NodeSample?]) -> [NodeSample] {
        guard let first = samples.first(where: { $0 != nil }) ?? nil else { return [] }
        var last = first
        return samples.map { s in
            if let s { last = s }
            return last
        }
    }

    private func layer(_ part: Part) -> LottieLayer {
        var fields = part.fields
        let ks = transform(anchor: part.anchor, placement: part.placement, opacity: part.opacity)
        fields.insert(("sr", .int(1)), at: 2)
        fields.insert(("ks", ks), at: 3)
        fields.insert(("ao", .int(0)), at: 4)
        return fields + timing
    }

    /// A layer's `ks`: its anchor, its placement (none: the identity) and its opacity.
    private func transform(anchor: [Double], placement: [[Double]]?, opacity: [Double]) -> LottieJSON {
        var fields: LottieLayer = [("a", .object([("a", .int(0)), ("k", .nums(anchor))]))]
        if var placement {
            LottieGeometry.unwrapRotation(&placement)
            fields.append(("p", keys.property(placement.map { [$0[0], $0[1]] }, value: LottieJSON.nums, keyframe: LottieJSON.nums)))
            fields.append(("s", keys.property(placement.map { [$0[2], $0[3]] }, value: LottieJSON.nums, keyframe: LottieJSON.nums)))
            fields.append(("r", keys.property(placement.map { [$0[4]] }, value: { .num($0[0]) }, keyframe: LottieJSON.nums)))
        } else {
            fields += [
                ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
                ("s", .object([("a", .int(0)), ("k", .nums([100, 100]))])),
                ("r", .object([("a", .int(0)), ("k", .int(0))]))
            ]
        }
        fields.append(("o", keys.property(opacity.map { [$0 * 100] }, tolerance: 0.01, value: { .num($0[0]) }, keyframe: LottieJSON.nums)))
        return .object(fields)
    }

    /// The mask of a node that clips: its rounded bounds on screen; frames it does not clip in, the canvas and more.
    private func clip(_ samples: [NodeSample]) -> LottieJSON {
        let everywhere = Rect(x: -canvas.width, y: -canvas.height, width: 3 * canvas.width, height: 3 * canvas.height)
        let paths = samples.map { s -> [Double] in
            let p = s.properties
            guard p.clips else { return LottieGeometry.roundedRect(everywhere, rx: 0, ry: 0, through: .identity) }
            let radius = min(p.cornerRadius, p.frame.width / 2, p.frame.height / 2)  // as CALayer clamps it
            return LottieGeometry.roundedRect(Rect(origin: .zero, size: p.frame.size), rx: radius, ry: radius, through: s.toContainer)
        }
        return mask(paths)
    }

    func mask(_ paths: [[Double]]) -> LottieJSON {
        .object([
            ("inv", .bool(false)), ("mode", .string("a")), ("nm", .string("clip")),
            ("pt", keys.property(paths, value: LottieGeometry.path, keyframe: { .array([LottieGeometry.path($0)]) })),
            ("o", .object([("a", .int(0)), ("k", .int(100))])), ("x", .object([("a", .int(0)), ("k", .int(0))]))
        ])
    }
}

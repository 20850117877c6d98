import AnimhostCore

/// A node's paths in Lottie: its shape as path items (`sh`) filled (`fl`) and stroked (`st`) through a
/// trim (`tm`, the stroke's start and end as one length, as `CAShapeLayer` trims), and its mask as
/// layer masks (`masksProperties`). A Lottie path keeps its vertices from keyframe to keyframe, so each
/// form a node's path takes (its subpaths' vertex counts) is a part or mask of its own, shown in the
/// frames of that form.
extension LottieLayers {
    /// The shape of a path as Lottie needs it to keyframe: each subpath's vertex count and closing.
    struct PathForm: Hashable {
        let subpaths: [Int]
        let closed: [Bool]
    }

    /// `path`'s subpaths as Lottie's contours: flattened as x, y, in-tangent x, y, out-tangent x, y per
    /// vertex (tangents relative to their vertex), moved by `shift`, and whether each is closed.
    static func contours(_ path: ShapePath, shift: Point = .zero) -> [(closed: Bool, flat: [Double])] {
        var out: [(closed: Bool, vertices: [(v: Point, i: Point, o: Point)])] = []
        let zero = Point.zero
        func rel(_ p: Point, _ v: Point) -> Point { Point(x: p.x - v.x, y: p.y - v.y) }
        for e in path.elements {
            switch e {
            case .move(let p): out.append((false, [(p, zero, zero)]))
            case .line(let p): out[out.count - 1].vertices.append((p, zero, zero))
            case .cubic(let a, let b, let c):
                let last = out[out.count - 1].vertices.count - 1
                out[out.count - 1].vertices[last].o = rel(a, out[out.count - 1].vertices[last].v)
                out[out.count - 1].vertices.append((c, rel(b, c), zero))
            case .close:
                var vs = out[out.count - 1].vertices
                if vs.count > 1, let end = vs.last, end.v == vs[0].v {  // the last vertex is the first: one vertex
                    vs[0].i = end.i
                    vs.removeLast()
                }
                out[out.count - 1] = (true, vs)
            }
        }
        return out.map { contour in
            (contour.closed, contour.vertices.flatMap { [$0.v.x + shift.x, $0.v.y + shift.y, $0.i.x, $0.i.y, $0.o.x, $0.o.y] })
        }
    }

    static func form(_ path: ShapePath) -> PathForm {
        let c = contours(path)
        return PathForm(subpaths: c.map { $0.flat.count / 6 }, closed: c.map(\.closed))
    }

    /// A contour as Lottie's path value.
    static func pathValue(_ flat: [Double], closed: Bool) -> LottieJSON {
        func column(_ k: Int) -> LottieJSON {
            .array(stride(from: 0, to: flat.count, by: 6).map { .nums([flat[$0 + k], flat[$0 + k + 1]]) })
        }
        return .object([("c", .bool(closed)), ("v", column(0)), ("i", column(2)), ("o", column(4))])
    }

    /// The forms `paths` takes, in order of first appearance.
    private static func forms(_ paths: [ShapePath?]) -> [PathForm] {
        var seen: Set<PathForm> = [], out: [PathForm] = []
        for case let p? in paths where seen.insert(form(p)).inserted { out.append(form(p)) }
        return out
    }

    /// Each frame's contours of `paths` for frames of `form`, the nearest such frame's elsewhere.
    private func values(_ paths: [ShapePath?], of form: PathForm, shift: [Point]) -> [[[Double]]] {
        held(
            zip(paths, shift).map { p, s -> [[Double]]? in
                guard let p, LottieLayers.form(p) == form else { return nil }
                return LottieLayers.contours(p, shift: s).map(\.flat)
            })
    }

    /// The node's shape: a part per form of its path, its fill beneath its trimmed stroke.
    func shapes(_ track: LottieNodeTrack, _ samples: [NodeSample]) throws -> [Part] {
        let paths = samples.map(\.properties.paths.shape.path)
        let shift = samples.map { Point(x: -$0.properties.frame.width / 2, y: -$0.properties.frame.height / 2) }
        return try LottieLayers.forms(paths).map { form in
            let contours = values(paths, of: form, shift: shift)
            let items = try form.subpaths.indices.map { k -> LottieJSON in
                let closed = form.closed[k]
                return .object([
                    ("ty", .string("sh")), ("nm", .string("path")),
                    ("ks", try keys.property(contours.map { $0[k] }, value: { LottieLayers.pathValue($0, closed: closed) }, keyframe: { .array([LottieLayers.pathValue($0, closed: closed)]) }))
                ])
            }
            let shapes = samples.map(\.properties.paths.shape)
            let fill: LottieJSON = .object([
                ("ty", .string("fl")), ("nm", .string("fill")),
                ("c", try keys.property(shapes.map { [$0.fillColor.r, $0.fillColor.g, $0.fillColor.b] }, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
                ("o", try keys.property(shapes.map { [$0.fillColor.a * 100] }, tolerance: 0.01, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
                ("r", .int(1))
            ])
            let trim: LottieJSON = .object([
                ("ty", .string("tm")), ("nm", .string("trim")),
                ("s", try keys.property(shapes.map { [$0.strokeStart * 100] }, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
                ("e", try keys.property(shapes.map { [max($0.strokeEnd, $0.strokeStart) * 100] }, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
                ("o", .object([("a", .int(0)), ("k", .int(0))])), ("m", .int(2))
            ])
            let strokes = shapes.map { s -> [Double] in
                let c = s.strokeColor ?? .clear
                return [c.r, c.g, c.b, c.a * 100, max(s.lineWidth, 0)]
            }
            let stroke: LottieJSON = .object([
                ("ty", .string("st")), ("nm", .string("stroke")),
                ("c", try keys.property(strokes.map { Array($0[0..<3]) }, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
                ("o", try keys.property(strokes.map { [$0[3]] }, tolerance: 0.01, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
                ("w", try keys.property(strokes.map { [$0[4]] }, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
                ("lc", .int(1)), ("lj", .int(1)), ("ml", .int(10))
            ])
            let stroked = track.present.contains { ($0.properties.paths.shape.strokeColor?.a ?? 0) > 0 }
            var groups = [LottieLayers.group("fill", items + [fill])]
            if stroked { groups.insert(LottieLayers.group("stroke", items + [trim, stroke]), at: 0) }  // listed top first
            var part = try shapePart(track, "shape", items: groups, samples)
            part.opacity = track.samples.map { s in s?.properties.paths.shape.path.map { LottieLayers.form($0) == form } == true ? 1 : 0 }
            return part
        }
    }

    /// A shape group of `items` with an identity transform.
    static func group(_ name: String, _ items: [LottieJSON]) -> LottieJSON {
        .object([
            ("ty", .string("gr")), ("nm", .string(name)),
            (
                "it",
                .array(
                    items + [
                        .object([
                            ("ty", .string("tr")), ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
                            ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])), ("s", .object([("a", .int(0)), ("k", .nums([100, 100]))])),
                            ("r", .object([("a", .int(0)), ("k", .int(0))])), ("o", .object([("a", .int(0)), ("k", .int(100))]))
                        ])
                    ])
            )
        ])
    }

    /// The node's mask as layer masks in the container's coordinates, added together: a mask per form
    /// and contour of its path, collapsed to a point (no area) in frames of another form; and in frames
    /// without a mask, one over the canvas and more. Empty when no frame has a mask. (Collapsed rather
    /// than at opacity 0: rlottie ignores a mask's opacity.)
    func pathMasks(_ track: LottieNodeTrack, _ samples: [NodeSample]) throws -> [LottieJSON] {
        guard track.present.contains(where: { $0.properties.paths.mask != nil }) else { return [] }
        let paths = samples.map { s in s.properties.paths.mask.map { $0.applying(s.toContainer) } }
        var masks: [LottieJSON] = []
        for form in LottieLayers.forms(paths) {
            let contours = values(paths, of: form, shift: paths.map { _ in .zero })
            let shown = paths.map { p in p.map { LottieLayers.form($0) == form } == true }
            for k in form.subpaths.indices {
                masks.append(try layerMask(zip(contours, shown).map { $1 ? $0[k] : LottieLayers.collapsed($0[k]) }, closed: true))
            }
        }
        if paths.contains(where: { $0 == nil }) {
            let everywhere = Rect(x: -canvas.width, y: -canvas.height, width: 3 * canvas.width, height: 3 * canvas.height)
            let flat = LottieGeometry.roundedRect(everywhere, corners: .square, through: .identity)
            masks.append(try layerMask(paths.map { $0 == nil ? flat : LottieLayers.collapsed(flat) }, closed: true))
        }
        return masks
    }

    /// A flattened contour with every vertex on its first and no tangents: a mask of no area.
    static func collapsed(_ flat: [Double]) -> [Double] {
        guard flat.count >= 2 else { return flat }
        return stride(from: 0, to: flat.count, by: 6).flatMap { _ in [flat[0], flat[1], 0, 0, 0, 0] }
    }

    private func layerMask(_ values: [[Double]], closed: Bool) throws -> LottieJSON {
        .object([
            ("inv", .bool(false)), ("mode", .string("a")), ("nm", .string("mask")),
            ("pt", try keys.property(values, value: { LottieLayers.pathValue($0, closed: closed) }, keyframe: { .array([LottieLayers.pathValue($0, closed: closed)]) })),
            ("o", .object([("a", .int(0)), ("k", .int(100))])),
            ("x", .object([("a", .int(0)), ("k", .int(0))]))
        ])
    }
}

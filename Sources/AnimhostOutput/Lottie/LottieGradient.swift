import AnimhostCore
import AnimhostRender

/// A node's gradient in the Lottie document: a gradient fill (`gf`) over a rectangle of the node's
/// bounds, in a group of its own (docs/lottie.md). Lottie's radial gradients are circles, so a
/// radial one's group is stretched vertically into the ellipse Core Animation draws, its rectangle
/// squeezed by as much. A conic gradient, which Lottie lacks, is a flat fill of its colours'
/// premultiplied average. Players blend between stops of different alphas straight, not
/// premultiplied (a clear stop takes its neighbour's colour, which makes the two blends agree there).
extension LottieLayers {
    func gradient(_ track: LottieNodeTrack, _ samples: [NodeSample]) throws -> [Part] {
        let drawn = track.present.filter(\.properties.hasGradient)
        guard !drawn.isEmpty else { return [] }
        let spread = drawn.first { $0.properties.gradient.type != .conic }?.properties.gradient.type
        let (stretch, fill) = try spread.map { try gradientFill(samples, radial: $0 == .radial) } ?? averageFill(samples)
        return [try shapePart(track, "gradient", items: try stretchedGroup(samples, stretch: stretch, fill: fill), samples)]
    }

    /// The vertical stretch of each frame's group: a radial gradient's vertical radius over its horizontal one.
    private func stretches(_ samples: [NodeSample]) -> [Double] {
        samples.map { s in
            let g = s.properties.gradient, size = s.properties.frame.size
            guard g.type == .radial else { return 1 }
            let rx = abs(g.endPoint.x - g.startPoint.x) * size.width, ry = abs(g.endPoint.y - g.startPoint.y) * size.height
            return rx > 0 && ry > 0 ? min(max(ry / rx, 1e-3), 1e3) : 1
        }
    }

    /// The gradient fill (linear, or `radial`), with the stretch it is drawn under; a frame of
    /// another type is drawn as this one.
    private func gradientFill(_ samples: [NodeSample], radial: Bool) throws -> ([Double], LottieJSON) {
        let stretch = stretches(samples)
        let count = samples.map(\.properties.gradient.colors.count).max()!
        let translucent = samples.contains { $0.properties.gradient.colors.contains { $0.a < 1 } }
        func point(_ s: NodeSample, _ q: Point, _ k: Double) -> [Double] {
            let size = s.properties.frame.size
            return [(q.x - 0.5) * size.width, (q.y - 0.5) * size.height / k]
        }
        let starts = zip(samples, stretch).map { point($0, $0.properties.gradient.startPoint, $1) }
        let ends = zip(samples, stretch).map { s, k -> [Double] in
            let g = s.properties.gradient, size = s.properties.frame.size
            guard radial else { return point(s, g.endPoint, k) }
            let start = point(s, g.startPoint, k), rx = abs(g.endPoint.x - g.startPoint.x) * size.width
            return [start[0] + max(rx, 1e-3), start[1]]
        }
        let stops = samples.map { s -> [Double] in
            var stops = LottieLayers.tinted(s.properties.gradient.stops)
            if stops.isEmpty { stops = [(0, .clear)] }
            while stops.count < count { stops.append(stops[stops.count - 1]) }
            let colors = stops.flatMap { [$0.location, $0.color.r, $0.color.g, $0.color.b] }
            return translucent ? colors + stops.flatMap { [$0.location, $0.color.a] } : colors
        }
        let opacity = samples.map { [$0.properties.hasGradient ? 100.0 : 0] }
        let fill: LottieJSON = .object([
            ("ty", .string("gf")), ("nm", .string("gradient")),
            ("o", try keys.property(opacity, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
            ("r", .int(1)), ("t", .int(radial ? 2 : 1)),
            ("s", try keys.property(starts, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
            ("e", try keys.property(ends, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
            ("g", .object([("p", .int(count)), ("k", try keys.property(stops, tolerance: 1e-4, value: LottieJSON.nums, keyframe: LottieJSON.nums))])),
            ("h", .object([("a", .int(0)), ("k", .int(0))])), ("a", .object([("a", .int(0)), ("k", .int(0))]))
        ])
        return (stretch, fill)
    }

    /// The stops with each clear one given the colour of the stop before it (of the one after, for
    /// the first): players blend colours and opacities apart, straight, and a clear stop's own colour
    /// would tint the blend towards it, which the premultiplied blend never shows.
    static func tinted(_ stops: [(location: Double, color: Color)]) -> [(location: Double, color: Color)] {
        stops.indices.map { i in
            let (location, c) = stops[i]
            guard c.a == 0, let other = i > 0 ? stops[i - 1].color : stops.dropFirst().first?.color else { return (location, c) }
            return (location, Color(r: other.r, g: other.g, b: other.b, a: 0))
        }
    }

    /// A flat fill of each frame's colours averaged premultiplied, for a conic gradient.
    private func averageFill(_ samples: [NodeSample]) throws -> ([Double], LottieJSON) {
        let colors = samples.map { s -> [Double] in
            let c = s.properties.gradient.colors
            guard !c.isEmpty else { return [0, 0, 0, 0] }
            let n = Double(c.count), a = c.reduce(0) { $0 + $1.a } / n
            guard a > 0 else { return [0, 0, 0, 0] }
            return [c.reduce(0) { $0 + $1.r * $1.a } / n / a, c.reduce(0) { $0 + $1.g * $1.a } / n / a, c.reduce(0) { $0 + $1.b * $1.a } / n / a, a]
        }
        let fill: LottieJSON = .object([
            ("ty", .string("fl")), ("nm", .string("gradient")),
            ("c", try keys.property(colors.map { Array($0[0..<3]) }, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
            ("o", try keys.property(colors.map { [$0[3] * 100] }, tolerance: 0.01, value: { .num($0[0]) }, keyframe: LottieJSON.nums)),
            ("r", .int(1))
        ])
        return (Array(repeating: 1, count: samples.count), fill)
    }

    /// A group holding the bounds' rectangle squeezed by `stretch` and the fill, stretched back by it.
    private func stretchedGroup(_ samples: [NodeSample], stretch: [Double], fill: LottieJSON) throws -> [LottieJSON] {
        let sizes = zip(samples, stretch).map { s, k in [s.properties.frame.width, s.properties.frame.height / k] }
        let radii = samples.map { s in [s.properties.cornerShape.radius(fitting: s.properties.frame.size)] }
        let rect: LottieJSON = .object([
            ("ty", .string("rc")), ("nm", .string("bounds")), ("d", .int(1)),
            ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("s", try keys.property(sizes, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
            ("r", try keys.property(radii, value: { .num($0[0]) }, keyframe: LottieJSON.nums))
        ])
        let transform: LottieJSON = .object([
            ("ty", .string("tr")), ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("s", try keys.property(stretch.map { [100, 100 * $0] }, value: LottieJSON.nums, keyframe: LottieJSON.nums)),
            ("r", .object([("a", .int(0)), ("k", .int(0))])), ("o", .object([("a", .int(0)), ("k", .int(100))]))
        ])
        return [.object([("ty", .string("gr")), ("nm", .string("stretch")), ("it", .array([rect, fill, transform]))])]
    }
}

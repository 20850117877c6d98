import AnimhostCore

extension LottieEncoder {
    /// The approximated properties whose values some frame shows in a form players cannot draw,
    /// each with the nodes showing it, for the run's summary: a conic gradient (a flat fill in the
    /// document), gradient stops of different alphas and colours (blended straight, not premultiplied) and a mask
    /// over a node whose shadow shows (the shadow is not masked).
    static func approximations(_ frames: [FrameSample]) -> [(property: NodeProperty, nodes: [String])] {
        let shown = frames.flatMap { $0.nodes.filter { $0.opacity > 0 && !$0.properties.hidden } }
        return lossy.compactMap { key, loses in
            guard let declared = NodeProperty.all.first(where: { $0.path == key }) else { return nil }
            let nodes = shown.filter { loses($0.properties) }.map(\.lottieName).uniqued()
            return nodes.isEmpty ? nil : (declared, nodes)
        }
    }

    /// Whether blending `colors` straight differs from blending them premultiplied: two neighbours
    /// differ both in alpha and in colour (of equal alphas, or of one colour, the two blends agree).
    static func straightDiffers(_ colors: [Color]) -> Bool {
        zip(colors, colors.dropFirst()).contains { a, b in a.a != b.a && (a.r != b.r || a.g != b.g || a.b != b.b) }
    }

    /// Each approximated property, by its path, with the values its approximation cannot show.
    private static let lossy: [(String, @Sendable (NodeProperties) -> Bool)] = [
        ("gradient.type", { $0.gradient.type == .conic && !$0.gradient.colors.isEmpty }),
        ("gradient.colors", { straightDiffers($0.gradient.colors) }),
        ("mask", { $0.paths.mask != nil && $0.shadow.opacity > 0 })
    ]
}

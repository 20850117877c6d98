import AnimhostCore

extension LottieEncoder {
    /// The nodes some frame shows under a perspective (a projective mapping), named in the run's
    /// summary with `transform3D`'s note: the document carries each frame's 2-D fit of them.
    static func perspectives(_ frames: [FrameSample]) -> [(property: NodeProperty, nodes: [String])] {
        guard let declared = NodeProperty.all.first(where: { $0.key == "transform3D" }) else { return [] }
        let nodes = frames.flatMap { frame in
            frame.nodes.filter { $0.space != nil && $0.opacity > 0 && !$0.properties.hidden }.map(\.lottieName)
        }.uniqued()
        return nodes.isEmpty ? [] : [(declared, nodes)]
    }
}

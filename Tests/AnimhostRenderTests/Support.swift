import XCTest
import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

/// A node's properties in one expression.
func props(_ frame: Rect, background: String? = "#FF0000", _ configure: (inout NodeProperties) -> Void = { _ in }) -> NodeProperties {
    var p = NodeProperties()
    p.frame = frame
    p.backgroundColor = background.flatMap { Color(hex: $0) }
    configure(&p)
    return p
}

/// The frame of a white `size` screen holding `nodes` (each with its children), in a container that
/// `container` may move, fade or shape.
func screen(
    _ size: Size, _ nodes: [(NodeProperties, [NodeProperties])], container: (inout NodeProperties) -> Void = { _ in }
) throws -> FrameSample {
    let container = Node(id: "container", properties: props(Rect(origin: .zero, size: size), background: nil, container))
    let root = Node(id: "root", scene: "test", properties: props(Rect(origin: .zero, size: size), background: "#FFFFFF"))
    try container.add(root)
    for (i, (p, children)) in nodes.enumerated() {
        let node = Node(id: "n\(i)", scene: "test", properties: p)
        try root.add(node)
        for (j, c) in children.enumerated() { try node.add(Node(id: "n\(i)-\(j)", scene: "test", properties: c)) }
    }
    return FrameSampler(container: container).sample(index: 0, time: 0)
}

/// `frame` rendered into a bitmap of `size` at `scale`.
func render(_ frame: FrameSample, size: Size, scale: Double = 1, images: ImageStore = ImageStore()) throws -> Bitmap {
    let renderer = try FrameRenderer(size: size, scale: scale, images: images)
    return try withExtendedLifetime(renderer) { Bitmap(try renderer.render(frame)) }
}

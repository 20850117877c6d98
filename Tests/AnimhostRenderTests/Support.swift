import XCTest
import AnimhostCore
@testable import AnimhostRender

/// A node's properties in one expression.
func props(_ frame: Rect, background: String? = "#FF0000", _ configure: (inout NodeProperties) -> Void = { _ in }) -> NodeProperties {
    var p = NodeProperties()
    p.frame = frame
    p.backgroundColor = background.flatMap { Color(hex: $0) }
    configure(&p)
    return p
}

/// The frame of a white `size` screen holding `nodes` (each with its children).
func screen(_ size: Size, _ nodes: [(NodeProperties, [NodeProperties])]) throws -> FrameSample {
    let container = Node(id: "container", properties: props(Rect(origin: .zero, size: size), background: nil))
    let root = Node(id: "root", scene: "test", properties: props(Rect(origin: .zero, size: size), background: "#FFFFFF"))
    try container.add(root)
    for (i, (p, children)) in nodes.enumerated() {
        let node = Node(id: "n\(i)", scene: "test", properties: p)
        try root.add(node)
        for (j, c) in children.enumerated() { try node.add(Node(id: "n\(i)-\(j)", scene: "test", properties: c)) }
    }
    return FrameSampler(container: container).sample(index: 0, time: 0)
}

/// A rendered frame's pixels as (r, g, b), un-premultiplied (frames are opaque).
struct Pixels {
    let width: Int, height: Int
    let data: [UInt8]

    init(_ buffer: PixelBuffer) {
        width = buffer.width; height = buffer.height
        var out: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let p = buffer.pixel(x, y); out += [p.r, p.g, p.b] } }
        data = out
    }

    subscript(x: Int, y: Int) -> [Int] { (0..<3).map { Int(data[(y * width + x) * 3 + $0]) } }

    /// How many pixels differ from `other`'s (compared without printing megabytes on failure).
    func differences(from other: Pixels) -> Int {
        guard other.width == width, other.height == height else { return width * height }
        var count = 0
        for i in 0..<width * height where data[i * 3] != other.data[i * 3] || data[i * 3 + 1] != other.data[i * 3 + 1]
            || data[i * 3 + 2] != other.data[i * 3 + 2] {
            count += 1
        }
        return count
    }
}

func render(_ frame: FrameSample, size: Size, scale: Double = 1, images: ImageStore = ImageStore()) throws -> Pixels {
    let renderer = try FrameRenderer(size: size, scale: scale, images: images)
    return try withExtendedLifetime(renderer) { Pixels(try renderer.render(frame)) }
}

func assertClose(_ a: [Int], _ b: [Int], within tolerance: Int = 1, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(a) is not within \(tolerance) of \(b) \(message)", file: file, line: line)
}

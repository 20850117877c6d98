import Foundation

/// One frame of a timeline file (docs/timeline.md), read from the JSON alone, with the node tree put
/// back together: what the CSS oracle draws. Nothing of animhost's sampler or renderer is used.
public struct OracleFrame {
    /// The container's size in points.
    public let width: Double, height: Double
    /// The nodes in paint order (the container first), with their parents.
    public let nodes: [OracleNode]

    /// Frame `index` of the timeline file at `url` (its position in `frames`).
    public init(timeline url: URL, frame index: Int) throws {
        let data = try Data(contentsOf: url)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let size = numbers(root["size"]), size.count == 2, let frames = root["frames"] as? [[String: Any]]
        else { throw OracleError("\(url.path): not a timeline file (no size or frames)") }
        guard frames.indices.contains(index), let nodes = frames[index]["nodes"] as? [[String: Any]] else {
            throw OracleError("\(url.path): no frame \(index) (it has \(frames.count))")
        }
        width = size[0]
        height = size[1]
        self.nodes = OracleFrame.tree(try nodes.map(OracleNode.init))
    }

    /// The children of node `i` (nil: the nodes drawn straight onto the window), in paint order.
    public func children(of i: Int?) -> [Int] { nodes.indices.filter { nodes[$0].parent == i } }

    /// Gives each node its parent. The timeline lists a tree in paint order (a parent before its
    /// subtree) without saying whose child each node is, so the parent is found among the nodes whose
    /// subtree may still be open: the deepest one that explains the node's on-screen box and opacity
    /// (its transforms — 2-D and 3-D, with the parent's sublayer transform — and alpha compose with
    /// the parent's into `bbox` and `opacity`) and holds it (its frame holds the node's, or it clips and
    /// holds at least half of it), else the deepest of those its frame overlaps, else the deepest. A scene's root (its id is the scene's name) is the container's child or the
    /// window's (chrome). What this cannot tell apart: a node lying within an earlier sibling (or mostly
    /// within one that clips) whose transform and alpha are the identity reads as its child.
    static func tree(_ list: [OracleNode]) -> [OracleNode] {
        var nodes = list
        var open: [Int] = []  // the path from the window to the last node placed
        for i in nodes.indices {
            let node = nodes[i]
            let candidates = (node.isSceneRoot ? open.prefix(1).filter { nodes[$0].id == "container" } : Array(open)).reversed()
            let explaining = candidates.filter { node.composes(with: nodes[$0]) }
            // Else the deepest it overlaps (a grid's last row hanging out of its screen is the screen's, not the
            // cell's above it), else the deepest.
            let holding = { (list: [Int]) in
                list.first { nodes[$0].holds(node) } ?? list.first { nodes[$0].frame.overlap(node.frame) > 0 } ?? list.first
            }
            let parent = holding(explaining) ?? (node.composes(with: nil) ? nil : holding(Array(candidates)))
            nodes[i].parent = parent
            nodes[i].toWindow = node.placed(in: parent.map { nodes[$0] })
            if let parent { open = Array(open.prefix { $0 != parent }) + [parent, i] } else { open = [i] }
        }
        return nodes
    }
}

/// A node of a timeline frame: its fields as the file has them, and its place in the tree.
public struct OracleNode {
    /// Every field of the node, by key, as JSON values (numbers, strings, booleans, arrays, objects, NSNull).
    public let fields: [String: Any]
    public let id: String
    /// `frame` (container coordinates, untransformed) and `bbox` (on screen), as `[x, y, width, height]`.
    public let frame: OracleRect, bbox: OracleRect
    /// The node's own alpha and the product of the alphas down the tree.
    public let alpha: Double, opacity: Double
    /// The index of the parent in the frame's nodes; nil for the window.
    public internal(set) var parent: Int?
    /// The node's bounds to window points: its parents' transforms and its own.
    public internal(set) var toWindow = OracleMatrix.identity

    init(_ fields: [String: Any]) throws {
        self.fields = fields
        id = fields["id"] as? String ?? ""
        guard let frame = OracleRect(fields["frame"]), let bbox = OracleRect(fields["bbox"]) else {
            throw OracleError("node '\(id)' has no frame or bbox")
        }
        self.frame = frame
        self.bbox = bbox
        alpha = number(fields["alpha"]) ?? 1
        opacity = number(fields["opacity"]) ?? 1
    }

    /// Whether the node is a scene's root (not a snapshot of one).
    var isSceneRoot: Bool { (fields["scene"] as? String) == id && fields["snapshot"] == nil }

    /// The 4 × 4 matrix of a 16-number field (`transform3D`, `sublayerTransform`), or nil.
    func matrix(_ key: String) -> OracleMatrix? { numbers(fields[key]).flatMap { $0.count == 16 ? OracleMatrix(m: $0) : nil } }

    /// The anchor point in bounds points (the layer-contract's default: the centre).
    var anchor: (x: Double, y: Double) {
        let unit = numbers(fields["anchorPoint"]).flatMap { $0.count == 2 ? $0 : nil } ?? [0.5, 0.5]
        return (frame.width * unit[0], frame.height * unit[1])
    }

    /// The node's layer transform: `transform` (lifted to 3-D), then `transform3D`, then `zPosition` along z.
    var layerTransform: OracleMatrix {
        var m = numbers(fields["transform"]).flatMap { $0.count == 6 ? OracleMatrix.affine($0) : nil } ?? .identity
        if let t3 = matrix("transform3D") { m = m.then(t3) }
        if let z = number(fields["zPosition"]), z != 0 { m = m.then(OracleMatrix(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, z, 1])) }
        return m
    }

    /// Its bounds to window points, were `parent` its parent (nil: the window): its layer transform about
    /// its anchor point, its place in the parent, the parent's `sublayerTransform` about the parent's
    /// anchor point, flattened into the parent's plane, then the parent's own way to the window.
    func placed(in parent: OracleNode?) -> OracleMatrix {
        let a = anchor
        var local = layerTransform.about(a.x, a.y).then(.translation(frame.x - (parent?.frame.x ?? 0), frame.y - (parent?.frame.y ?? 0)))
        if let parent, let sublayer = parent.matrix("sublayerTransform") { local = local.then(sublayer.about(parent.anchor.x, parent.anchor.y)) }
        return local.flattened.then(parent?.toWindow ?? .identity)
    }

    /// Whether this node, as a parent, would hold `child`: its frame holds the child's, or it clips and
    /// holds most of it (a sibling laid over a clipping cell, a dimming layer over a grid, covers more).
    func holds(_ child: OracleNode) -> Bool {
        let area = child.frame.width * child.frame.height
        return frame.contains(child.frame) || (fields["clips"] as? Bool == true && area > 0 && frame.overlap(child.frame) >= area / 2)
    }

    /// Whether `parent` as this node's parent gives its recorded bbox and opacity.
    func composes(with parent: OracleNode?) -> Bool {
        guard let box = placed(in: parent).boundingBox(width: frame.width, height: frame.height) else { return false }
        let tolerance = 1e-3 * max(1, abs(bbox.x) + abs(bbox.y) + bbox.width + bbox.height)
        let boxes = zip(box.values, bbox.values).allSatisfy { abs($0 - $1) <= tolerance }
        return boxes && abs(min(max(alpha, 0), 1) * (parent?.opacity ?? 1) - opacity) <= 1e-5
    }
}

/// A rectangle in points.
public struct OracleRect: Sendable, CustomStringConvertible {
    public let x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }

    init?(_ json: Any?) {
        guard let v = numbers(json), v.count == 4 else { return nil }
        self.init(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    var values: [Double] { [x, y, width, height] }

    /// Whether `other` lies within this rectangle (to a thousandth of a point).
    func contains(_ other: OracleRect) -> Bool {
        other.x >= x - 1e-3 && other.y >= y - 1e-3 && other.x + other.width <= x + width + 1e-3 && other.y + other.height <= y + height + 1e-3
    }

    /// The area the two rectangles share.
    func overlap(_ other: OracleRect) -> Double {
        max(0, min(x + width, other.x + other.width) - max(x, other.x)) * max(0, min(y + height, other.y + other.height) - max(y, other.y))
    }

    public var description: String { "[\(values.map { String(format: "%g", $0) }.joined(separator: ", "))]" }
}

/// A timeline the oracle cannot read, or a page it cannot draw.
public struct OracleError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}

/// A JSON number as a double, or nil.
func number(_ json: Any?) -> Double? { (json as? NSNumber)?.doubleValue }

/// A JSON array of numbers as doubles, or nil.
func numbers(_ json: Any?) -> [Double]? {
    guard let array = json as? [Any] else { return nil }
    let values = array.compactMap(number)
    return values.count == array.count ? values : nil
}

import AnimhostCore

/// What a view-transitions page needs of one frame (docs/web.md): per tag, the box of the topmost
/// visible node carrying it (the flight) and how opaque the two screens' nodes carrying it are; per
/// screen, the transform and opacity of its root. The browser captures the first and last frames'
/// elements as images, so only these move between them.
struct ViewTransitionFrame {
    /// Where a tag's flight is, and how much of each end shows.
    struct Tag {
        /// The topmost visible node's mapping to the container and size.
        var box: (transform: Transform2D, width: Double, height: Double)
        /// The key of that node in ``WebNodeFrame``'s terms, to name its element.
        var key: String
        /// The scene of that node (a copy's is its original's).
        var scene: String?
        /// That node's place in its scene's root (its box less the root's offset), where the root is in the frame.
        var inScreen: [Double]?
        /// The largest opacity of the visible nodes carrying the tag from the first scene (its copies too).
        var from = 0.0
        /// The same for the second scene.
        var to = 0.0
    }
    /// A screen's root: how it is placed and how opaque it is (nil: not in the frame).
    struct Screen {
        var transform: Transform2D
        var opacity: Double
    }

    var tags: [String: Tag] = [:]
    var from: Screen?
    var to: Screen?
    /// How much a black node the window's size between the two screens darkens the lower one
    /// (a dim: 0, none; its alpha), drawn as the lower screen's `brightness()`.
    var dim = 0.0

    /// The record of `frame` of a transition from scene `from` to scene `to`; `keys` are the nodes'
    /// keys as the web page names them (``WebNodeFrame/key``), in the frame's order, where the frame
    /// is one the page shows (none for the frames between).
    init(_ frame: FrameSample, from: String, to: String, keys: [String]) {
        var hidden: [(depth: Int, hidden: Bool)] = []
        for (i, n) in frame.nodes.enumerated() {
            if i == frame.chromeIndex { break }
            while let last = hidden.last, last.depth >= n.depth { hidden.removeLast() }
            let isHidden = n.properties.hidden || (hidden.last?.hidden ?? false)
            hidden.append((n.depth, isHidden))
            if n.depth <= 2 && !n.isSnapshot, n.scene == nil, !isHidden, ViewTransitionFrame.isDim(n, in: frame.nodes[0]), (self.from == nil) != (self.to == nil) {
                dim = 1 - (1 - dim) * (1 - n.opacity * (n.properties.backgroundColor?.a ?? 0))
            }
            if n.depth == 1 && !n.isSnapshot {
                if n.scene == from && self.from == nil { self.from = Screen(transform: n.toContainer, opacity: isHidden ? 0 : n.opacity) }
                if n.scene == to && self.to == nil { self.to = Screen(transform: n.toContainer, opacity: isHidden ? 0 : n.opacity) }
            }
            guard let tag = n.properties.tag, !isHidden, n.opacity > 0 else { continue }
            let key = i < keys.count ? keys[i] : ""
            let box = (n.toContainer, n.properties.frame.width, n.properties.frame.height)
            var record = tags[tag] ?? Tag(box: box, key: key, scene: n.scene)
            record.box = box  // later nodes paint above
            record.key = key
            record.scene = n.scene
            let root = n.scene == from ? self.from : n.scene == to ? self.to : nil
            record.inScreen = root.map { [n.toContainer.tx - $0.transform.tx, n.toContainer.ty - $0.transform.ty, box.1, box.2] }
            if n.scene == from { record.from = max(record.from, n.opacity) }
            if n.scene == to { record.to = max(record.to, n.opacity) }
            tags[tag] = record
        }
        if self.from == nil || self.to == nil { dim = 0 }
    }

    /// Whether `n` is a plain black box the size of the window (the container `window`), unturned: a
    /// scene root's child of that size moves with it, so darkens its whole image.
    private static func isDim(_ n: NodeSample, in window: NodeSample) -> Bool {
        guard let c = n.properties.backgroundColor, c.r == 0, c.g == 0, c.b == 0, n.properties.image == nil, n.properties.text == nil else { return false }
        let t = n.toContainer, w = window.properties.frame
        return t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && n.properties.frame.width >= w.width && n.properties.frame.height >= w.height
    }
}

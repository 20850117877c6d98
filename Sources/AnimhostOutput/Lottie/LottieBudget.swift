import AnimhostCore

/// What one Lottie document may hold. The export keeps the whole run until it ends and a player
/// keeps the whole document, so each quantity the work and the file grow with is bounded where it
/// is counted, and a run past one fails there with its name, the plugin's and what to change,
/// before the work it would cost. Real transitions stay far below every limit (docs/lottie.md gives
/// the album example's figures).
final class LottieBudget {
    /// Nodes summed over the frames (hidden ones too): what the export keeps of the run.
    static let nodeFrames = 500_000
    /// Bytes of the nodes' ids, scene names, texts and picture names summed over the frames: what a node-frame may add.
    static let textBytes = 64 << 20
    /// Layers in all compositions together, and nodes followed through the run (a node whose id,
    /// parent or order among its siblings changes is a new one).
    static let layers = 10_000
    /// Layers, and followed nodes, times the frames of the run: what the keyframes are computed from.
    static let layerFrames = 1_000_000
    /// Keyframes in the document, and the numbers they hold (a mask's path keyframe holds 48).
    static let keyframes = 200_000
    static let keyframeNumbers = 2_000_000
    /// Bytes of paths, gradient lists and 3-D values summed over the frames where a node's differ from
    /// its previous frame's: what the export keeps of an animating path (up to 560 KB each frame).
    static let changedValueBytes = 128 << 20
    /// Distinct embedded images, and their bytes together.
    static let images = 1_000
    static let imageBytes = 64 << 20
    /// Text layouts drawn (a text set, or a label resized, frame after frame is one each time).
    static let textLayouts = 5_000
    /// Distinct pictures shown (each is decoded to learn its size).
    static let pictures = 100
    /// Pixels drawn for the images, together (pictures decoded and rasterised, texts and shadows),
    /// and in one of them (a shadow holds about 8 bytes a pixel while it is made).
    static let pixels = 128 << 20
    static let pixelsInOne = 32 << 20

    private let plugin: String
    private var nodeFrames = 0, tracks = 0, trackFrames = 0, layers = 0, layerFrames = 0, images = 0, imageBytes = 0, pictures = 0
    private var textBytes = 0, keyframes = 0, keyframeNumbers = 0, textLayouts = 0
    private var pixels = 0.0
    private var changedValueBytes = 0
    /// Each node's values at the last frame its out-of-line values were counted, by scene and id.
    private var counted: [String: NodeProperties] = [:]

    /// A budget for a run of `plugin`.
    init(plugin: String) { self.plugin = plugin }

    /// Counts frame `index`'s nodes, and the bytes of their ids, scene names, texts and picture names.
    func frame(_ index: Int, nodes: [NodeSample]) throws {
        nodeFrames += nodes.count
        let fix = "a shorter run, a lower --fps, a higher --speed"
        try check(nodeFrames, LottieBudget.nodeFrames, "nodes summed over the frames", at: "frame \(index)", fix: fix + " or fewer nodes")
        for node in nodes {
            textBytes += node.id.utf8.count + (node.scene?.utf8.count ?? 0) + (node.properties.text?.string.utf8.count ?? 0) + (node.properties.image?.utf8.count ?? 0)
        }
        try check(
            textBytes, LottieBudget.textBytes, "bytes of ids, scene names, texts and picture names summed over the frames", at: "frame \(index)", fix: fix + " or shorter ids, scene names and texts")
        try countChangedValues(index, nodes: nodes, fix: fix)
    }

    /// Counts the paths, gradient lists and 3-D values of frame `index` that differ from each node's previous ones.
    private func countChangedValues(_ index: Int, nodes: [NodeSample], fix: String) throws {
        for node in nodes {
            let p = node.properties, bytes = p.outOfLineBytes
            guard bytes > 0 else { continue }
            let key = (node.scene ?? "") + "/" + node.id
            if let last = counted[key], last.paths == p.paths, last.gradient == p.gradient, last.layer3D == p.layer3D { continue }
            counted[key] = p
            changedValueBytes += bytes
        }
        try check(
            changedValueBytes, LottieBudget.changedValueBytes, "bytes of paths, gradients and 3-D values that change, summed over the frames",
            at: "frame \(index)", fix: fix + " or paths of fewer elements")
    }

    /// Counts a node (`scene/id`) followed through `frames` frames.
    func track(node name: String, frames: Int) throws {
        tracks += 1
        trackFrames += frames
        let fix = "fewer nodes, or nodes that keep their ids, parents and order"
        try check(tracks, LottieBudget.layers, "nodes followed through the run", at: "node '\(name)'", fix: fix)
        try check(trackFrames, LottieBudget.layerFrames, "node-frames followed (nodes × frames)", at: "node '\(name)'", fix: "a shorter run, a lower --fps or " + fix)
    }

    /// Counts `count` layers, each spanning `frames` frames, made for `node`.
    func layers(_ count: Int, frames: Int, node: String) throws {
        layers += count
        layerFrames += count * frames
        try check(layers, LottieBudget.layers, "layers", at: "node '\(node)'", fix: "fewer nodes, or fewer distinct pictures, texts and shadows a node shows")
        try check(layerFrames, LottieBudget.layerFrames, "layer-frames (layers × frames)", at: "node '\(node)'", fix: "a shorter run, a lower --fps or fewer nodes")
    }

    /// Counts `count` keyframes of `numbers` numbers each, of `layer`.
    func keyframes(_ count: Int, of numbers: Int, layer: String) throws {
        keyframes += count
        keyframeNumbers += count * numbers
        let fix = "a shorter run, a lower --fps, or curves instead of springs"
        try check(keyframes, LottieBudget.keyframes, "keyframes", at: "layer '\(layer)'", fix: fix)
        try check(keyframeNumbers, LottieBudget.keyframeNumbers, "numbers in keyframes", at: "layer '\(layer)'", fix: fix)
    }

    /// Counts an embedded image of `bytes`, drawn for `what`.
    func image(bytes: Int, of what: String) throws {
        images += 1
        imageBytes += bytes
        try check(images, LottieBudget.images, "embedded images", at: what, fix: "fewer distinct pictures, texts and shadows")
        try check(imageBytes, LottieBudget.imageBytes, "bytes of embedded images", at: what, fix: "fewer distinct pictures, texts and shadows, or a lower --scale")
    }

    /// Counts a text layout about to be drawn for `what`.
    func textLayout(of what: String) throws {
        textLayouts += 1
        try check(textLayouts, LottieBudget.textLayouts, "text layouts", at: what, fix: "texts set, and labels resized, less often (animate a label's size: it is then stretched)")
    }

    /// Counts a distinct picture `name`, first shown by `node`.
    func picture(_ name: String, node: String) throws {
        pictures += 1
        try check(pictures, LottieBudget.pictures, "distinct pictures", at: "picture '\(name)' of node '\(node)'", fix: "fewer distinct pictures")
    }

    /// Counts an image of `width` × `height` pixels about to be drawn (or decoded) for `what`.
    func pixels(_ width: Double, _ height: Double, for what: String) throws {
        pixels += width * height
        let size = "\(what) (\(formatNumber(width.rounded(.up)))×\(formatNumber(height.rounded(.up))) pixels)"
        let fix = "smaller or fewer distinct texts and shadows, or a lower --scale"
        if !(width * height <= Double(LottieBudget.pixelsInOne)) {
            throw refusal(LottieBudget.pixelsInOne, "pixels in one image", at: size, fix: fix)
        }
        if !(pixels <= Double(LottieBudget.pixels)) { throw refusal(LottieBudget.pixels, "pixels of images drawn", at: size, fix: fix) }
    }

    private func check(_ used: Int, _ limit: Int, _ what: String, at place: String, fix: String) throws {
        guard used > limit else { return }
        throw refusal(limit, what, at: place, fix: fix)
    }

    private func refusal(_ limit: Int, _ what: String, at place: String, fix: String) -> OutputError {
        OutputError(
            "the Lottie export of plugin '\(plugin)' goes past its limit of \(limit.grouped) \(what) at \(place): export \(fix) (docs/lottie.md, Limits)")
    }
}

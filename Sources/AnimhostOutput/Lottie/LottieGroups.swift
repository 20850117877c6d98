import AnimhostCore

/// Where a node's opacity goes. UIKit (and animhost) apply it to the node's subtree as a group;
/// Lottie players disagree on a precomposition's opacity (rlottie, lottie-web's SVG renderer and
/// lottie-ios composite the precomposition offscreen as a group, lottie-android by default and
/// lottie-web's canvas renderer multiply it into each layer), and rlottie's offscreen pass darkens the
/// whole frame by about 1/256 each time. Where the layers never overlap while the node is translucent
/// (at most one shows at a time, or they lie apart), both readings draw the same: the opacity then goes
/// on the layers themselves and no precomposition is made.
extension LottieLayers {
    /// Groups of more layers than this are precomposed without looking (``mayCompare(_:frames:pairsLeft:)``):
    /// the look costs the square of their number at every frame.
    static let apartLimit = 64
    /// Pairs of boxes one export may compare (nested groups compare their layers again at each
    /// level); once they are spent, groups are precomposed without looking.
    static let pairChecks = 16_000_000

    /// Whether no two of `layers` paint over each other in any frame where `alpha` is neither 0 nor 1
    /// (as an 8-bit compositor sees it).
    static func apart(_ layers: [Part], while alpha: [Double]) -> Bool {
        for (f, a) in alpha.enumerated() where eightBit(a) > 0 && eightBit(a) < 1 {
            let shown = layers.compactMap { eightBit($0.opacity[f]) > 0 ? $0.boxes[f] : nil }
            for i in shown.indices {
                for j in shown.indices where j > i && overlap(shown[i], shown[j]) { return false }
            }
        }
        return true
    }

    /// Whether `count` layers may be compared pairwise at each of `frames` frames with `pairsLeft`
    /// comparisons left to the export, taking them from it if so.
    static func mayCompare(_ count: Int, frames: Int, pairsLeft: inout Int) -> Bool {
        let pairs = Double(count) * Double(max(count - 1, 0)) / 2 * Double(frames)
        guard count <= apartLimit, pairs <= Double(pairsLeft) else { return false }
        pairsLeft -= Int(pairs)
        return true
    }

    /// Each frame's box around what `layers` paint then (nil where none shows).
    static func union(_ layers: [Part], frames: Int) -> [Rect?] {
        (0..<frames).map { f in
            layers.reduce(nil as Rect?) { box, layer in
                guard eightBit(layer.opacity[f]) > 0, let b = layer.boxes[f] else { return box }
                guard let box else { return b }
                let x0 = min(box.x, b.x), y0 = min(box.y, b.y)
                return Rect(x: x0, y: y0, width: max(box.maxX, b.maxX) - x0, height: max(box.maxY, b.maxY) - y0)
            }
        }
    }

    /// The box in the container around `rect` of a node whose coordinates `t` maps.
    static func box(_ rect: Rect, through t: Transform2D) -> Rect {
        let corners = [(rect.x, rect.y), (rect.maxX, rect.y), (rect.x, rect.maxY), (rect.maxX, rect.maxY)]
        let xs = corners.map { t.a * $0.0 + t.c * $0.1 + t.tx }, ys = corners.map { t.b * $0.0 + t.d * $0.1 + t.ty }
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// Whether two boxes share more than an edge.
    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.x, b.x) > 1e-6 && min(a.maxY, b.maxY) - max(a.y, b.y) > 1e-6
    }
}

extension LottieLayers.Part {
    /// The part with `alpha` multiplied into its opacity, frame by frame.
    func faded(by alpha: [Double]) -> Self {
        var p = self
        p.opacity = zip(opacity, alpha).map(*)
        return p
    }

    /// The part painting within `boxes` (one per frame) unless it knows its boxes already.
    func covering(_ boxes: [Rect?]) -> Self {
        guard self.boxes.isEmpty else { return self }
        var p = self
        p.boxes = boxes
        return p
    }
}

import AnimhostRender

extension Continuity {
    /// How far, in points, a region's content may move in one step and still count as moved rather
    /// than replaced: a drawn pixel at the scale `continuity` draws (4 pt), under what a person sees
    /// as a jump of place, let alone of look.
    static let nudge = 4.0

    /// Whether the jump at frame `i` over `pixels` is the same picture moved by at most ``nudge`` points
    /// (a cancelled gesture's last frame settling a few points, a copy removed as its source shows
    /// again just beside it): every pixel of the region but less than `minPixels` finds its new value
    /// (within ``jump``) at most that far from it in the frame before, and its old value as near in
    /// the frame after. A swap of look (other type, other corners, a shadow gone) leaves new values
    /// with nothing like them nearby.
    static func displaced(_ pixels: [Int], at i: Int, in bitmaps: [Bitmap], scale: Double, minPixels: Int) -> Bool {
        let radius = max(1, Int((nudge * scale).rounded()))
        let (w, h) = (bitmaps[0].width, bitmaps[0].height)
        let (before, after) = (bitmaps[i - 1].bytes, bitmaps[i].bytes)
        /// Whether `value`'s pixel `p` has a pixel within `radius` in `other` within ``jump`` of it.
        func found(_ p: Int, of value: [UInt8], in other: [UInt8]) -> Bool {
            let (x, y) = (p % w, p / w)
            for ny in max(0, y - radius)...min(h - 1, y + radius) {
                for nx in max(0, x - radius)...min(w - 1, x + radius) {
                    let q = (ny * w + nx) * 4
                    if (0..<4).allSatisfy({ abs(Int(value[p * 4 + $0]) - Int(other[q + $0])) <= jump }) { return true }
                }
            }
            return false
        }
        var unmatched = 0
        for p in pixels where !found(p, of: after, in: before) || !found(p, of: before, in: after) {
            unmatched += 1
            if unmatched >= minPixels { return false }
        }
        return true
    }
}

import Foundation
import AnimhostCore
import AnimhostRender

/// The `continuity` rule: a region of the screen that changes abruptly and changes back within a few
/// frames (a blink, a pop, a one-frame swap of order, a node snapping back then vanishing), or that
/// changes abruptly once and stays so (a flight that lands on a different look: its corners, shadow or
/// type swapped in one frame), where the motion there does not explain it. Every frame of the run is
/// drawn small (``DrawnFrames``: a pixel per about 4 × 4 points; a jump a person notices covers far
/// more), and each pixel is followed through time.
struct Continuity {
    /// A step of a channel (0–255) between two frames that counts as abrupt.
    static let jump = 40
    /// A channel within this of its value before the jump counts as back.
    static let back = 24
    /// The most frames a region may stay away and still count as changing back.
    static let window = 10
    /// Points of thickness beyond the motion's allowance a region must have.
    static let margin = 12.0

    /// A region that jumped away at `frame` and came back at `back` (nil: it stayed): where, how large,
    /// how thick, and how far the nodes there move a frame.
    struct Flash {
        let frame: Int
        let back: Int?
        let region: Rect
        let area: Double
        let thickness: Double
        let motion: Double
    }

    /// What each pixel did: the frames it jumped at and came back after `k` frames (`k` by pixel), and
    /// the frames it jumped at, steady before, and stayed.
    struct Events {
        var returns: [Int: [Int: Int]] = [:]
        var stays: [Int: [Int]] = [:]
    }

    /// The largest flash of the frames (drawn at `drawn.scale`) that changes back; else the largest
    /// that stays; nil when there is none.
    static func flash(_ frames: [FrameSample], drawn: DrawnFrames) throws -> Flash? {
        guard frames.count >= 3 else { return nil }
        let bitmaps = try drawn.bitmaps()
        let scale = drawn.scale
        let (w, h) = (bitmaps[0].width, bitmaps[0].height)
        let size = drawn.size
        let minArea = PixelComparison.share * size.width * size.height
        let found = events(bitmaps)
        /// The largest group of `pixels` jumping at `i` thicker than the motion there explains; its area
        /// counts the pixels that jumped (all of them, or those `jumped` holds).
        func largest(_ i: Int, _ pixels: [Int], jumped: Set<Int>? = nil, back: ([Int]) -> Int?, best: Flash?) -> Flash? {
            var best = best
            for component in components(pixels, width: w, height: h) {
                let count = jumped.map { set in component.count { set.contains($0) } } ?? component.count
                let area = Double(count) / (scale * scale)
                guard area >= minArea, area > (best?.area ?? 0) else { continue }
                let back = back(component)
                let region = clamp(bounds(component, width: w, scale: scale), to: size)
                let thickness = Double(Continuity.thickness(component, width: w)) / scale
                let motion = back.map { Continuity.motion(frames, in: region, from: i, back: $0) } ?? Continuity.motion(frames, in: region, at: i)
                guard thickness > 2 * motion + margin else { continue }
                let radius = max(2, Continuity.thickness(component, width: w))
                guard back != nil || (still(around: component, at: i, radius: radius, in: bitmaps) && swapped(frames[i - 1], frames[i], over: region)) else { continue }
                guard
                    back != nil
                        || !displaced(
                            jumped.map { set in component.filter { set.contains($0) } } ?? component, at: i, in: bitmaps, scale: scale, minPixels: Int((minArea * scale * scale).rounded(.up)))
                else { continue }
                best = Flash(frame: i, back: back, region: region, area: area, thickness: thickness, motion: motion)
            }
            return best
        }
        var flash: Flash?
        for (i, returns) in found.returns.sorted(by: { $0.key < $1.key }) {
            flash = largest(i, returns.keys.sorted(), back: { i + mostCommon($0.map { returns[$0]! }) }, best: flash)
        }
        if flash != nil { return flash }
        for (i, pixels) in found.stays.sorted(by: { $0.key < $1.key }) {
            flash = largest(i, grown(pixels, width: w, height: h), jumped: Set(pixels), back: { _ in nil }, best: flash)
        }
        return flash
    }

    /// For each pixel, each time it jumps away from its value (frame `i` − 1 to `i`) and its next jump,
    /// `k` ≤ ``window`` frames later, takes it back: to within ``back`` of that value, or at least
    /// halfway (a fading node that pops to full opacity and back lands where its fade has got to).
    /// The pixels grouped by `i`, each with its `k` (a region's edges may come back a frame apart).
    /// A jump that does not come back counts as staying when the pixel was steady the frame before
    /// (within ``back``) and stays within ``back`` of its new value for ``window`` frames or to the end.
    static func events(_ bitmaps: [Bitmap]) -> Events {
        let n = bitmaps.count
        let count = bitmaps[0].width * bitmaps[0].height
        // Every frame's bytes in one buffer, frame after frame, read through a pointer: the loop below
        // visits each pixel of each frame a few times.
        var all = [UInt8]()
        all.reserveCapacity(n * count * 4)
        for b in bitmaps { all += b.bytes }
        var found = Events()
        all.withUnsafeBufferPointer { bytes in
            let frameBytes = count * 4
            // The largest difference of a channel: written out, as the generic `abs` and `max` cost a
            // call each per byte in a debug build.
            func d(_ a: Int, _ b: Int, _ p: Int) -> Int {
                var m = 0
                var c = 0
                let (i, j) = (a * frameBytes + p * 4, b * frameBytes + p * 4)
                while c < 4 {
                    let (x, y) = (Int(bytes[i + c]), Int(bytes[j + c]))
                    let difference = x > y ? x - y : y - x
                    if difference > m { m = difference }
                    c += 1
                }
                return m
            }
            for p in 0..<count {
                var i = 1
                while i < n {
                    guard d(i - 1, i, p) > jump else { i += 1; continue }
                    var m = i + 1
                    while m < min(i + window + 1, n), d(i - 1, m, p) > back, d(m - 1, m, p) <= jump { m += 1 }
                    if m < min(i + window + 1, n), d(m - 1, m, p) > jump, 2 * d(i - 1, m, p) <= max(2 * back, d(m - 1, m, p)) {
                        found.returns[i, default: [:]][p] = m - i
                        i = m + 1
                        continue
                    }
                    let end = min(i + window + 1, n)
                    var stays = i < 2 || d(i - 2, i - 1, p) <= back
                    var k = i + 1
                    while stays && k < end {
                        stays = d(i, k, p) <= back
                        k += 1
                    }
                    if stays { found.stays[i, default: []].append(p) }
                    i += 1
                }
            }
        }
        return found
    }

    /// Whether the screen around `pixels` (within `radius` pixels, the region's own thickness: as far as
    /// an edge sweeping it moves a frame) was still in the frame before the jump at `i` and the frame
    /// after: fewer changed there by more than ``back`` than a quarter of the region. A region swept by
    /// a moving edge, a reveal's front or a flight slowing to its place changes once and stays too, but
    /// the pixels beside it changed the frame before or change the frame after; a swap of look changes
    /// a region whose surroundings are at rest.
    static func still(around pixels: [Int], at i: Int, radius: Int, in bitmaps: [Bitmap]) -> Bool {
        let (w, h) = (bitmaps[0].width, bitmaps[0].height)
        let pairs = [(i - 2, i - 1), (i, i + 1)].filter { $0.0 >= 0 && $0.1 < bitmaps.count }
        // The pixels within `radius` of one of `pixels`: a box sum over a summed-area table of them, in
        // one pass over the screen whatever the radius (a region as large as the screen is as thick).
        var sums = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for p in pixels { sums[(p / w + 1) * (w + 1) + p % w + 1] = 1 }
        for y in 1...h {
            for x in 1...w { sums[y * (w + 1) + x] += sums[(y - 1) * (w + 1) + x] + sums[y * (w + 1) + x - 1] - sums[(y - 1) * (w + 1) + x - 1] }
        }
        var near = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            let (y0, y1) = (max(0, y - radius), min(h, y + radius + 1))
            for x in 0..<w {
                let (x0, x1) = (max(0, x - radius), min(w, x + radius + 1))
                near[y * w + x] = sums[y1 * (w + 1) + x1] - sums[y0 * (w + 1) + x1] - sums[y1 * (w + 1) + x0] + sums[y0 * (w + 1) + x0] > 0
            }
        }
        var changed = 0
        for p in near.indices where near[p] {
            let moved = pairs.contains { a, b in
                (0..<4).contains { abs(Int(bitmaps[a].bytes[p * 4 + $0]) - Int(bitmaps[b].bytes[p * 4 + $0])) > back }
            }
            if moved { changed += 1 }
        }
        return 4 * changed < pixels.count
    }

    /// Whether the nodes drawn over `region` changed from frame `a` to `b`: one shows, hides, or is
    /// added or removed there (a flight's copy swapped for its destination), or none of them moves or
    /// fades (what they draw changed). The same nodes moving, scaling or fading in that step are
    /// motion, however fast (a cancel near its start returns in a frame), and so is a node moving into
    /// or out of the region, or fading to nothing.
    static func swapped(_ a: FrameSample, _ b: FrameSample, over region: Rect) -> Bool {
        func nodes(_ frame: FrameSample) -> [String: (box: Rect, opacity: Double, hidden: Bool)] {
            var found: [String: (box: Rect, opacity: Double, hidden: Bool)] = [:]
            for n in frame.nodes { found["\(n.scene ?? "")/\(n.id)/\(n.isSnapshot)"] = (n.bbox, n.opacity, n.properties.hidden) }
            return found
        }
        let (before, after) = (nodes(a), nodes(b))
        func drawn(_ n: (box: Rect, opacity: Double, hidden: Bool)) -> Bool {
            !n.hidden && n.opacity > 0.01 && PixelComparison.overlaps(n.box, region)
        }
        let near = Set(before.filter { drawn($0.value) }.keys).union(after.filter { drawn($0.value) }.keys)
        for key in near {
            guard let old = before[key], let new = after[key], old.hidden == new.hidden else { return true }
        }
        return near.allSatisfy { before[$0]!.box == after[$0]!.box && before[$0]!.opacity == after[$0]!.opacity }
    }

    /// `pixels` with their 8 neighbours: a swap of look changes a region in pieces (a title's strokes,
    /// four corners, a shadow's edge), each thin at the scale drawn, that together are what a person sees.
    static func grown(_ pixels: [Int], width: Int, height: Int) -> [Int] {
        var mask = [Bool](repeating: false, count: width * height)
        for p in pixels {
            let (x, y) = (p % width, p / width)
            for ny in max(0, y - 1)...min(height - 1, y + 1) {
                for nx in max(0, x - 1)...min(width - 1, x + 1) { mask[ny * width + nx] = true }
            }
        }
        return mask.indices.filter { mask[$0] }
    }

    /// The value most of `values` have (the smallest of those tied).
    static func mostCommon(_ values: [Int]) -> Int {
        var counts: [Int: Int] = [:]
        for v in values { counts[v, default: 0] += 1 }
        return counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 1
    }

    /// The 4-connected groups of `pixels`.
    static func components(_ pixels: [Int], width: Int, height: Int) -> [[Int]] {
        var inMask = Set(pixels)
        var groups: [[Int]] = []
        for start in pixels where inMask.contains(start) {
            var group: [Int] = []
            var stack = [start]
            inMask.remove(start)
            while let p = stack.popLast() {
                group.append(p)
                let (x, y) = (p % width, p / width)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    if inMask.remove(ny * width + nx) != nil { stack.append(ny * width + nx) }
                }
            }
            groups.append(group)
        }
        return groups
    }

    /// The bounding box of a group of pixels, in points.
    static func bounds(_ pixels: [Int], width: Int, scale: Double) -> Rect {
        let xs = pixels.map { $0 % width }, ys = pixels.map { $0 / width }
        let (x0, x1, y0, y1) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        return Rect(x: Double(x0) / scale, y: Double(y0) / scale, width: Double(x1 - x0 + 1) / scale, height: Double(y1 - y0 + 1) / scale)
    }

    /// `r` within the screen (its last pixels may reach past a side that is not whole at the scale drawn).
    static func clamp(_ r: Rect, to size: Size) -> Rect {
        Rect(x: r.x, y: r.y, width: min(r.width, size.width - r.x), height: min(r.height, size.height - r.y))
    }

    /// The width, in pixels, of the largest square that fits in the group (twice its deepest
    /// chessboard distance from outside, less one): a band swept by a moving edge is as thick as the
    /// edge moves in a frame, a node that blinks as thick as the node.
    static func thickness(_ pixels: [Int], width: Int) -> Int {
        let xs = pixels.map { $0 % width }, ys = pixels.map { $0 / width }
        let (x0, y0) = (xs.min()!, ys.min()!)
        let (w, h) = (xs.max()! - x0 + 3, ys.max()! - y0 + 3)
        var depth = [Int](repeating: 0, count: w * h)
        for p in pixels { depth[(p / width - y0 + 1) * w + (p % width - x0 + 1)] = Int.max / 2 }
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) where depth[y * w + x] > 0 {
                depth[y * w + x] = min(depth[y * w + x], 1 + min(depth[y * w + x - 1], depth[(y - 1) * w + x - 1], depth[(y - 1) * w + x], depth[(y - 1) * w + x + 1]))
            }
        }
        var deepest = 0
        for y in stride(from: h - 2, through: 1, by: -1) {
            for x in stride(from: w - 2, through: 1, by: -1) where depth[y * w + x] > 0 {
                depth[y * w + x] = min(depth[y * w + x], 1 + min(depth[y * w + x + 1], depth[(y + 1) * w + x + 1], depth[(y + 1) * w + x], depth[(y + 1) * w + x - 1]))
                deepest = max(deepest, depth[y * w + x])
            }
        }
        return 2 * deepest - 1
    }

    /// How far, in points, the nodes over `region` move a frame just before the jump, just after the
    /// return, and in the jumps' own steps for the nodes that move on rather than come back (a motion
    /// may last only those frames, as a cancel's two frames do): a band swept by an edge is as thick as
    /// that edge moves. A node that jumps and comes back, or shows or hides there, is what is judged.
    static func motion(_ frames: [FrameSample], in region: Rect, from i: Int, back: Int) -> Double {
        let away = boxes(frames[i - 1]), returned = boxes(frames[back])
        let movesOn = Set(
            away.keys.filter { key in
                guard let a = away[key], let r = returned[key], boxes(frames[i])[key] != nil, boxes(frames[back - 1])[key] != nil else { return false }
                return max(abs(a.x - r.x), abs(a.y - r.y), abs(a.width - r.width), abs(a.height - r.height)) > 1
            })
        var moves: [Double] = []
        if i >= 2 { moves.append(step(frames[i - 2], frames[i - 1], in: region)) }
        if back + 1 < frames.count { moves.append(step(frames[back], frames[back + 1], in: region)) }
        moves.append(step(frames[i - 1], frames[i], in: region, only: movesOn))
        moves.append(step(frames[back - 1], frames[back], in: region, only: movesOn))
        return moves.max() ?? 0
    }

    /// How far, in points, the nodes over `region` move a frame just before and just after the jump
    /// at `i` that stays (the jump's own step is what is judged).
    static func motion(_ frames: [FrameSample], in region: Rect, at i: Int) -> Double {
        var moves: [Double] = []
        if i >= 2 { moves.append(step(frames[i - 2], frames[i - 1], in: region)) }
        if i + 1 < frames.count { moves.append(step(frames[i], frames[i + 1], in: region)) }
        return moves.max() ?? 0
    }

    /// The bounding boxes of a frame's visible nodes, by scene, id and kind.
    static func boxes(_ frame: FrameSample) -> [String: Rect] {
        Dictionary(
            frame.nodes.filter { !$0.properties.hidden && $0.opacity > 0.01 }.map { ("\($0.scene ?? "")/\($0.id)/\($0.isSnapshot)", $0.bbox) },
            uniquingKeysWith: { x, _ in x })
    }

    /// The largest move of an edge of a node visible in both frames and over `region` in either (of
    /// the nodes `only` names, when given).
    static func step(_ a: FrameSample, _ b: FrameSample, in region: Rect, only: Set<String>? = nil) -> Double {
        let before = boxes(a)
        var most = 0.0
        for (key, new) in boxes(b) where only?.contains(key) ?? true {
            guard let old = before[key], PixelComparison.overlaps(old, region) || PixelComparison.overlaps(new, region) else { continue }
            most = max(
                most, abs(new.x - old.x), abs(new.y - old.y), abs(new.x + new.width - old.x - old.width),
                abs(new.y + new.height - old.y - old.height))
        }
        return most
    }
}

extension Conformance.Judged {
    /// Whether `continuity` judges the run: at the suite's main rate, and the probes.
    var judgesContinuity: Bool { probe != nil || request.fps == suite.mainRate }

    /// `continuity`: the run's largest flash, named by its frames, region and the nodes drawn there.
    /// Judged on the runs at the suite's main rate (60 fps) and the probes.
    func flashes() throws -> [String] {
        guard judgesContinuity else { return [] }
        let frames = ran.frames
        guard let f = try Continuity.flash(frames, drawn: ran.drawn) else { return [] }
        let nodes = PixelComparison.nodes(in: f.region, shown: frames[f.frame], expected: frames[f.frame - 1])
        var text: String
        if let back = f.back {
            let span = back - f.frame == 1 ? "for one frame" : "for \(back - f.frame) frames"
            text = "frame \(f.frame): \(Conformance.show(f.region)) changes abruptly and back \(span) (frames \(f.frame)–\(back - 1))"
        } else {
            text = "frame \(f.frame): \(Conformance.show(f.region)) changes abruptly and stays so (from frame \(f.frame - 1) to \(f.frame))"
        }
        if !nodes.isEmpty { text += ", where \(nodes.joined(separator: ", ")) \(nodes.count == 1 ? "is" : "are") drawn" }
        return [text]
    }
}

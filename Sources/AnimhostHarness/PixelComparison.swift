import Foundation
import AnimhostCore
import AnimhostLua
import AnimhostOutput
import AnimhostRender

/// Compares what two frames show a person: both rendered at a scale where the scenes' points land on
/// whole pixels, pixel by pixel. `check` judges "no jump at t = 0" and "at rest at the end" this way,
/// so a plugin may reach a state by any route (a snapshot, a copy, a hidden original) as long as it
/// looks the same.
struct PixelComparison {
    /// The scales the scenes choose among (``wholePixelScale(of:size:)``): at least a pixel a point, at most 3.
    static let scales = [1.0, 2.0, 3.0]
    /// The largest difference of a channel (0–255) still counted as equal: anti-aliased edges of the
    /// same shape drawn by another route (a backing store, a snapshot) differ by a few steps, never by 24.
    static let tolerance = 24
    /// The share of the pixels that may differ: 0.1 %, about 330 pixels of a 390 × 844 pt screen at
    /// 1 px/pt, or an 18 × 18 pt square — more than stray edge pixels, less than any node moved by 10 pt.
    static let share = 0.001

    /// What differs: how many pixels, where (in points), and the images that show it.
    struct Difference {
        let pixels: Int
        let total: Int
        let region: Rect
        let shown: Bitmap
        let expected: Bitmap
        let diff: Bitmap

        /// The share of the pixels that differ, as a percentage with one decimal (never rounded to 0).
        var percent: String {
            let p = max((Double(pixels) / Double(total) * 1000).rounded() / 10, 0.1)
            return formatNumber(p) + " %"
        }
    }

    let size: Size
    let images: ImageStore
    /// Pixels per point.
    let scale: Double

    /// Frames drawn before, shared by the runs of one plugin; nil: each drawn anew.
    var cache: RenderCache?
    /// The image folders, which decide the pixels of a frame with images.
    var folders: [String: URL] = [:]

    /// Nil when `shown` looks like `expected`; otherwise what differs. Two frames that draw the same
    /// (``RenderCache/sameDrawing(_:_:)``) look alike without being drawn.
    func compare(_ shown: FrameSample, _ expected: FrameSample) throws -> Difference? {
        if RenderCache.sameDrawing(shown, expected) { return nil }
        let renderer = try FrameRenderer(size: size, scale: scale, images: images)
        let key = RenderCache.Key(size: size, scale: scale, folders: folders)
        func draw(_ frame: FrameSample) throws -> Bitmap {
            try cache?.bitmap(frame, key: key) { Bitmap(try renderer.render(frame)) } ?? Bitmap(try renderer.render(frame))
        }
        let (a, b) = try withExtendedLifetime(renderer) { (try draw(shown), try draw(expected)) }
        return PixelComparison.difference(shown: a, expected: b, scale: scale)
    }

    /// The first of ``scales`` at which the screen's sides and every edge of the nodes of `frames` (the
    /// scenes at rest) fall on whole pixels, so that the same picture drawn by two routes cannot differ
    /// by half-covered pixels along its edges; when none does, the one leaving the fewest edges between pixels.
    static func wholePixelScale(of frames: [FrameSample], size: Size) -> Double {
        var edges = [size.width, size.height]
        for frame in frames {
            for n in frame.nodes { edges += [n.bbox.x, n.bbox.y, n.bbox.x + n.bbox.width, n.bbox.y + n.bbox.height] }
        }
        let finite = edges.filter(\.isFinite)
        func between(_ scale: Double) -> Int {
            finite.filter { abs(($0 * scale) - ($0 * scale).rounded()) > 1e-6 }.count
        }
        let counts = scales.map(between)
        return scales[counts.firstIndex(of: counts.min() ?? 0) ?? 0]
    }

    /// Counts the pixels beyond ``tolerance``; nil when they are at most ``share`` of the image. The
    /// diff image is the shown frame faded to a quarter with every differing pixel in red, made only
    /// for a frame that differs (most compared frames do not: counting alone is cheap).
    static func difference(shown: Bitmap, expected: Bitmap, scale: Double) -> Difference? {
        let total = shown.width * shown.height
        var pixels = 0
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        shown.bytes.withUnsafeBufferPointer { a in
            expected.bytes.withUnsafeBufferPointer { b in
                for y in 0..<shown.height {
                    var x = 0
                    let row = y * shown.width
                    while x < shown.width {
                        if differs(a, b, (row + x) * 4) {
                            pixels += 1
                            (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                        }
                        x += 1
                    }
                }
            }
        }
        guard Double(pixels) > share * Double(total) else { return nil }
        var diff = shown
        for i in 0..<total {
            if shown.difference(from: expected, at: i) > tolerance {
                diff.set(i, r: 255, g: 0, b: 0)
            } else {
                let p = shown.pixel(i % shown.width, i / shown.width)
                diff.set(i, r: 191 + p.r / 4, g: 191 + p.g / 4, b: 191 + p.b / 4)
            }
        }
        let region = Rect(
            x: Double(minX) / scale, y: Double(minY) / scale,
            width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
        return Difference(pixels: pixels, total: total, region: region, shown: shown, expected: expected, diff: diff)
    }

    /// Whether a channel of the pixel at byte `i` differs by more than ``tolerance``.
    @inline(__always)
    private static func differs(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        var c = 0
        while c < 4 {
            let d = Int(a[i + c]) - Int(b[i + c])
            if d > tolerance || d < -tolerance { return true }
            c += 1
        }
        return false
    }

    /// The nodes drawn in `region` that explain a difference: the outermost ones visible there in one
    /// frame and not as they are in the other (a moved screen, not each of its rows), topmost first;
    /// else the topmost visible ones. At most three, named with their scene.
    static func nodes(in region: Rect, shown: FrameSample, expected: FrameSample) -> [String] {
        func visible(_ n: NodeSample) -> Bool { !n.properties.hidden && n.opacity > 0.01 }
        func key(_ n: NodeSample) -> String { "\(n.scene ?? "")/\(n.id)/\(n.isSnapshot)" }
        func name(_ n: NodeSample) -> String {
            "'\(n.id)'" + (n.isSnapshot ? " (a snapshot)" : n.scene.map { " (\($0))" } ?? " (added by the plugin)")
        }
        func byKey(_ f: FrameSample) -> [String: NodeSample] {
            Dictionary(f.nodes.filter(visible).map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        }
        let shownByKey = byKey(shown), expectedByKey = byKey(expected)
        func changed(_ n: NodeSample, in other: [String: NodeSample]) -> Bool {
            guard visible(n) else { return false }
            guard let o = other[key(n)] else { return true }
            return !close(n.bbox, o.bbox) || abs(n.opacity - o.opacity) > 0.01
        }
        let culprits = outermost(shown) { changed($0, in: expectedByKey) } + outermost(expected) { changed($0, in: shownByKey) }
        let inRegion = culprits.filter { overlaps($0.bbox, region) }
        let ordered = inRegion.isEmpty ? shown.nodes.filter { visible($0) && overlaps($0.bbox, region) }.reversed() : inRegion
        var seen = Set<String>()
        return ordered.map(name).filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }

    /// The nodes of `frame` for which `test` holds and for none of their ancestors, last painted first.
    private static func outermost(_ frame: FrameSample, _ test: (NodeSample) -> Bool) -> [NodeSample] {
        var ancestors: [(depth: Int, held: Bool)] = []
        var found: [NodeSample] = []
        for n in frame.nodes {
            while let last = ancestors.last, last.depth >= n.depth { ancestors.removeLast() }
            let held = test(n)
            if held && !ancestors.contains(where: \.held) { found.append(n) }
            ancestors.append((n.depth, held))
        }
        return found.reversed()
    }

    /// Why the node named first by ``nodes(in:shown:expected:)`` likely differs, in a newcomer's words:
    /// missing from the container, left in it, invisible, faded or out of place; nil when nothing says.
    static func likelyCause(in region: Rect, shown: FrameSample, expected: FrameSample) -> String? {
        func key(_ n: NodeSample) -> String { "\(n.scene ?? "")/\(n.id)/\(n.isSnapshot)" }
        let shownByKey = Dictionary(shown.nodes.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        let expectedByKey = Dictionary(expected.nodes.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        for n in shown.nodes.reversed() + expected.nodes.reversed() where overlaps(n.bbox, region) && n.depth == 1 {
            let now = shownByKey[key(n)], rest = expectedByKey[key(n)]
            guard let now else { return "'\(n.id)' is not in the container (never added to it? ctx.container:add(ctx.to.view))" }
            guard let rest else {
                return "'\(n.id)' is not in the state at rest it is compared with" + (n.scene == nil ? " (a node added and not removed?)" : "")
            }
            let nowVisible = !now.properties.hidden && now.opacity > 0.01
            let restVisible = !rest.properties.hidden && rest.opacity > 0.01
            if restVisible && !nowVisible { return "'\(n.id)' is invisible, opacity \(formatNumber(now.opacity))\(now.properties.hidden ? " and hidden" : "") (never made visible?)" }
            if abs(now.opacity - rest.opacity) > 0.01 { return "'\(n.id)' has opacity \(formatNumber(now.opacity)), \(formatNumber(rest.opacity)) at rest" }
            if !close(now.bbox, rest.bbox) {
                return "'\(n.id)' is at \(Conformance.show(now.bbox)), \(Conformance.show(rest.bbox)) at rest (a frame or transform not set back?)"
            }
        }
        return nil
    }

    /// Whether two rectangles share any area (touching edges do not count).
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    private static func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 0.5 && abs(a.y - b.y) < 0.5 && abs(a.width - b.width) < 0.5 && abs(a.height - b.height) < 0.5
    }
}

/// Where `check --artifacts DIR` writes the images of a pixel check that failed: `DIR/PLUGIN/RUN.LABEL.{frame,expected,diff}.png`.
struct Artifacts {
    let folder: URL

    /// Writes the three images; returns the folder and the common file-name stem, as the failure names them.
    func write(_ d: PixelComparison.Difference, plugin: String, run: String, label: String) throws -> String {
        let dir = folder.appendingPathComponent(Artifacts.safe(plugin))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // A plugin's folder that is a link (planted in a shared artifacts folder) would take the images elsewhere.
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: dir.path) {
            throw ArtifactsError(description: "\(displayPath(dir)) is a link (to \(target)): images are written only into real folders")
        }
        let stem = Artifacts.safe(run) + "." + Artifacts.safe(label)
        for (suffix, image) in [("frame", d.shown), ("expected", d.expected), ("diff", d.diff)] {
            try image.withPixelBuffer { try PNGFile.write($0, to: dir.appendingPathComponent("\(stem).\(suffix).png")) }
        }
        return displayPath(dir.appendingPathComponent(stem)) + ".{frame,expected,diff}.png"
    }

    /// Why the images were not written.
    struct ArtifactsError: Error, CustomStringConvertible { let description: String }

    /// A file name from any text: letters, digits, '-', '_', '@' and '+' kept, the rest as '_'; never `.` or `..`.
    static func safe(_ text: String) -> String {
        let kept = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_@+".contains($0)) ? $0 : "_" })
        return kept.isEmpty ? "_" : kept
    }
}

import Foundation

/// Maps B,G,R,A pixels to a palette of up to 255 colours with Floyd–Steinberg error diffusion, after
/// one k-means step that moves each colour to the mean of the pixels nearest to it. Pixels flagged
/// unchanged get index 255 (transparent) and take no part: the frame before shows there. Nearest
/// colours (squared R,G,B distance) are remembered per exact colour in a small hash table, so that
/// a frame's few thousand distinct colours are each searched for once.
struct PaletteMapper {
    private(set) var r: [Int32], g: [Int32], b: [Int32]
    /// The palette sorted by green, and for each green value the position of the first colour at least as green.
    private var byGreen: [Entry] = []
    private var firstWithGreen = [UInt8](repeating: 0, count: 256)
    /// Open addressing: colour << 8 | index, or `empty`.
    private var cache: [UInt32]
    private var cached = 0
    private static let empty = UInt32.max
    private static let cacheSize = 1 << 16

    /// The index pixels equal to the frame before get.
    static let transparent: UInt8 = 255

    /// `colors` are R,G,B triples, at most 255.
    init(colors: [(UInt8, UInt8, UInt8)]) {
        precondition(!colors.isEmpty && colors.count <= 255)
        r = colors.map { Int32($0.0) }; g = colors.map { Int32($0.1) }; b = colors.map { Int32($0.2) }
        cache = [UInt32](repeating: PaletteMapper.empty, count: PaletteMapper.cacheSize)
        sortByGreen()
    }

    /// The palette, as R,G,B triples.
    var colors: [(UInt8, UInt8, UInt8)] { (0..<r.count).map { (UInt8(r[$0]), UInt8(g[$0]), UInt8(b[$0])) } }

    /// A rectangle of a frame: rows of `width` B,G,R,A pixels, and which of the rectangle's pixels
    /// equal the frame before's (``UnchangedMask``), if there is one.
    struct Area {
        let pixels: UnsafePointer<UInt8>, unchanged: UnsafePointer<UInt8>?
        let width: Int, x: Int, y: Int, w: Int, h: Int

        /// The first pixel of row `row` of the rectangle, and that row's unchanged bits.
        func row(_ row: Int) -> (UnsafePointer<UInt8>, UnsafePointer<UInt8>?) {
            (pixels + ((y + row) * width + x) * 4, unchanged.map { $0 + row * UnchangedMask.rowBytes(w) })
        }
    }

    /// Moves each colour to the mean of the changed pixels nearest to it (one step of k-means).
    mutating func refine(_ area: Area) {
        var sums = [Int](repeating: 0, count: r.count * 4)
        for row in 0..<area.h {
            let (line, unchanged) = area.row(row)
            for i in 0..<area.w where !PaletteMapper.same(unchanged, i) {
                let p = line + i * 4
                let index = nearest(Int32(p[2]), Int32(p[1]), Int32(p[0]))
                sums[index * 4] += Int(p[2]); sums[index * 4 + 1] += Int(p[1]); sums[index * 4 + 2] += Int(p[0])
                sums[index * 4 + 3] += 1
            }
        }
        for i in 0..<r.count where sums[i * 4 + 3] > 0 {
            let n = sums[i * 4 + 3]
            r[i] = Int32((sums[i * 4] + n / 2) / n); g[i] = Int32((sums[i * 4 + 1] + n / 2) / n)
            b[i] = Int32((sums[i * 4 + 2] + n / 2) / n)
        }
        sortByGreen()
        clearCache()
    }

    /// The area's pixels as palette indices, row after row.
    mutating func map(_ area: Area) -> [UInt8] {
        var out = [UInt8](repeating: PaletteMapper.transparent, count: area.w * area.h)
        // error rows, three channels per pixel with one pixel of margin each side, in 1/16ths
        var current = [Int32](repeating: 0, count: (area.w + 2) * 3), next = current
        out.withUnsafeMutableBufferPointer { out in
            for row in 0..<area.h {
                let (line, unchanged) = area.row(row)
                current.withUnsafeMutableBufferPointer { err in
                    next.withUnsafeMutableBufferPointer { below in
                        below.update(repeating: 0)
                        mapRow(
                            line, unchanged, w: area.w, err: err.baseAddress!, below: below.baseAddress!,
                            out: out.baseAddress! + row * area.w)
                    }
                }
                swap(&current, &next)
            }
        }
        return out
    }

    private mutating func mapRow(
        _ line: UnsafePointer<UInt8>, _ unchanged: UnsafePointer<UInt8>?, w: Int,
        err: UnsafeMutablePointer<Int32>, below: UnsafeMutablePointer<Int32>,
        out: UnsafeMutablePointer<UInt8>
    ) {
        for i in 0..<w where !PaletteMapper.same(unchanged, i) {
            let p = line + i * 4, e = (i + 1) * 3
            let wantR = Self.clamp(Int32(p[2]) &+ err[e] / 16), wantG = Self.clamp(Int32(p[1]) &+ err[e + 1] / 16)
            let wantB = Self.clamp(Int32(p[0]) &+ err[e + 2] / 16)
            let index = nearest(wantR, wantG, wantB)
            out[i] = UInt8(truncatingIfNeeded: index)
            Self.diffuse(wantR &- r[index], at: e, err: err, below: below)
            Self.diffuse(wantG &- g[index], at: e + 1, err: err, below: below)
            Self.diffuse(wantB &- b[index], at: e + 2, err: err, below: below)
        }
    }

    /// Whether pixel `i` of the row equals the frame before's.
    @inline(__always)
    private static func same(_ unchanged: UnsafePointer<UInt8>?, _ i: Int) -> Bool {
        guard let unchanged else { return false }
        return unchanged[i >> 3] & (1 << UInt8(i & 7)) != 0
    }

    /// Floyd–Steinberg: 7/16 to the right, 3/16 below left, 5/16 below, 1/16 below right. Static, as
    /// `clamp`: a method of `self` called from a mutating one copies the mapper (its arrays retained and
    /// released) at every call in a debug build.
    @inline(__always)
    private static func diffuse(_ error: Int32, at e: Int, err: UnsafeMutablePointer<Int32>, below: UnsafeMutablePointer<Int32>) {
        err[e + 3] &+= error &* 7
        below[e - 3] &+= error &* 3
        below[e] &+= error &* 5
        below[e + 3] &+= error
    }

    @inline(__always)
    private static func clamp(_ v: Int32) -> Int32 { min(max(v, 0), 255) }

    /// The index of the palette colour nearest to the colour, from the cache or a search of the palette.
    @inline(__always)
    private mutating func nearest(_ red: Int32, _ green: Int32, _ blue: Int32) -> Int {
        let color = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        var slot = Int((color &* 0x9E37_79B1) >> 16) & (PaletteMapper.cacheSize - 1)
        while true {
            let entry = cache[slot]
            if entry == PaletteMapper.empty { break }
            if entry >> 8 == color { return Int(entry & 0xFF) }
            slot = (slot + 1) & (PaletteMapper.cacheSize - 1)
        }
        let found = search(red, green, blue)
        if cached >= PaletteMapper.cacheSize / 2 { clearCache(); return found }
        cache[slot] = color << 8 | UInt32(found)
        cached += 1
        return found
    }

    private mutating func clearCache() {
        cache.withUnsafeMutableBufferPointer { $0.update(repeating: PaletteMapper.empty) }
        cached = 0
    }

    /// The nearest colour, searched outwards from the colours of the nearest green (the palette is
    /// sorted by green) until the green difference alone exceeds the best distance found.
    private func search(_ red: Int32, _ green: Int32, _ blue: Int32) -> Int {
        byGreen.withUnsafeBufferPointer { sorted in
            var best = 0, bestDistance = Int32.max
            var up = Int(firstWithGreen[Int(green)]), down = up - 1
            while up < sorted.count || down >= 0 {
                if up < sorted.count {
                    let c = sorted[up], dg = c.g &- green
                    if dg &* dg >= bestDistance {
                        up = sorted.count
                    } else {
                        let dr = c.r &- red, db = c.b &- blue, d = dr &* dr &+ dg &* dg &+ db &* db
                        if d < bestDistance || (d == bestDistance && Int(c.index) < best) { bestDistance = d; best = Int(c.index) }
                        up += 1
                    }
                }
                if down >= 0 {
                    let c = sorted[down], dg = green &- c.g
                    if dg &* dg >= bestDistance {
                        down = -1
                    } else {
                        let dr = c.r &- red, db = c.b &- blue, d = dr &* dr &+ dg &* dg &+ db &* db
                        if d < bestDistance || (d == bestDistance && Int(c.index) < best) { bestDistance = d; best = Int(c.index) }
                        down -= 1
                    }
                }
            }
            return best
        }
    }

    /// Sorts the palette by green for `search`.
    private mutating func sortByGreen() {
        byGreen = (0..<r.count).map { Entry(r: r[$0], g: g[$0], b: b[$0], index: Int32($0)) }
            .sorted { ($0.g, $0.index) < ($1.g, $1.index) }
        var at = 0
        for value in 0..<256 {
            while at < byGreen.count && byGreen[at].g < Int32(value) { at += 1 }
            firstWithGreen[value] = UInt8(at)
        }
    }

    /// A palette colour and its index.
    private struct Entry { let r: Int32, g: Int32, b: Int32, index: Int32 }
}

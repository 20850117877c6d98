extension ShapePath {
    /// Pieces of a cubic measured for its length: enough that a quarter ellipse's length is within
    /// 0.01 % of its arc.
    static let measureSteps = 32

    /// The path's length: every line and curve, a close's line back to its start included.
    public var length: Double { pieces.reduce(0) { $0 + $1.length } }

    /// The part of the path from `start` to `end`, as fractions of its ``length`` (0…1, clamped):
    /// what `CAShapeLayer` strokes between `strokeStart` and `strokeEnd`. The subpaths count as one
    /// length in order; curves are cut at the parameter of the length, not re-approximated. A closed
    /// subpath kept whole stays closed; the whole path is returned as it is.
    public func trimmed(start: Double, end: Double) -> ShapePath {
        let s = min(max(start, 0), 1), e = min(max(end, 0), 1)
        if s <= 0 && e >= 1 { return self }
        let pieces = self.pieces
        let total = pieces.reduce(0) { $0 + $1.length }
        guard e > s, total > 0 else { return ShapePath(elements: []) }
        let (from, to) = (s * total, e * total)
        var out: [Element] = []
        var position = 0.0, subpath = -1, wholeSoFar = false
        for piece in pieces {
            let a = position
            position += piece.length
            guard position > from, a < to else { continue }
            let t0 = piece.parameter(at: from - a), t1 = piece.parameter(at: to - a)
            let part = piece.cut(t0, t1)
            if piece.subpath != subpath {
                subpath = piece.subpath
                out.append(.move(part.start))
                wholeSoFar = piece.first && t0 <= 0
            }
            wholeSoFar = wholeSoFar && t1 >= 1
            if piece.closing && wholeSoFar { out.append(.close); continue }
            out.append(part.element)
        }
        return ShapePath(elements: out)
    }

    /// The path as measured pieces, a close's line included (a subpath of a lone move has none).
    private var pieces: [Piece] {
        var out: [Piece] = []
        var current = Point.zero, start = Point.zero, subpath = -1, first = true
        for e in elements {
            switch e {
            case .move(let p):
                current = p; start = p; subpath += 1; first = true
                continue
            case .line(let p): out.append(Piece(line: current, p, subpath: subpath, first: first, closing: false)); current = p
            case .cubic(let a, let b, let c): out.append(Piece(current, a, b, c, subpath: subpath, first: first)); current = c
            case .close: out.append(Piece(line: current, start, subpath: subpath, first: first, closing: true)); current = start
            }
            first = false
        }
        return out
    }
}

/// A line or cubic of a path with its length, measured along ``ShapePath/measureSteps`` chords.
private struct Piece {
    let p0: Point, p1: Point, p2: Point, p3: Point
    let isLine: Bool
    let subpath: Int
    /// Whether the piece begins its subpath.
    let first: Bool
    /// Whether the piece is a close's line back to its subpath's start.
    let closing: Bool
    /// The length up to each step of the parameter (a cubic's), from 0 to ``length``.
    let lengths: [Double]
    var length: Double { lengths.last ?? 0 }

    init(line a: Point, _ b: Point, subpath: Int, first: Bool, closing: Bool) {
        p0 = a; p1 = a; p2 = b; p3 = b; isLine = true
        self.subpath = subpath; self.first = first; self.closing = closing
        lengths = [0, Piece.distance(a, b)]
    }

    init(_ a: Point, _ b: Point, _ c: Point, _ d: Point, subpath: Int, first: Bool) {
        p0 = a; p1 = b; p2 = c; p3 = d; isLine = false
        self.subpath = subpath; self.first = first; closing = false
        var lengths = [0.0], previous = a
        for k in 1...ShapePath.measureSteps {
            let p = Piece.point(a, b, c, d, Double(k) / Double(ShapePath.measureSteps))
            lengths.append(lengths[k - 1] + Piece.distance(previous, p))
            previous = p
        }
        self.lengths = lengths
    }

    static func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

    static func point(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ t: Double) -> Point {
        let u = 1 - t
        let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return Point(x: w0 * a.x + w1 * b.x + w2 * c.x + w3 * d.x, y: w0 * a.y + w1 * b.y + w2 * c.y + w3 * d.y)
    }

    /// The parameter at length `l` along the piece (clamped to 0…1), linear between measured steps.
    func parameter(at l: Double) -> Double {
        guard l > 0 else { return 0 }
        guard l < length else { return 1 }
        var k = 1
        while lengths[k] < l { k += 1 }
        let span = lengths[k] - lengths[k - 1]
        let f = span > 0 ? (l - lengths[k - 1]) / span : 0
        return (Double(k - 1) + f) / Double(lengths.count - 1)
    }

    /// The piece between parameters `t0` and `t1`, as its start and its element.
    func cut(_ t0: Double, _ t1: Double) -> (start: Point, element: ShapePath.Element) {
        if isLine {
            let at = { (t: Double) in Point(x: p0.x + (p3.x - p0.x) * t, y: p0.y + (p3.y - p0.y) * t) }
            return (at(t0), .line(at(t1)))
        }
        // De Casteljau: the part before t1, then that part's end after t0 / t1.
        let left = Piece.split(p0, p1, p2, p3, at: t1).left
        let part = t1 > 0 ? Piece.split(left.0, left.1, left.2, left.3, at: t0 / t1).right : left
        return (part.0, .cubic(part.1, part.2, part.3))
    }

    typealias Cubic = (Point, Point, Point, Point)

    static func split(_ a: Point, _ b: Point, _ c: Point, _ d: Point, at t: Double) -> (left: Cubic, right: Cubic) {
        func mix(_ u: Point, _ v: Point) -> Point { Point(x: u.x + (v.x - u.x) * t, y: u.y + (v.y - u.y) * t) }
        let ab = mix(a, b), bc = mix(b, c), cd = mix(c, d)
        let abc = mix(ab, bc), bcd = mix(bc, cd), m = mix(abc, bcd)
        return ((a, ab, abc, m), (m, bcd, cd, d))
    }
}

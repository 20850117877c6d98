/// A path as `CGPath` holds one, in a node's bounds coordinates (y down): subpaths of straight lines
/// and cubic Béziers, filled by the non-zero rule. Written as SVG path data; every SVG command is
/// read (``init(svg:)``) and normalised to these four elements, so that two paths whose elements
/// have the same kinds in the same order animate point by point, as Core Animation's do.
public struct ShapePath: Hashable, Sendable {
    /// One element of a normalised path.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath at the point.
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A cubic Bézier from the current point through two control points to the last.
        case cubic(Point, Point, Point)
        /// A straight line back to the subpath's start, joined to it.
        case close
    }

    /// The elements in order; the first is a move.
    public private(set) var elements: [Element]

    /// A path of `elements`, which must start with a move (the parser and builders guarantee it).
    public init(elements: [Element]) { self.elements = elements }

    /// Whether `other` has the same elements by kind, so that the two animate point by point.
    public func matches(_ other: ShapePath) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// The path `p` of the way from this one to `other`, point by point (the paths must ``matches(_:)``).
    public func interpolated(to other: ShapePath, at p: Double) -> ShapePath {
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p) }
        return ShapePath(
            elements: zip(elements, other.elements).map { a, b in
                switch (a, b) {
                case (.move(let u), .move(let v)): return .move(mix(u, v))
                case (.line(let u), .line(let v)): return .line(mix(u, v))
                case (.cubic(let u1, let u2, let u3), .cubic(let v1, let v2, let v3)): return .cubic(mix(u1, v1), mix(u2, v2), mix(u3, v3))
                default: return a
                }
            })
    }

    /// Every point the elements name, control points included.
    public var points: [Point] {
        elements.flatMap { e -> [Point] in
            switch e {
            case .move(let p), .line(let p): return [p]
            case .cubic(let a, let b, let c): return [a, b, c]
            case .close: return []
            }
        }
    }

    /// A box holding the whole path (the hull of its control points holds each curve), nil when empty.
    public var boundingBox: Rect? { points.isEmpty ? nil : Rect.bounding(points) }

    /// The path as SVG path data of absolute `M`, `L`, `C` and `Z` commands: how the timeline, Lua and
    /// the Lottie export write it.
    public var svg: String {
        var out = ""
        func add(_ command: String, _ ps: Point...) {
            if !out.isEmpty { out += " " }
            out += command
            for (i, p) in ps.enumerated() { out += (i > 0 ? " " : "") + formatNumber(p.x) + " " + formatNumber(p.y) }
        }
        for e in elements {
            switch e {
            case .move(let p): add("M", p)
            case .line(let p): add("L", p)
            case .cubic(let a, let b, let c): add("C", a, b, c)
            case .close: add("Z")
            }
        }
        return out
    }

    // MARK: Building

    /// The weight of a cubic's control points that draws a quarter circle (4/3 · (√2 − 1)).
    static let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// The ellipse inscribed in `r`, as `UIBezierPath(ovalIn:)`: four cubic quarters from the right
    /// end, clockwise on screen, closed. Any two ellipses animate into each other.
    public static func ellipse(in r: Rect) -> ShapePath {
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let (kx, ky) = (rx * kappa, ry * kappa)
        return ShapePath(elements: [
            .move(Point(x: cx + rx, y: cy)),
            .cubic(Point(x: cx + rx, y: cy + ky), Point(x: cx + kx, y: cy + ry), Point(x: cx, y: cy + ry)),
            .cubic(Point(x: cx - kx, y: cy + ry), Point(x: cx - rx, y: cy + ky), Point(x: cx - rx, y: cy)),
            .cubic(Point(x: cx - rx, y: cy - ky), Point(x: cx - kx, y: cy - ry), Point(x: cx, y: cy - ry)),
            .cubic(Point(x: cx + kx, y: cy - ry), Point(x: cx + rx, y: cy - ky), Point(x: cx + rx, y: cy)),
            .close
        ])
    }

    /// The rectangle `r` with corners of `radius` (clamped to half the shorter side), clockwise from
    /// the top edge: always four lines and four cubic corners (zero-length for square corners), so that
    /// any two such rectangles animate into each other.
    public static func rect(_ r: Rect, radius: Double = 0) -> ShapePath {
        let k = min(max(radius, 0), min(r.width, r.height) / 2)
        let c = k * (1 - kappa)  // control points' distance from the corner
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        return ShapePath(elements: [
            .move(Point(x: x0 + k, y: y0)),
            .line(Point(x: x1 - k, y: y0)),
            .cubic(Point(x: x1 - c, y: y0), Point(x: x1, y: y0 + c), Point(x: x1, y: y0 + k)),
            .line(Point(x: x1, y: y1 - k)),
            .cubic(Point(x: x1, y: y1 - c), Point(x: x1 - c, y: y1), Point(x: x1 - k, y: y1)),
            .line(Point(x: x0 + k, y: y1)),
            .cubic(Point(x: x0 + c, y: y1), Point(x: x0, y: y1 - c), Point(x: x0, y: y1 - k)),
            .line(Point(x: x0, y: y0 + k)),
            .cubic(Point(x: x0, y: y0 + c), Point(x: x0 + c, y: y0), Point(x: x0 + k, y: y0)),
            .close
        ])
    }

    /// The path mapped through `t` (Lottie places a node's paths in the container's coordinates).
    public func applying(_ t: Transform2D) -> ShapePath {
        ShapePath(
            elements: elements.map { e in
                switch e {
                case .move(let p): return .move(t.apply(to: p))
                case .line(let p): return .line(t.apply(to: p))
                case .cubic(let a, let b, let c): return .cubic(t.apply(to: a), t.apply(to: b), t.apply(to: c))
                case .close: return .close
                }
            })
    }
}

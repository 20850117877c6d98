import Foundation

/// Why SVG path data could not be read: what was wrong, and at which character (from 1).
public struct ShapePathError: Error, Equatable, CustomStringConvertible {
    /// The character where the problem lies, counted from 1 (0 for the data as a whole).
    public let offset: Int
    public let message: String

    public var description: String { offset > 0 ? "path data at character \(offset): \(message)" : "path data: \(message)" }
}

extension ShapePath {
    /// Reads SVG path data (SVG 1.1 §8.3: `M L H V C S Q T A Z`, absolute and relative, implicit
    /// repeats) into normalised elements: `H`/`V` become lines, quadratics and smooth curves cubics,
    /// arcs up to four cubics (the endpoint-to-centre conversion of SVG's implementation notes,
    /// F.6.5–6). At most ``Bounds/pathBytes`` bytes and ``Bounds/pathElements`` elements; coordinates
    /// within ±``Bounds/magnitude``. One pass, no recursion.
    public init(svg data: String) throws(ShapePathError) {
        guard data.utf8.count <= Bounds.pathBytes else {
            throw ShapePathError(offset: 0, message: "\(data.utf8.count) bytes long, past the \(Bounds.pathBytes) a path may have")
        }
        var parser = ShapePathParser(Array(data.utf8))
        self.init(elements: try parser.parse())
    }
}

/// The state of one reading of path data.
private struct ShapePathParser {
    let bytes: [UInt8]
    var i = 0
    var out: [ShapePath.Element] = []
    var current = Point.zero
    var start = Point.zero
    /// The last cubic's second control point (for `S`) or quadratic's control point (for `T`), when the
    /// previous command was one of those kinds.
    var lastCubic: Point?
    var lastQuad: Point?
    /// Set after `Z`, until a move: a drawing command then starts a subpath where the last one began.
    var closed = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ message: String, at offset: Int? = nil) -> ShapePathError {
        ShapePathError(offset: (offset ?? i) + 1, message: message)
    }

    mutating func parse() throws(ShapePathError) -> [ShapePath.Element] {
        skipSpace()
        guard i < bytes.count else { throw ShapePathError(offset: 0, message: "empty: expected commands starting with M") }
        var command: UInt8 = 0
        while true {
            skipSpace()
            guard i < bytes.count else { break }
            let (begin, first) = (i, out.count)
            let b = bytes[i]
            if Self.commands.contains(b | 0x20) {
                command = b
                i += 1
            } else if command == 0 || (command | 0x20) == UInt8(ascii: "z") || !Self.startsNumber(b) {
                throw fail(command == 0 ? "expected M (a path starts with a move), got '\(Self.shown(b))'" : "expected a command letter or a number, got '\(Self.shown(b))'")
            }
            if out.isEmpty && (command | 0x20) != UInt8(ascii: "m") {
                throw fail("expected M (a path starts with a move), got '\(Self.shown(command))'", at: i - 1)
            }
            try segment(command)
            try checkReach(from: first, command: begin)
            // After a move, further pairs are lines (SVG 1.1 §8.3.2).
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") } else if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            guard out.count <= Bounds.pathElements else {
                throw fail("more than \(Bounds.pathElements) path elements (an arc counts as up to four)")
            }
        }
        return out
    }

    static let commands = Set("mlhvcsqtaz".utf8)

    /// Refuses the elements from `first` on, added by the command at `begin`, when a point of theirs is
    /// not finite or lies beyond ±``Bounds/magnitude``: relative commands add up, and arcs bulge.
    private func checkReach(from first: Int, command begin: Int) throws(ShapePathError) {
        for e in out[first...] {
            let points: [Point]
            switch e {
            case .move(let p), .line(let p): points = [p]
            case .cubic(let a, let b, let c): points = [a, b, c]
            case .close: continue
            }
            for p in points where !(abs(p.x) <= Bounds.magnitude && abs(p.y) <= Bounds.magnitude) {
                let far = abs(p.x) <= Bounds.magnitude ? p.y : p.x
                throw fail(
                    "the path reaches \(far.isFinite ? formatNumber(far) : "a number past any bound"), beyond ±\(formatNumber(Bounds.magnitude))", at: begin)
            }
        }
    }

    static func startsNumber(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    static func shown(_ b: UInt8) -> String { b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "byte \(b)" }

    // MARK: Commands

    /// One command's arguments read and its elements added.
    private mutating func segment(_ command: UInt8) throws(ShapePathError) {
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : .zero
        func at(_ x: Double, _ y: Double) -> Point { Point(x: base.x + x, y: base.y + y) }
        let kind = command | 0x20
        if kind != UInt8(ascii: "z") && kind != UInt8(ascii: "m") && closed { add(.move(start)) }
        var cubic: Point?, quad: Point?
        switch kind {
        case UInt8(ascii: "z"):
            add(.close)
            current = start
            closed = true
        case UInt8(ascii: "m"):
            let p = at(try number(), try number())
            add(.move(p))
            start = p
            current = p
            closed = false
        case UInt8(ascii: "l"): lineTo(at(try number(), try number()))
        case UInt8(ascii: "h"): lineTo(Point(x: base.x + (try number()), y: current.y))
        case UInt8(ascii: "v"): lineTo(Point(x: current.x, y: base.y + (try number())))
        case UInt8(ascii: "c"):
            let c1 = at(try number(), try number()), c2 = at(try number(), try number()), p = at(try number(), try number())
            cubicTo(c1, c2, p)
            cubic = c2
        case UInt8(ascii: "s"):
            let c1 = reflected(lastCubic)
            let c2 = at(try number(), try number()), p = at(try number(), try number())
            cubicTo(c1, c2, p)
            cubic = c2
        case UInt8(ascii: "q"):
            let q = at(try number(), try number()), p = at(try number(), try number())
            quadTo(q, p)
            quad = q
        case UInt8(ascii: "t"):
            let q = reflected(lastQuad), p = at(try number(), try number())
            quadTo(q, p)
            quad = q
        default:  // "a"
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            arc(to: at(try number(), try number()), rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep)
        }
        lastCubic = cubic
        lastQuad = quad
    }

    private mutating func add(_ e: ShapePath.Element) {
        out.append(e)
        closed = false
    }

    private mutating func lineTo(_ p: Point) {
        add(.line(p))
        current = p
    }

    private mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) {
        add(.cubic(c1, c2, p))
        current = p
    }

    /// A quadratic as the cubic that draws it (control points two thirds of the way to its control point).
    private mutating func quadTo(_ q: Point, _ p: Point) {
        let c1 = Point(x: current.x + 2 / 3 * (q.x - current.x), y: current.y + 2 / 3 * (q.y - current.y))
        let c2 = Point(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y))
        cubicTo(c1, c2, p)
    }

    /// The reflection of `control` about the current point, or the current point when the previous
    /// command was of another kind (SVG's rule for `S` and `T`).
    private func reflected(_ control: Point?) -> Point {
        guard let c = control else { return current }
        return Point(x: 2 * current.x - c.x, y: 2 * current.y - c.y)
    }

    /// An elliptical arc as cubics, by SVG's implementation notes (F.6.5: out-of-range radii scaled up,
    /// endpoint to centre; F.6.6: zero radii draw a line, equal endpoints nothing).
    private mutating func arc(to p: Point, rx rxIn: Double, ry ryIn: Double, degrees: Double, large: Bool, sweep: Bool) {
        let p1 = current
        guard p1 != p else { return }
        var rx = abs(rxIn), ry = abs(ryIn)
        guard rx > 0, ry > 0 else { return lineTo(p) }
        let phi = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let (cosP, sinP) = (cos(phi), sin(phi))
        let dx = (p1.x - p.x) / 2, dy = (p1.y - p.y) / 2
        let x1 = cosP * dx + sinP * dy, y1 = -sinP * dx + cosP * dy
        // √Λ of F.6.6.2; by `hypot` when radii tiny beside the distance overflow Λ.
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        let grow = lambda.isFinite ? lambda.squareRoot() : hypot(x1 / rx, y1 / ry)
        if grow > 1 { rx *= grow; ry *= grow }
        // Radii too small or too unequal for a double to scale up (SVG's limit is zero radii): a line.
        guard rx.isFinite, ry.isFinite, rx > 0, ry > 0 else { return lineTo(p) }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coef = (large != sweep ? 1.0 : -1.0) * (den > 0 ? max(num / den, 0).squareRoot() : 0)
        let cxp = coef * rx * y1 / ry, cyp = -coef * ry * x1 / rx
        let cx = cosP * cxp - sinP * cyp + (p1.x + p.x) / 2, cy = sinP * cxp + cosP * cyp + (p1.y + p.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
        let ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry, vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry
        let theta = angle(1, 0, ux, uy)
        var delta = angle(ux, uy, vx, vy)
        if !sweep && delta > 0 { delta -= 2 * .pi } else if sweep && delta < 0 { delta += 2 * .pi }
        guard cx.isFinite, cy.isFinite, theta.isFinite, delta.isFinite else { return lineTo(p) }
        let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces), k = 4 / 3 * tan(step / 4)
        func onEllipse(_ x: Double, _ y: Double) -> Point {
            Point(x: cx + rx * cosP * x - ry * sinP * y, y: cy + rx * sinP * x + ry * cosP * y)
        }
        for n in 0..<pieces {
            let a = theta + Double(n) * step, b = a + step
            let c1 = onEllipse(cos(a) - k * sin(a), sin(a) + k * cos(a))
            let c2 = onEllipse(cos(b) + k * sin(b), sin(b) - k * cos(b))
            cubicTo(c1, c2, n == pieces - 1 ? p : onEllipse(cos(b), sin(b)))
        }
    }

    // MARK: Lexing

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x0C { i += 1 }
    }

    /// Skips spaces and at most one comma between arguments.
    private mutating func skipSeparator() {
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace() }
    }

    /// An arc's flag: a single `0` or `1`, which needs no separator after it.
    private mutating func flag() throws(ShapePathError) -> Bool {
        skipSeparator()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw fail(i < bytes.count ? "expected an arc flag, 0 or 1, got '\(Self.shown(bytes[i]))'" : "expected an arc flag, 0 or 1, got the end")
        }
        defer { i += 1 }
        return bytes[i] == UInt8(ascii: "1")
    }

    /// A number (SVG's grammar: sign, digits, fraction, exponent), within ±``Bounds/magnitude``.
    private mutating func number() throws(ShapePathError) -> Double {
        skipSeparator()
        let begin = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var count = digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            count += digits()
        }
        guard count > 0 else {
            i = begin
            throw fail(i < bytes.count ? "expected a number, got '\(Self.shown(bytes[i]))'" : "expected a number, got the end")
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            let mark = i
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            if digits() == 0 { i = mark }  // an `e` not followed by digits is not part of the number
        }
        let text = String(decoding: bytes[begin..<i], as: UTF8.self)
        guard let n = Double(text), n.isFinite, abs(n) <= Bounds.magnitude else {
            throw fail("\(text) is out of range (coordinates lie within ±\(formatNumber(Bounds.magnitude)))", at: begin)
        }
        return n
    }
}

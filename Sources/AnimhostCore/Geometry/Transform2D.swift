import Foundation

/// A 2-D affine transform in Core Graphics' convention: a point maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`.
public struct Transform2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// Leaves every point where it is.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves points by (x, y).
    public static func translation(_ x: Double, _ y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    /// Scales about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> Transform2D {
        Transform2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotates about the origin, clockwise on screen for positive angles (y points down).
    public static func rotation(_ radians: Double) -> Transform2D {
        let cs = cos(radians), sn = sin(radians)
        return Transform2D(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// True when the transform changes nothing.
    public var isIdentity: Bool { self == .identity }

    /// `self` applied first, then `other` (CGAffineTransform's `concatenating`).
    public func concatenating(_ t: Transform2D) -> Transform2D {
        Transform2D(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// The inverse, or nil when the transform is singular.
    public func inverted() -> Transform2D? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return Transform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Where `p` goes.
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
}

/// A transform split into parts that interpolate naturally: translation, rotation, scale and shear,
/// with `M = shear · scale · rotation`, then the translation (row vectors, as Core Graphics).
public struct DecomposedTransform: Hashable, Sendable {
    public var translateX: Double, translateY: Double
    public var scaleX: Double, scaleY: Double
    /// Rotation in radians.
    public var angle: Double
    /// How far the second row leans along the first (a skew), in units of the first row.
    public var shear: Double

    public init(_ t: Transform2D) {
        translateX = t.tx; translateY = t.ty
        scaleX = (t.a * t.a + t.b * t.b).squareRoot()
        angle = scaleX == 0 ? 0 : atan2(t.b, t.a)
        let cs = cos(angle), sn = sin(angle)
        scaleY = -t.c * sn + t.d * cs
        shear = scaleX == 0 ? 0 : (t.c * cs + t.d * sn) / scaleX
        if scaleX == 0 {  // a degenerate first row: keep the second as it is
            scaleY = (t.c * t.c + t.d * t.d).squareRoot()
            angle = scaleY == 0 ? 0 : atan2(-t.c, t.d)
        }
    }

    /// The transform these parts describe.
    public var transform: Transform2D {
        let shearing = Transform2D(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0)
        return
            shearing
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(.rotation(angle))
            .concatenating(.translation(translateX, translateY))
    }

    /// Interpolates part by part, turning the shorter way round.
    public static func interpolate(_ from: DecomposedTransform, _ to: DecomposedTransform, _ p: Double) -> DecomposedTransform {
        var b = to
        let turn = b.angle - from.angle
        if turn > .pi { b.angle -= 2 * .pi } else if turn < -.pi { b.angle += 2 * .pi }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        var r = from
        r.translateX = mix(from.translateX, b.translateX); r.translateY = mix(from.translateY, b.translateY)
        r.scaleX = mix(from.scaleX, b.scaleX); r.scaleY = mix(from.scaleY, b.scaleY)
        r.angle = mix(from.angle, b.angle)
        r.shear = mix(from.shear, b.shear)
        return r
    }
}

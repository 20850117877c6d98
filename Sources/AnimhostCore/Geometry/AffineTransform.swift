import Foundation

/// A 2-D affine transform in Core Graphics' convention: a point maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    public static func rotation(_ radians: Double) -> AffineTransform {
        let cs = cos(radians), sn = sin(radians)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` applied first, then `other` (CGAffineTransform's `concatenating`).
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// The inverse, or nil when the transform is singular.
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
}

/// A transform split into parts that interpolate naturally (CSS Transforms' 2-D decomposition):
/// translation, scale, rotation and a remaining shear matrix.
public struct DecomposedTransform: Hashable, Sendable {
    public var translateX: Double, translateY: Double
    public var scaleX: Double, scaleY: Double
    /// Rotation in radians.
    public var angle: Double
    public var m11: Double, m12: Double, m21: Double, m22: Double

    public init(_ t: AffineTransform) {
        var row0 = (x: t.a, y: t.b), row1 = (x: t.c, y: t.d)
        translateX = t.tx; translateY = t.ty
        scaleX = (row0.x * row0.x + row0.y * row0.y).squareRoot()
        scaleY = (row1.x * row1.x + row1.y * row1.y).squareRoot()
        if row0.x * row1.y - row0.y * row1.x < 0 {
            if row0.x < row1.y { scaleX = -scaleX } else { scaleY = -scaleY }
        }
        if scaleX != 0 { row0 = (row0.x / scaleX, row0.y / scaleX) }
        if scaleY != 0 { row1 = (row1.x / scaleY, row1.y / scaleY) }
        angle = atan2(row0.y, row0.x)
        if angle != 0 {
            let sn = -row0.y, cs = row0.x
            let (a11, a12, a21, a22) = (row0.x, row0.y, row1.x, row1.y)
            row0 = (cs * a11 + sn * a21, cs * a12 + sn * a22)
            row1 = (-sn * a11 + cs * a21, -sn * a12 + cs * a22)
        }
        m11 = row0.x; m12 = row0.y; m21 = row1.x; m22 = row1.y
    }

    /// The transform these parts describe.
    public var transform: AffineTransform {
        let shear = AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: 0, ty: 0)
        return shear
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(.rotation(angle))
            .concatenating(.translation(translateX, translateY))
    }

    /// Interpolates part by part, taking the shorter way round, as CSS does.
    public static func interpolate(_ from: DecomposedTransform, _ to: DecomposedTransform, _ p: Double) -> DecomposedTransform {
        var a = from, b = to
        if (a.scaleX < 0 && b.scaleY < 0) || (a.scaleY < 0 && b.scaleX < 0) {
            a.scaleX = -a.scaleX; a.scaleY = -a.scaleY
            a.angle += a.angle < 0 ? .pi : -.pi
        }
        if a.angle == 0 { a.angle = 2 * .pi }
        if b.angle == 0 { b.angle = 2 * .pi }
        if abs(a.angle - b.angle) > .pi {
            if a.angle > b.angle { a.angle -= 2 * .pi } else { b.angle -= 2 * .pi }
        }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        var r = a
        r.translateX = mix(a.translateX, b.translateX); r.translateY = mix(a.translateY, b.translateY)
        r.scaleX = mix(a.scaleX, b.scaleX); r.scaleY = mix(a.scaleY, b.scaleY)
        r.angle = mix(a.angle, b.angle)
        r.m11 = mix(a.m11, b.m11); r.m12 = mix(a.m12, b.m12); r.m21 = mix(a.m21, b.m21); r.m22 = mix(a.m22, b.m22)
        return r
    }
}

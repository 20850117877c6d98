import Foundation

/// A 3-D homogeneous transform in Core Animation's convention (`CATransform3D`): points are row
/// vectors, so `(x, y, z, 1)` maps to `(x·m11 + y·m21 + z·m31 + m41, …)` and `w = x·m14 + y·m24 +
/// z·m34 + m44`; `m34 = −1/d` puts the eye at distance `d` in front of the plane z = 0.
public struct Transform3D: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// The transform of 16 numbers `[m11, m12, m13, m14, m21, …, m44]`, row by row.
    public init(_ m: [Double]) {
        precondition(m.count == 16, "a 3-D transform has 16 numbers")
        (m11, m12, m13, m14) = (m[0], m[1], m[2], m[3])
        (m21, m22, m23, m24) = (m[4], m[5], m[6], m[7])
        (m31, m32, m33, m34) = (m[8], m[9], m[10], m[11])
        (m41, m42, m43, m44) = (m[12], m[13], m[14], m[15])
    }

    /// The 16 numbers row by row, as ``init(_:)`` takes them.
    public var numbers: [Double] { [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44] }

    /// Leaves every point where it is.
    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// A 2-D affine transform acting on x and y.
    public init(_ t: Transform2D) {
        self.init([t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1])
    }

    /// Moves points by (x, y, z).
    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        var t = identity
        (t.m41, t.m42, t.m43) = (x, y, z)
        return t
    }

    /// Scales about the origin.
    public static func scale(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        var t = identity
        (t.m11, t.m22, t.m33) = (x, y, z)
        return t
    }

    /// Turns by `radians` about the axis (x, y, z) through the origin, as `CATransform3DMakeRotation`;
    /// a zero axis turns nothing. About z it is ``Transform2D/rotation(_:)``.
    public static func rotation(_ radians: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(radians), s = sin(radians), t = 1 - c
        return Transform3D([
            t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
            t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
            t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0,
            0, 0, 0, 1
        ])
    }

    /// A perspective seen from distance `d` (`m34 = −1/d`); a distance of 0 or less gives none.
    public static func perspective(_ d: Double) -> Transform3D {
        var t = identity
        if d > 0 { t.m34 = -1 / d }
        return t
    }

    /// True when the transform changes nothing.
    public var isIdentity: Bool { self == .identity }

    /// True when the transform maps the plane z = 0 onto itself without perspective: it is
    /// ``affine`` and keeps the 2-D drawing path.
    public var isAffine: Bool {
        m13 == 0 && m23 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0
            && m14 == 0 && m24 == 0 && m44 == 1
    }

    /// The x–y part as a 2-D affine transform (exact when ``isAffine``).
    public var affine: Transform2D { Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }

    /// `self` applied first, then `t` (`CATransform3DConcat(self, t)`).
    public func concatenating(_ t: Transform3D) -> Transform3D {
        let b = t.rowVectors
        func row(_ a: SIMD4<Double>) -> SIMD4<Double> {
            let xy = a.x * b.0 + a.y * b.1
            let zw = a.z * b.2 + a.w * b.3
            return xy + zw
        }
        let a = rowVectors
        return Transform3D(rowVectors: (row(a.0), row(a.1), row(a.2), row(a.3)))
    }

    /// `lhs` applied first, then `rhs`.
    public static func * (lhs: Transform3D, rhs: Transform3D) -> Transform3D { lhs.concatenating(rhs) }

    private var rowVectors: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        (SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24), SIMD4(m31, m32, m33, m34), SIMD4(m41, m42, m43, m44))
    }

    private init(rowVectors r: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) {
        (m11, m12, m13, m14) = (r.0.x, r.0.y, r.0.z, r.0.w)
        (m21, m22, m23, m24) = (r.1.x, r.1.y, r.1.z, r.1.w)
        (m31, m32, m33, m34) = (r.2.x, r.2.y, r.2.z, r.2.w)
        (m41, m42, m43, m44) = (r.3.x, r.3.y, r.3.z, r.3.w)
    }

    /// Where the point (x, y, z) goes, in homogeneous coordinates (before the divide by w).
    public func homogeneous(_ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (
            x * m11 + y * m21 + z * m31 + m41, x * m12 + y * m22 + z * m32 + m42,
            x * m13 + y * m23 + z * m33 + m43, x * m14 + y * m24 + z * m34 + m44
        )
    }

    /// Where the point `p` of the plane z = 0 appears after the divide by w; nil when it lies at or
    /// behind the eye (w ≤ ``Transform3D/nearW``).
    public func project(_ p: Point) -> Point? {
        let h = homogeneous(p.x, p.y, 0)
        guard h.w > Transform3D.nearW else { return nil }
        return Point(x: h.x / h.w, y: h.y / h.w)
    }

    /// The smallest w a point may have to be drawn: nearer the eye than this (1/10,000 of the
    /// distance to the plane), or behind it, it is clipped away.
    public static let nearW = 1e-4

    /// The transform's action on the plane z = 0 with its z output dropped: what a layer that does
    /// not preserve 3-D keeps of a child's transform (Core Animation flattens each layer's sublayers
    /// into its plane). Its z row and column are the identity's, so that it stays invertible when
    /// the plane's mapping is.
    public var flattened: Transform3D {
        var t = self
        (t.m13, t.m23, t.m43) = (0, 0, 0)
        (t.m31, t.m32, t.m33, t.m34) = (0, 0, 1, 0)
        return t
    }

    /// True when, on the plane z = 0, the transform is a 2-D affine one (no perspective divide).
    public var isPlanarAffine: Bool { m14 == 0 && m24 == 0 && m44 == 1 }

    /// The inverse, or nil when the transform is singular.
    public func inverted() -> Transform3D? {
        var a = (0..<4).map { Array(numbers[$0 * 4..<$0 * 4 + 4]) }
        var inv = (0..<4).map { Array(Transform3D.identity.numbers[$0 * 4..<$0 * 4 + 4]) }
        for col in 0..<4 {
            guard let pivot = (col..<4).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), a[pivot][col] != 0 else { return nil }
            a.swapAt(col, pivot); inv.swapAt(col, pivot)
            let d = a[col][col]
            for j in 0..<4 { a[col][j] /= d; inv[col][j] /= d }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                guard f != 0 else { continue }
                for j in 0..<4 { a[r][j] -= f * a[col][j]; inv[r][j] -= f * inv[col][j] }
            }
        }
        let out = Transform3D(inv.flatMap { $0 })
        return out.numbers.allSatisfy(\.isFinite) ? out : nil
    }
}

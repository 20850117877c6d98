import Foundation

/// A 3-D transform split into the parts CSS Transforms Level 2 ("Interpolation of 3D matrices")
/// and Core Animation interpolate: perspective, translation, scale, skew and a rotation quaternion,
/// with `M = scale · skew · rotation · translation · perspective` (row vectors: scale applied first).
public struct DecomposedTransform3D: Hashable, Sendable {
    public var perspective: SIMD4<Double>
    public var translation: SIMD3<Double>
    public var scale: SIMD3<Double>
    /// The xy, xz and yz shears.
    public var skew: SIMD3<Double>
    /// The rotation as a unit quaternion (x, y, z, w).
    public var quaternion: SIMD4<Double>

    /// The parts of `t`, or nil when it cannot be split (its upper 3×3 is singular: a layer seen
    /// edge-on by scale 0); such a transform changes at once when animated, as CSS says.
    public init?(_ t: Transform3D) {
        guard t.m44 != 0, t.numbers.allSatisfy(\.isFinite) else { return nil }
        var m = t.numbers.map { $0 / t.m44 }
        func at(_ i: Int, _ j: Int) -> Double { m[i * 4 + j] }
        var pm = m
        for i in 0..<3 { pm[i * 4 + 3] = 0 }
        pm[15] = 1
        let perspectiveMatrix = Transform3D(pm)
        guard let inverse = perspectiveMatrix.inverted() else { return nil }
        if at(0, 3) != 0 || at(1, 3) != 0 || at(2, 3) != 0 {
            let rhs = SIMD4(at(0, 3), at(1, 3), at(2, 3), at(3, 3))
            let inv = inverse.numbers
            perspective = SIMD4((0..<4).map { i in (0..<4).reduce(0.0) { $0 + inv[i * 4 + $1] * rhs[$1] } })
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }
        translation = SIMD3(at(3, 0), at(3, 1), at(3, 2))
        var row = (0..<3).map { i in SIMD3(at(i, 0), at(i, 1), at(i, 2)) }
        m = []
        scale = .zero; skew = .zero
        scale.x = length(row[0])
        row[0] /= scale.x
        skew.x = dot(row[0], row[1])
        row[1] -= skew.x * row[0]
        scale.y = length(row[1])
        row[1] /= scale.y
        skew.x /= scale.y
        skew.y = dot(row[0], row[2])
        row[2] -= skew.y * row[0]
        skew.z = dot(row[1], row[2])
        row[2] -= skew.z * row[1]
        scale.z = length(row[2])
        row[2] /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z
        if dot(row[0], cross(row[1], row[2])) < 0 {
            scale = -scale
            for i in 0..<3 { row[i] = -row[i] }
        }
        var q = SIMD4(
            0.5 * max(1 + row[0].x - row[1].y - row[2].z, 0).squareRoot(),
            0.5 * max(1 - row[0].x + row[1].y - row[2].z, 0).squareRoot(),
            0.5 * max(1 - row[0].x - row[1].y + row[2].z, 0).squareRoot(),
            0.5 * max(1 + row[0].x + row[1].y + row[2].z, 0).squareRoot())
        if row[2].y > row[1].z { q.x = -q.x }
        if row[0].z > row[2].x { q.y = -q.y }
        if row[1].x > row[0].y { q.z = -q.z }
        quaternion = q
        guard (scale.x * scale.y * scale.z).isNormal else { return nil }
    }

    /// The transform these parts describe.
    public var transform: Transform3D {
        var m = Transform3D.identity
        (m.m14, m.m24, m.m34, m.m44) = (perspective.x, perspective.y, perspective.z, perspective.w)
        m = Transform3D.translation(translation.x, translation.y, translation.z).concatenating(m)
        let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
        // The quaternion's matrix for row vectors (the transpose of the column-vector one).
        let rotation = Transform3D([
            1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
            2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
            2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
            0, 0, 0, 1
        ])
        m = rotation.concatenating(m)
        var shear = Transform3D.identity
        if skew.z != 0 { shear.m32 = skew.z; m = shear.concatenating(m) }
        if skew.y != 0 { shear = .identity; shear.m31 = skew.y; m = shear.concatenating(m) }
        if skew.x != 0 { shear = .identity; shear.m21 = skew.x; m = shear.concatenating(m) }
        return Transform3D.scale(scale.x, scale.y, scale.z).concatenating(m)
    }

    /// The parts at `p` of the way from `a` to `b`: each linearly, the rotation by spherical
    /// interpolation of the quaternions.
    public static func interpolate(_ a: DecomposedTransform3D, _ b: DecomposedTransform3D, _ p: Double) -> DecomposedTransform3D {
        var r = a
        r.perspective = a.perspective + (b.perspective - a.perspective) * p
        r.translation = a.translation + (b.translation - a.translation) * p
        r.scale = a.scale + (b.scale - a.scale) * p
        r.skew = a.skew + (b.skew - a.skew) * p
        let product = min(max((a.quaternion * b.quaternion).sum(), -1), 1)
        if abs(product) < 1 {
            let theta = acos(product), w = sin(p * theta) / (1 - product * product).squareRoot()
            r.quaternion = a.quaternion * (cos(p * theta) - product * w) + b.quaternion * w
        }
        return r
    }
}

private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
private func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

import Foundation

/// A 4 × 4 transform in CATransform3D's row-vector convention (x' = x·m11 + y·m21 + z·m31 + m41,
/// `m34 = −1/d` a perspective), from the layer-contract alone: how the oracle places a node's bounds
/// on the window, flattened into each parent's plane as Core Animation flattens a layer that does not
/// preserve 3-D.
public struct OracleMatrix: Sendable {
    /// m11, m12, …, m44, row by row.
    public var m: [Double]

    public static let identity = OracleMatrix(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// The 2-D affine transform `[a, b, c, d, tx, ty]` (CGAffineTransform's) lifted to 3-D.
    static func affine(_ t: [Double]) -> OracleMatrix {
        OracleMatrix(m: [t[0], t[1], 0, 0, t[2], t[3], 0, 0, 0, 0, 1, 0, t[4], t[5], 0, 1])
    }

    static func translation(_ x: Double, _ y: Double) -> OracleMatrix { affine([1, 0, 0, 1, x, y]) }

    /// This transform, then `n` (CATransform3DConcat(self, n)).
    func then(_ n: OracleMatrix) -> OracleMatrix {
        var out = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 { out[row * 4 + column] = (0..<4).reduce(0) { $0 + m[row * 4 + $1] * n.m[$1 * 4 + column] } }
        }
        return OracleMatrix(m: out)
    }

    /// `self` applied about the point (x, y): moved there, transformed, moved back.
    func about(_ x: Double, _ y: Double) -> OracleMatrix { OracleMatrix.translation(-x, -y).then(self).then(.translation(x, y)) }

    /// Flattened into the parent's plane: the depth it gives is dropped (its z column zeroed).
    var flattened: OracleMatrix {
        var out = m
        for row in 0..<4 { out[row * 4 + 2] = 0 }
        return OracleMatrix(m: out)
    }

    /// The axis-aligned box of the bounds `(0, 0, width, height)` projected, or nil when a corner
    /// lies at or behind the eye (w ≤ 0), where the box would need clipping.
    func boundingBox(width: Double, height: Double) -> OracleRect? {
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(0.0, 0.0), (width, 0), (0, height), (width, height)] {
            let w = x * m[3] + y * m[7] + m[15]
            guard w > 1e-9 else { return nil }
            xs.append((x * m[0] + y * m[4] + m[12]) / w)
            ys.append((x * m[1] + y * m[5] + m[13]) / w)
        }
        return OracleRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

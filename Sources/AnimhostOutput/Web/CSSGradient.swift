import Foundation

/// CAGradientLayer's gradients as CSS images (layer-contract.md: `type`, `colors`, `locations`,
/// `startPoint`, `endPoint`, points in unit coordinates of the bounds).
enum CSSGradient {
    /// The CSS image of `g` on a `size` box, or nil when it has no colours.
    static func image(_ g: [String: Any], size: (w: Double, h: Double)) -> String? {
        let colors = (g["colors"] as? [Any] ?? []).compactMap { $0 as? String }
        guard !colors.isEmpty else { return nil }
        let locations = numbers(g["locations"]).flatMap { $0.count == colors.count ? $0 : nil } ?? evenly(colors.count)
        let start = numbers(g["startPoint"]) ?? [0.5, 0], end = numbers(g["endPoint"]) ?? [0.5, 1]
        let (sx, sy, ex, ey) = (start[0] * size.w, start[1] * size.h, end[0] * size.w, end[1] * size.h)
        switch g["type"] as? String ?? "axial" {
        case "radial":
            // Centred on the start point; the end point's distances along x and y are the ellipse's radii.
            let stops = zip(colors, locations).map { "\($0) \(css($1 * 100))%" }.joined(separator: ", ")
            return "radial-gradient(ellipse \(px(max(abs(ex - sx), 1e-3))) \(px(max(abs(ey - sy), 1e-3))) at \(px(sx)) \(px(sy)), \(stops))"
        case "conic":
            // Turning clockwise from the direction of the end point, about the start point; CSS's 0deg points up.
            let from = atan2(ex - sx, -(ey - sy)) * 180 / .pi
            let stops = zip(colors, locations).map { "\($0) \(css($1 * 360))deg" }.joined(separator: ", ")
            return "conic-gradient(from \(css(from))deg at \(px(sx)) \(px(sy)), \(stops))"
        default:
            return linear(colors, locations, from: (sx, sy), to: (ex, ey), size: size)
        }
    }

    /// An axial gradient: CA's location l lies at start + l·(end − start); CSS's gradient line runs
    /// through the box's centre at the angle, as long as the box's extent along it (CSS Images 3
    /// §3.1.1), so each location is moved onto that line.
    private static func linear(
        _ colors: [String], _ locations: [Double], from s: (Double, Double), to e: (Double, Double), size: (w: Double, h: Double)
    ) -> String? {
        let (dx, dy) = (e.0 - s.0, e.1 - s.1), length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return "linear-gradient(\(colors.last!), \(colors.last!))" }
        let angle = atan2(dx, -dy)  // CSS: 0 is up, clockwise
        let (ux, uy) = (sin(angle), -cos(angle))
        let line = abs(size.w * sin(angle)) + abs(size.h * cos(angle))
        let (g0x, g0y) = (size.w / 2 - ux * line / 2, size.h / 2 - uy * line / 2)
        let shift = (s.0 - g0x) * ux + (s.1 - g0y) * uy
        let stops = zip(colors, locations).map { "\($0) \(px($1 * length + shift))" }.joined(separator: ", ")
        return "linear-gradient(\(css(angle * 180 / .pi))deg, \(stops))"
    }

    private static func evenly(_ n: Int) -> [Double] { n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) } }
}

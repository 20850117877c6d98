import Foundation
import AnimhostCore
import AnimhostLua

/// How much of the screen a transition moves and how far it zooms: the motion WCAG 2.3.3 (Animation
/// from Interactions) asks to be able to turn off, which can make a person with a vestibular disorder
/// dizzy. `check` reports it for information; the `reduced-motion` rule is what it demands.
public struct MotionFigures: Equatable, Sendable {
    /// The largest share of the screen (0 to 1) covered by one visible node away from where it was first seen.
    public var movingShare = 0.0
    /// How far that node's centre travels, in points, at most.
    public var travel = 0.0
    /// The largest change of size, as a factor of 1 or more, of a node covering 10 % of the screen or more at its largest.
    public var zoom = 1.0
    /// The run that showed the largest moving share (`push@60fps`).
    public var run = ""

    /// The share of the screen from which a node's motion counts as large-area (and its zoom is reported).
    static let largeArea = 0.1

    /// A line for the report: `motion (WCAG 2.3.3, for information): 100 % of the screen moves, up to 390 pt (push@60fps); zoom up to 3.2×`.
    public var summary: String {
        var text = "motion (WCAG 2.3.3, for information): "
        text +=
            movingShare > 0
            ? "\(formatNumber((movingShare * 100).rounded())) % of the screen moves, up to \(formatNumber(travel.rounded())) pt (\(run))"
            : "nothing moves"
        if zoom > 1.005 { text += "; zoom up to \(formatNumber((zoom * 100).rounded() / 100))×" }
        return text
    }

    /// Large-area motion or zoom: a tenth of the screen or more moves, or a large node grows or shrinks by 10 % or more.
    public var isLarge: Bool { movingShare >= MotionFigures.largeArea || zoom >= 1.1 }

    /// `{ "movingShare": 1, "travel": 390, "zoom": 3.2, "run": "push@60fps" }`: the share to 0.001, points to 0.1, the zoom to 0.01.
    public var json: String {
        func round(_ v: Double, _ per: Double) -> String { formatNumber((v * per).rounded() / per) }
        return "{\"movingShare\": \(round(movingShare, 1000)), \"travel\": \(round(travel, 10)), \"zoom\": \(round(zoom, 100)), \"run\": \(JSONString.literal(run))}"
    }

    /// The figures of one run's frames on a screen of `size`, named `run`.
    static func of(_ frames: [FrameSample], size: Size, run: String) -> MotionFigures {
        let screen = Rect(origin: .zero, size: size)
        let screenArea = size.width * size.height
        guard screenArea > 0, screenArea.isFinite else { return MotionFigures() }
        var first: [String: Rect] = [:]
        var sizes: [String: (low: Double, high: Double, area: Double)] = [:]
        var moves: [String: (share: Double, travel: Double)] = [:]
        for f in frames {
            for n in f.nodes where !n.properties.hidden && n.opacity > 0.01 && n.bbox.width.isFinite && n.bbox.height.isFinite {
                let key = "\(n.scene ?? "")/\(n.id)/\(n.isSnapshot)"
                let share = clippedArea(n.bbox, screen) / screenArea
                let side = (n.bbox.width * n.bbox.height).squareRoot()
                let s = sizes[key] ?? (side, side, share)
                sizes[key] = (min(s.low, side), max(s.high, side), max(s.area, share))
                guard let start = first[key] else { first[key] = n.bbox; continue }
                let moved = hypot(n.bbox.midX - start.midX, n.bbox.midY - start.midY)
                guard moved > 0.5 else { continue }
                let m = moves[key] ?? (0, 0)
                moves[key] = (max(m.share, share), max(m.travel, moved))
            }
        }
        var figures = MotionFigures(run: run)
        for m in moves.values where m.share > figures.movingShare || (m.share == figures.movingShare && m.travel > figures.travel) {
            (figures.movingShare, figures.travel) = m
        }
        for s in sizes.values where s.area >= largeArea && s.low > 0 { figures.zoom = max(figures.zoom, s.high / s.low) }
        return figures
    }

    /// The larger of two runs' figures, each figure on its own.
    func merged(_ other: MotionFigures) -> MotionFigures {
        var m = other.movingShare > movingShare || (other.movingShare == movingShare && other.travel > travel) ? other : self
        m.zoom = max(zoom, other.zoom)
        return m
    }

    private static func clippedArea(_ a: Rect, _ b: Rect) -> Double {
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x), h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return w > 0 && h > 0 ? w * h : 0
    }
}

/// The motion of a plugin's runs, gathered one run at a time as the suite goes.
final class MotionRecord {
    /// The largest figures so far; nil before the first run.
    private(set) var figures: MotionFigures?

    /// Takes a run's figures.
    func add(_ run: MotionFigures) { figures = figures.map { $0.merged(run) } ?? run }
}

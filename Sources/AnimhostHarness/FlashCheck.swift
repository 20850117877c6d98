import Foundation
import AnimhostCore
import AnimhostRender

/// `no-flashes`: every frame of a run drawn small and followed pixel by pixel (``FlashAnalysis``), at the run's rate.
extension Conformance {
    /// Pixels per point of the frames judged for flashes: a 10° field (a third of the screen) at least
    /// 32 pixels across, at most 1 px/pt — a 390 pt wide screen at ¼ px/pt, each pixel 4 × 4 pt, about
    /// 0.3° of the field. Each pixel is the mean of the points it covers, as the eye averages a pattern
    /// too fine to resolve. A screen so large that this would pass ``flashPixels`` is drawn smaller.
    static func flashScale(_ size: Size) -> Double {
        let side = min(size.width, size.height)
        guard side.isFinite, side > 0 else { return 1 }
        return min(1, max(0.25, 96 / side), (Double(flashPixels) / (size.width * size.height)).squareRoot())
    }

    /// The most pixels a frame judged for flashes has: each keeps its last transitions (about 300 bytes): 30 MB at most.
    static let flashPixels = 100_000

    /// The general and red flashes of a run's frames: what the worst second of each showed. The frames
    /// are kept for `continuity` when `keep`.
    static func flashes(_ ran: Ran, fps: Int, keep: Bool) throws -> (general: FlashAnalysis.Finding, red: FlashAnalysis.Finding, scale: Double) {
        var analysis: FlashAnalysis?
        func add(_ bitmap: Bitmap) {
            if analysis == nil { analysis = FlashAnalysis(width: bitmap.width, height: bitmap.height, fps: fps) }
            bitmap.bytes.withUnsafeBytes { analysis?.add(bgra: $0, stride: bitmap.width * 4) }
        }
        if keep { try ran.drawn.bitmaps().forEach(add) } else { try ran.drawn.each(add) }
        return (analysis?.generalWorst ?? FlashAnalysis.Finding(), analysis?.redWorst ?? FlashAnalysis.Finding(), ran.drawn.scale)
    }

    /// `no-flashes`: a failure for general flashes and one for red flashes past the limit, each naming
    /// the second, the field (in points) and the nodes that changed there.
    static func noFlashes(_ j: Judged) throws -> [String] {
        let found = try flashes(j.ran, fps: j.request.fps, keep: j.judgesContinuity)
        return [("general", found.general), ("red", found.red)].compactMap { kind, finding in
            guard finding.fails else { return nil }
            return describe(finding, kind: kind, j.ran, fps: j.request.fps, scale: found.scale)
        }
    }

    private static func describe(_ f: FlashAnalysis.Finding, kind: String, _ ran: Ran, fps: Int, scale: Double) -> String {
        let field = Rect(
            x: Double(f.field.x) / scale, y: Double(f.field.y) / scale, width: Double(f.field.width) / scale, height: Double(f.field.height) / scale)
        let flashes = f.transitions >= PixelTransitions.kept ? "\(formatNumber(f.flashes)) or more" : formatNumber(f.flashes)
        var text =
            "frames \(max(0, f.frame - fps))–\(f.frame): \(flashes) \(kind) flashes in one second over 25 % of the 10° field \(show(field))"
        if f.frame > 0, f.frame < ran.frames.count {
            let nodes = PixelComparison.nodes(in: field, shown: ran.frames[f.frame], expected: ran.frames[f.frame - 1])
            if !nodes.isEmpty { text += ", where \(nodes.joined(separator: ", ")) \(nodes.count == 1 ? "changes" : "change")" }
        }
        return text
    }
}

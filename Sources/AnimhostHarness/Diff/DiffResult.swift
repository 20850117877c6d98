import Foundation
import AnimhostCore

/// What ``RunDiff`` found: both versions, every pair of frames, and the nodes that differ, judged
/// against ``RunDiff/Thresholds`` and told as text, JSON and an HTML page.
public struct DiffResult: Sendable {
    /// One version as it ran.
    public struct Version: Sendable {
        /// `A` or `B`.
        public let label: String
        /// The plugin's name or file, as given.
        public let plugin: String
        /// The plugin's file, as the user would write it.
        public let file: String
        /// The params it ran with.
        public let params: [String: String]
        /// The run's header (scenes, rate, duration, size).
        public let info: TimelineInfo
        /// How many frames it had.
        public let frames: Int

        /// `A zoom (Plugins/zoom.lua, duration=0.5)`.
        var title: String {
            let params = self.params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(label) \(plugin) (" + ([file] + params).joined(separator: ", ") + ")"
        }
    }

    /// A difference past a threshold: what, where, how much, and the option that sets its limit.
    public struct Failure: Sendable, Equatable {
        /// `pixels`, `timing`, `path`, `size`, `opacity` or `presence`.
        public let kind: String
        /// The frame or node.
        public let subject: String
        /// The difference, in words with its unit.
        public let value: String
        /// The limit, in words with the option (`1 ms (--max-shift)`), and how many more nodes are past it; empty for presence.
        public let limit: String
    }

    /// The first version (A).
    public let a: Version
    /// The second version (B).
    public let b: Version
    /// Every pair of frames, in order.
    public let frames: [RunDiff.Frame]
    /// The nodes that differ, those changed themselves first, the largest difference first.
    public let nodes: [RunDiff.NodeChange]
    /// Pixels per point of the frames compared.
    public let scale: Double
    /// What the reader should know to read the rest (the versions ran on different scenes).
    public var notes: [String] = []

    /// The frame whose pixels differ most (the first such); nil when none differs.
    public var worstFrame: RunDiff.Frame? {
        frames.reduce(nil) { best, f in f.pixels > (best?.pixels ?? 0) ? f : best }
    }

    /// Whether nothing differs: no pixel and no node.
    public var identical: Bool { worstFrame == nil && nodes.isEmpty }

    /// The differences past `limits`: the frame with the most differing pixels, every node in one
    /// version only or left behind, and for each measure the first node past it.
    public func failures(_ limits: RunDiff.Thresholds) -> [Failure] {
        var out: [Failure] = []
        if let f = worstFrame, f.share > limits.pixels {
            out.append(Failure(kind: "pixels", subject: "frame \(f.index)", value: DiffResult.percent(f.share), limit: DiffResult.percent(limits.pixels) + " (--max-pixels)"))
        }
        for n in nodes { if let p = n.presence { out.append(Failure(kind: "presence", subject: n.key.name, value: p.words, limit: "")) } }
        // The first node past the limit in the list's order (changed nodes before those following them), and how many more are.
        func worst(_ kind: String, _ value: (RunDiff.NodeChange) -> Double, _ limit: Double, _ show: (Double) -> String, _ option: String) {
            let past = nodes.filter { value($0) > limit }
            guard let n = past.first else { return }
            let more = past.count > 1 ? " and \(past.count - 1) more node\(past.count == 2 ? "" : "s")" : ""
            out.append(Failure(kind: kind, subject: n.key.name, value: show(value(n)), limit: show(limit) + " (\(option))" + more))
        }
        worst("timing", { abs($0.shift) }, limits.shift, DiffResult.milliseconds, "--max-shift")
        worst("path", \.pathError, limits.path, DiffResult.points, "--max-path")
        worst("size", { $0.property("size")?.residual ?? 0 }, limits.path, DiffResult.points, "--max-path")
        worst("opacity", { $0.property("opacity")?.residual ?? 0 }, limits.opacity, { DiffResult.round($0, 3) }, "--max-opacity")
        return out
    }

    /// The summary `diff` prints: what ran, the pixels, the nodes that differ (at most `nodeLines`)
    /// and what is past the limits.
    public func text(_ limits: RunDiff.Thresholds, nodeLines: Int = 8) -> String {
        let info = a.info
        var lines = [
            "diff \(a.title) and \(b.title): \(info.operation.rawValue) \(info.from) → \(info.to) at \(info.fps) fps, \(a.frames) and \(b.frames) frames"
        ]
        lines += notes.map { "note: " + $0 }
        if identical { return (lines + ["identical: every frame's pixels and every node's values are the same"]).joined(separator: "\n") }
        if let f = worstFrame {
            let differing = frames.filter { $0.pixels > 0 }.count
            lines.append(
                "pixels: \(differing) of \(frames.count) frames differ; the most at frame \(f.index) (\(DiffResult.round(f.time, 3)) s): "
                    + "\(DiffResult.percent(f.share)) of the pixels\(f.region.map { ", in " + DiffResult.box($0) } ?? "")")
        } else {
            lines.append("pixels: every frame the same")
        }
        let own = nodes.filter { $0.changedItself || $0.presence != nil }
        lines.append("nodes: \(own.count) changed" + (nodes.count > own.count ? ", \(nodes.count - own.count) more follow their parents" : ""))
        for n in nodes.prefix(nodeLines) { lines.append("  " + DiffResult.line(n)) }
        if nodes.count > nodeLines { lines.append("  … \(nodes.count - nodeLines) more in the report") }
        let failed = failures(limits)
        if failed.isEmpty {
            lines.append("within the limits")
        } else {
            lines.append("past the limits:")
            for f in failed { lines.append("  \(f.kind): \(f.subject) \(f.value)" + (f.limit.isEmpty ? "" : " > \(f.limit)")) }
        }
        return lines.joined(separator: "\n")
    }

    /// `'hero' (detail): 20.0 ms later; path off by 0.1 pt once aligned; its own transform, alpha differ`.
    static func line(_ n: RunDiff.NodeChange) -> String {
        var parts: [String] = []
        if let p = n.presence { parts.append(p.words) }
        if abs(n.shift) >= 0.00005 { parts.append(milliseconds(abs(n.shift)) + (n.shift > 0 ? " later in B" : " earlier in B")) }
        if n.property("path") != nil { parts.append("path off by \(points(n.pathError))" + (abs(n.shift) >= 0.00005 ? " once aligned" : "")) }
        if let s = n.property("size") { parts.append("size off by \(points(s.residual))") }
        if let o = n.property("opacity"), o.residual >= 0.0005 { parts.append("opacity off by \(round(o.residual, 3))") }
        let own = n.properties.filter { !$0.onScreen }.map(\.name)
        if !own.isEmpty { parts.append("its own \(own.joined(separator: ", ")) differ" + (own.count == 1 ? "s" : "")) } else if !n.properties.isEmpty { parts.append("follows its parents") }
        return "\(n.key.name): " + parts.joined(separator: "; ")
    }

    static func round(_ v: Double, _ digits: Int) -> String {
        let p = pow(10, Double(digits))
        return formatNumber((v * p).rounded() / p)
    }
    static func milliseconds(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }
    static func points(_ v: Double) -> String { String(format: "%.1f pt", v) }
    static func percent(_ share: Double) -> String { round(share * 100, share * 100 >= 1 ? 1 : 3) + " %" }
    static func box(_ r: Rect) -> String { "(\(round(r.x, 1)), \(round(r.y, 1))) \(round(r.width, 1)) × \(round(r.height, 1)) pt" }
}

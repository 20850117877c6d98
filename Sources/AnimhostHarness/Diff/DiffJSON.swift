import Foundation
import AnimhostCore

extension DiffResult {
    /// The result for tools (`diff --output json`): both versions, the limits and what is past them,
    /// every frame's differing pixels and every node that differs. Times in seconds, shifts in
    /// milliseconds, paths in points. The report's page reads the same document, with each frame's
    /// images and each node's curves (`page: true`).
    public func json(_ limits: RunDiff.Thresholds, page: Bool = false) -> String {
        var out = "{\n"
        out += "  \"identical\": \(identical),\n"
        out += "  \"a\": \(DiffResult.json(a)),\n  \"b\": \(DiffResult.json(b)),\n"
        out += "  \"scale\": \(formatNumber(scale)),\n"
        out += "  \"notes\": [" + notes.map(JSONString.literal).joined(separator: ", ") + "],\n"
        out += "  \"limits\": {\"pixels\": \(n(limits.pixels * 100)), \"path\": \(n(limits.path)), \"shift\": \(n(limits.shift * 1000)), \"opacity\": \(n(limits.opacity))},\n"
        let failed = failures(limits).map {
            "{\"kind\": \(JSONString.literal($0.kind)), \"subject\": \(JSONString.literal($0.subject)), \"value\": \(JSONString.literal($0.value)), \"limit\": \(JSONString.literal($0.limit))}"
        }
        out += "  \"failures\": [" + failed.joined(separator: ", ") + "],\n"
        out += "  \"worstFrame\": \(worstFrame.map { String($0.index) } ?? "null"),\n"
        out += "  \"frames\": [\n" + frames.map { "    " + frameJSON($0, page: page) }.joined(separator: ",\n") + "\n  ],\n"
        let plotted = nodes.enumerated().map { "    " + nodeJSON($1, page: page && $0 < DiffResult.plottedNodes) }
        out += "  \"nodes\": [\n" + plotted.joined(separator: ",\n") + "\n  ]\n}"
        return out
    }

    private static func json(_ v: Version) -> String {
        let params = v.params.sorted { $0.key < $1.key }.map { "\(JSONString.literal($0.key)): \(JSONString.literal($0.value))" }
        return "{\"plugin\": \(JSONString.literal(v.plugin)), \"file\": \(JSONString.literal(v.file)), \"params\": {\(params.joined(separator: ", "))}, "
            + "\"operation\": \(JSONString.literal(v.info.operation.rawValue)), \"from\": \(JSONString.literal(v.info.from)), \"to\": \(JSONString.literal(v.info.to)), "
            + "\"fps\": \(v.info.fps), \"duration\": \(formatNumber(v.info.duration)), \"width\": \(formatNumber(v.info.size.width)), "
            + "\"height\": \(formatNumber(v.info.size.height)), \"frames\": \(v.frames)}"
    }

    private func frameJSON(_ f: RunDiff.Frame, page: Bool) -> String {
        var s = "{\"index\": \(f.index), \"time\": \(n(f.time)), \"pixels\": \(f.pixels), \"percent\": \(formatNumber((f.share * 100_000).rounded() / 1000))"
        if let r = f.region { s += ", \"region\": [\(n(r.x)), \(n(r.y)), \(n(r.width)), \(n(r.height))]" }
        if page, let images = f.images {
            for (name, data) in [("a", images.a), ("b", images.b), ("heat", images.heat)] {
                s += ", \"\(name)\": \"data:image/jpeg;base64,\(data.base64EncodedString())\""
            }
        }
        return s + "}"
    }

    private func nodeJSON(_ c: RunDiff.NodeChange, page: Bool) -> String {
        var s = "{\"id\": \(JSONString.literal(c.key.id)), \"scene\": \(c.key.scene.map(JSONString.literal) ?? "null"), \"snapshot\": \(c.key.isSnapshot), "
        s += "\"name\": \(JSONString.literal(c.key.name)), \"presence\": \(c.presence.map { JSONString.literal($0.words) } ?? "null"), "
        s += "\"changedItself\": \(c.changedItself), \"shift\": \(ms(c.shift)), \"pathError\": \(n(c.pathError)), \"properties\": ["
        s += c.properties.map { p in
            var t = "{\"name\": \(JSONString.literal(p.name)), \"unit\": \(JSONString.literal(p.unit)), \"onScreen\": \(p.onScreen), "
            t += "\"shift\": \(ms(p.shift)), \"residual\": \(n(p.residual))"
            if page { t += ", \"a\": \(curveJSON(p.a)), \"b\": \(curveJSON(p.b))" }
            return t + "}"
        }.joined(separator: ", ")
        return s + "]}"
    }

    /// The nodes whose curves the page plots, from the top of the list (each curve at most ``plottedSamples`` samples).
    static let plottedNodes = 100
    /// The most samples of a curve the page plots: every *n*th of a longer one, and its last.
    static let plottedSamples = 1000

    /// `{"t": [...], "v": [[...], ...]}`: the times and the values.
    private func curveJSON(_ c: ValueCurve) -> String {
        let every = max(1, (c.times.count + DiffResult.plottedSamples - 1) / DiffResult.plottedSamples)
        let kept = Array(stride(from: 0, to: c.times.count, by: every)) + (c.times.count > 1 && (c.times.count - 1) % every != 0 ? [c.times.count - 1] : [])
        return "{\"t\": [" + kept.map { n(c.times[$0]) }.joined(separator: ", ") + "], \"v\": ["
            + kept.map { "[" + c.values[$0].map(n).joined(separator: ", ") + "]" }.joined(separator: ", ") + "]}"
    }

    /// Seconds as milliseconds to the microsecond.
    private func ms(_ s: Double) -> String { s.isFinite ? formatNumber((s * 1_000_000).rounded() / 1000) : "null" }

    /// A number to six significant decimals, as JSON writes it (never NaN: a value that is not finite is null).
    private func n(_ v: Double) -> String { v.isFinite ? formatNumber((v * 1_000_000).rounded() / 1_000_000) : "null" }
}

import Foundation
import AnimhostCore

/// Writes `timeline.json` (docs/timeline.md): a header, then every frame's nodes in paint order.
///
/// Numbers are rounded to 1e-6 and printed in their shortest form, keys in a fixed order, so the
/// same run gives the same bytes. Frames go to a file beside the output as they come (the header,
/// which says how the run ended, is written first once it has), so a long run never holds its
/// timeline in memory; a timeline larger than ``maxBytes`` is refused at the frame that would pass it.
public final class TimelineWriter: FrameSink {
    /// Where the timeline is written (published only by `finish`).
    public let url: URL
    /// Pixels per point, recorded in the header.
    public let scale: Double
    private var info: TimelineInfo?
    /// The frames written so far, beside the output until it is finished.
    private var frames: OutputFile?
    private var frameCount = 0
    private var bytes = 0
    /// The size of the frame written last: about the next one's, reserved for it at once.
    private var lastFrameBytes = 0

    /// The most bytes a timeline may have, 256 MiB (a thousand times zoom's): a run's node-frames at
    /// length (ids, names and texts included), refused at the frame that would pass it.
    public static let maxBytes = 256 << 20

    /// The limit of this writer: ``maxBytes`` unless a test sets a smaller one.
    private let limit: Int

    /// A timeline to be written at `url` for frames at `scale`.
    public init(url: URL, scale: Double) { self.url = url; self.scale = scale; limit = TimelineWriter.maxBytes }

    /// A timeline of at most `limit` bytes, for tests of the limit.
    init(url: URL, scale: Double, limit: Int) { self.url = url; self.scale = scale; self.limit = limit }

    public func begin(_ info: TimelineInfo) throws {
        self.info = info
        frames = try OutputFile(framesURL)
    }

    /// Where the frames are kept until the header can be written: a hidden sibling of the output.
    private var framesURL: URL { url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).frames") }

    public func write(_ frame: FrameSample) throws {
        var out = JSONBytes(capacity: lastFrameBytes + 256)
        out.append(frameCount == 0 ? "\n    {\"index\": " : ",\n    {\"index\": ")
        out.append(frame.index)
        out.append(", \"t\": ")
        out.number(frame.time)
        out.append(", ")
        if let touch = frame.touch {
            out.append("\"touch\": ")
            TimelineWriter.encode(touch, into: &out)
            out.append(", ")
        }
        out.append("\"nodes\": [")
        for (i, node) in frame.nodes.enumerated() {
            out.append(i == 0 ? "\n      " : ",\n      ")
            TimelineWriter.encode(node, into: &out)
        }
        out.append(frame.nodes.isEmpty ? "]}" : "\n    ]}")
        lastFrameBytes = out.count
        bytes += out.count
        guard bytes <= limit else {
            throw OutputError(
                "\(url.lastPathComponent) of \(info.map { "plugin \($0.plugin)" } ?? "a run") would pass its limit of \(limit.grouped) bytes "
                    + "at frame \(frame.index) (\(frame.nodes.count) nodes): a shorter run, a lower --fps, fewer nodes or shorter texts")
        }
        guard let frames else { throw OutputError("frames were written before the timeline began") }
        try out.withUnsafeBytes { try frames.write($0) }
        frameCount += 1
    }

    public func finish(_ result: TransitionRun.Result) throws {
        guard let info, let frames else { throw OutputError("the timeline was finished before it began") }
        var head = "{\n"
        head += "  \"plugin\": \(JSONString.literal(info.plugin)), \"operation\": \(JSONString.literal(info.operation.rawValue)),"
        head += " \"from\": \(JSONString.literal(info.from)), \"to\": \(JSONString.literal(info.to)),\n"
        head += "  \"fps\": \(info.fps), \"duration\": \(num(info.duration)),"
        head += " \"size\": [\(num(info.size.width)), \(num(info.size.height))], \"scale\": \(num(scale)),\n"
        head += "  \"completed\": \(result.completed), \"cancelled\": \(result.cancelled),\n"
        head += "  \"frames\": ["
        try frames.commit()
        defer { try? FileManager.default.removeItem(at: framesURL) }
        let file = try OutputFile(url)
        do {
            try file.write(Data(head.utf8))
            let written = try FileHandle(forReadingFrom: framesURL)
            defer { try? written.close() }
            while let chunk = try written.read(upToCount: 1 << 20), !chunk.isEmpty { try file.write(chunk) }
            try file.write(Data("\n  ]\n}\n".utf8))
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// The gesture sample current at a frame.
    static func encode(_ e: GestureEvent, into out: inout JSONBytes) {
        out.append("{\"state\": ")
        out.append(string: e.state.rawValue)
        out.append(", \"t\": ")
        out.number(e.time)
        out.append(", \"location\": ")
        out.point(e.location.x, e.location.y)
        out.append(", \"translation\": ")
        out.point(e.translation.x, e.translation.y)
        out.append(", \"velocity\": ")
        out.point(e.velocity.x, e.velocity.y)
        if let edge = e.edge {
            out.append(", \"edge\": ")
            out.append(string: edge)
        }
        out.append("}")
    }

    /// One node's JSON object: its timeline fields (``NodeSample/timelineFields``) in their order.
    static func encode(_ n: NodeSample) -> String {
        var out = JSONBytes()
        encode(n, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static func encode(_ n: NodeSample, into out: inout JSONBytes) {
        var first = true
        out.append("{")
        n.forEachTimelineField { key, value in
            out.append(first ? "" : ", ")
            first = false
            field(key, value, into: &out)
        }
        out.append("}")
    }

    private static func field(_ key: String, _ value: TimelineValue, into out: inout JSONBytes) {
        out.append(string: key)
        out.append(": ")
        json(value, into: &out)
    }

    /// A timeline value as JSON: rectangles, sizes and transforms as arrays, colours as hex strings.
    private static func json(_ value: TimelineValue, into out: inout JSONBytes) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b)
        case .integer(let n): out.append(n)
        case .number(let x): out.number(x)
        case .string(let s): out.append(string: s)
        case .rect(let r): out.numbers(r.x, r.y, r.width, r.height)
        case .size(let s): out.point(s.width, s.height)
        case .color(let c): out.append(color: c)
        case .transform(let t): out.numbers(t.a, t.b, t.c, t.d, t.tx, t.ty)
        case .point(let q): out.point(q.x, q.y)
        case .array(let items):
            out.append("[")
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(", ") }
                json(item, into: &out)
            }
            out.append("]")
        case .transform3D(let t): out.matrix(t.numbers)
        case .names(let names):
            out.append("[")
            for (i, name) in names.enumerated() {
                if i > 0 { out.append(", ") }
                out.append(string: name)
            }
            out.append("]")
        case .object(let fields):
            out.append("{")
            for (i, f) in fields.enumerated() {
                if i > 0 { out.append(", ") }
                field(f.key, f.value, into: &out)
            }
            out.append("}")
        }
    }
}

/// A number for JSON: rounded to 1e-6, shortest form, no negative zero.
func num(_ x: Double) -> String {
    guard x.isFinite else { return "null" }
    guard abs(x) < 1e15 else { return String(x) }  // no fraction left to round, and x · 1e6 could overflow
    var r = (x * 1e6).rounded() / 1e6
    if r == 0 { r = 0 }
    if r == r.rounded() && abs(r) < 1e15 { return String(Int64(r)) }
    return String(r)
}

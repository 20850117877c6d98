import Foundation
import AnimhostCore
import AnimhostRender
import CTurboJPEG

/// `preview.html`: one self-contained page (frames inlined as JPEG, no network) with play/pause, a
/// scrubber, frame number and time, speed, loop, and the current frame's nodes from the timeline.
/// Frames are compressed by the render workers and appended to the file in order as they come.
public final class HTMLPreviewEncoder: FrameEncoder {
    public let url: URL
    /// JPEG's limit.
    public var maxSide: Int { 65_500 }
    /// JPEG quality of the inlined frames, 1…100.
    public let quality: Int32
    private var file: OutputFile?
    private let lock = NSLock()
    private var compressed: [Int: Data] = [:]
    private var tail = ""
    private var bytes = 0
    /// The most bytes the page may have: 1 GiB (its frames are pictures), unless a test sets less.
    private let limit: Int

    /// A preview to be written at `url`, its frames inlined at JPEG `quality`.
    public init(url: URL, quality: Int32 = 85) { self.url = url; self.quality = quality; limit = 1 << 30 }

    /// A preview of at most `limit` bytes, for tests of the limit.
    init(url: URL, quality: Int32 = 85, limit: Int) { self.url = url; self.quality = quality; self.limit = limit }

    public func begin(_ info: TimelineInfo, width: Int, height: Int) throws {
        let file = try OutputFile(url)
        self.file = file
        let run: [String: Any] = [
            "plugin": info.plugin, "operation": info.operation.rawValue, "from": info.from, "to": info.to,
            "fps": info.fps, "duration": info.duration, "width": info.size.width, "height": info.size.height
        ]
        let header = String(decoding: try JSONSerialization.data(withJSONObject: run, options: [.sortedKeys]), as: UTF8.self)
        let title = "\(info.plugin) \(info.operation.rawValue): \(info.from) → \(info.to)"
        let page = try PreviewPage.parts(title: HTMLText.escaped(title))
        tail = page.tail
        try file.write(Data(page.head.utf8))
        try file.write(Data("<script>\nconst RUN = \(Self.scriptSafe(header));\nconst FRAMES = [\n".utf8))
    }

    public func encode(_ frame: FrameSample, _ pixels: PixelBuffer) throws {
        let jpeg = try JPEGEncoding.encode(pixels, quality: quality)
        lock.lock()
        compressed[frame.index] = jpeg
        lock.unlock()
    }

    public func append(_ frame: FrameSample, _ pixels: PixelBuffer) throws {
        lock.lock()
        let jpeg = compressed.removeValue(forKey: frame.index)
        lock.unlock()
        guard let jpeg, let file else { throw OutputError("frame \(frame.index) of the preview is missing") }
        var entry = "{\"i\":\(frame.index),\"t\":\(num(frame.time)),\"src\":\"data:image/jpeg;base64,"
        entry += jpeg.base64EncodedString() + "\",\"nodes\":["
        entry += Self.scriptSafe(frame.nodes.map(HTMLPreviewEncoder.nodeRow).joined(separator: ","))
        entry += "]},\n"
        bytes += entry.utf8.count
        guard bytes <= limit else {
            throw OutputError(
                "\(url.lastPathComponent) would pass its limit of \(limit.grouped) bytes at frame \(frame.index) (\(frame.nodes.count) nodes): "
                    + "a shorter run, a lower --fps or --scale, fewer nodes or shorter ids")
        }
        try file.write(Data(entry.utf8))
    }

    public func finish() throws {
        guard let file else { throw OutputError("the preview was finished before it began") }
        try file.write(Data("];\n</script>\n".utf8))
        try file.write(Data(tail.utf8))
        try file.commit()
    }

    public func discard() { file?.discard() }

    /// [id, scene, opacity, x, y, width, height, hidden, snapshot] of a node's on-screen box.
    private static func nodeRow(_ n: NodeSample) -> String {
        let scene = n.scene.map(JSONString.literal) ?? "null"
        return "[\(JSONString.literal(n.id)),\(scene),\(num(n.opacity)),\(num(n.bbox.x)),\(num(n.bbox.y)),\(num(n.bbox.width)),"
            + "\(num(n.bbox.height)),\(n.properties.hidden),\(n.isSnapshot)]"
    }

    /// `json` as it may stand inside a `<script>`: every `<`, `>` and `&` (which can only be inside its
    /// strings) and U+2028/U+2029 written as `\uXXXX`, so that no name a plugin or a scene gives can
    /// end the script, open a comment or a nested script in it (`</script>`, `<!--<script>`), or break a line.
    public static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for u in json.unicodeScalars {
            switch u {
            case "<", ">", "&", "\u{2028}", "\u{2029}": out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

import Foundation
import AnimhostCore
import AnimhostRender

/// Writes a run as a web page (docs/web.md): `web/index.html`, self-contained, the scene as one
/// absolutely positioned element per node styled by ``CSSMapping/table``, the motion as Web
/// Animations keyframes per element and property (``WebDocument``), pictures embedded once, text
/// as real text, and a small script (`window.animhost`) to play, seek and open paused at `#t=SECONDS`.
/// Frames are mapped as they come (their nodes' CSS is kept, not the samples) and the page is written whole at the end.
public final class WebEncoder: FrameSink {
    /// Where the page appears once finished.
    public let url: URL
    private let scale: Double
    private var info: TimelineInfo?
    private var images: WebImages?
    private var frames: [[WebNodeFrame]] = []
    private var times: [Double] = []
    /// The runs beside the run itself, as given (``frames(for:)``).
    var kept: [SideRun: WebKeptRun] = [:]
    /// How the page decides a drag's release, for each interactive run kept (``keepDrag(_:for:)``).
    var dragRules: [SideRun: WebDragRule] = [:]
    /// What the kept frames' CSS holds, in bytes, against ``maxBytes``.
    private var held = 0
    /// The most CSS a run's frames may hold before the page is built (the page is smaller: pruned).
    public static let maxBytes = 512 << 20
    /// The finished page's size and keyframe count, for the run's summary.
    public private(set) var written: (bytes: Int, keyframes: Int)?

    /// An encoder writing `url`, its pictures read at `scale` pixels a point where they are drawn (placeholders).
    public init(url: URL, scale: Double) { self.url = url; self.scale = scale }

    /// Keeps the run's description (size, scenes, pictures) for the page written at the end.
    public func begin(_ info: TimelineInfo) throws {
        self.info = info
        try beginImages(info)
    }

    /// Reads pictures as the run's renderer does, once for every run on the page.
    func beginImages(_ info: TimelineInfo) throws {
        guard images == nil else { return }
        let caches = RenderCaches(scale: scale, images: ImageStore(folders: info.imageFolders), plugin: info.plugin)
        images = WebImages(parts: PartRasteriser(caches: caches), scale: scale)
    }

    /// Maps the frame's nodes to CSS.
    public func write(_ frame: FrameSample) throws {
        let nodes = try map(frame)
        frames.append(nodes)
        times.append(frame.time)
    }

    /// The frame's nodes as CSS, counted against ``maxBytes``.
    func map(_ frame: FrameSample) throws -> [WebNodeFrame] {
        guard let images else { throw OutputError("the web encoder was given a frame before it began") }
        let nodes = try WebNodeFrame.nodes(of: frame, images: images)
        held += nodes.reduce(0) { sum, n in
            sum + n.key.utf8.count + n.style.node.reduce(0) { $0 + $1.utf8.count } + n.style.parts.reduce(0) { $0 + $1.html.utf8.count }
                + n.style.overlays.reduce(0) { $0 + $1.utf8.count }
        }
        guard held <= WebEncoder.maxBytes else {
            throw OutputError(
                "the web page's frames hold more than \(WebEncoder.maxBytes >> 20) MB of CSS by frame \(frame.index): give fewer frames (--fps) or a smaller scene")
        }
        return nodes
    }

    /// Builds the page from every frame and writes it whole.
    public func finish(_ result: TransitionRun.Result) throws {
        guard let info, let images else { throw OutputError("the web encoder finished before it began") }
        guard !frames.isEmpty else { throw OutputError("a web page needs at least one frame") }
        let reduced = kept[.reducedMotion].map { [($0.frames, $0.times, $0.spans)] } ?? []
        // Drags under reduced motion scrub the interactive run with reduced motion only beside the run with reduced motion.
        let drags = [SideRun.drag, .reducedMotionDrag].map { side in
            side == .reducedMotionDrag && reduced.isEmpty ? nil : kept[side].flatMap { run in dragRules[side].map { WebDragRun(run: run, rule: $0) } }
        }
        let page = try WebEncoder.page(info: info, runs: [(frames, times, result.curveSpans)] + reduced, images: try images.embedded(), drags: drags)
        let data = Data(page.text.utf8)
        let file = try OutputFile(url)
        try file.write(data)
        try file.commit()
        written = (data.count, page.keyframes)
        frames = []
        kept = [:]
        dragRules = [:]
    }

    /// The page's text for `runs` (each frame's nodes, the frames' times and the run's curves: the run,
    /// then the run with reduced motion if made) of the run `info` describes, with `drags`, the runs pointer
    /// drags scrub (without and with reduced motion), where made; and how many keyframes it holds.
    static func page(
        info: TimelineInfo, runs: [(frames: [[WebNodeFrame]], times: [Double], spans: [CurveSpan])], images: (uris: [String], index: [Int]),
        drags: [WebDragRun?] = []
    ) throws
        -> (text: String, keyframes: Int)
    {
        var documents: [WebDocument] = []
        for run in runs where !run.frames.isEmpty {
            documents.append(WebDocument(frames: run.frames, times: run.times, spans: run.spans, firstElement: documents.last?.elementCount ?? 0))
        }
        let data = documents.enumerated().map { n, document in
            let duration = max((document.times.last ?? 0) - (document.times.first ?? 0), 0)
            return #"\#(n == 1 ? "\"reduced\":{" : "")"duration":\#(duration),"tracks":[\#n"# + document.tracks.joined(separator: ",\n") + "]"
                + (n == 1 ? "}" : "")
        }
        let title = "\(info.plugin) \(info.operation.rawValue) \(info.from) → \(info.to)"
        let markup = { (document: WebDocument) in WebImages.markup(document.html, index: images.index) }
        let drag = try WebDragRun.slot(drags, firstElement: documents.last?.elementCount ?? 0, images: images.index)
        let text = try WebPage.fill([
            "STYLE": try CSSMapping.stylesheet(), "TITLE": attribute(title), "WIDTH": css(info.size.width), "HEIGHT": css(info.size.height),
            "DATA": #"{"fps":\#(info.fps),"images":[\#(images.uris.map(json).joined(separator: ","))],"# + data.joined(separator: ",") + "}",
            "NODES": markup(documents[0]),
            "REDUCED": documents.count > 1 ? #"<div id="reduced" class="window">"# + markup(documents[1]) + "</div>\n" : "",
            "DRAG": drag.text
        ])
        return (text, documents.reduce(drag.keyframes) { $0 + $1.keyframes })
    }
}

extension WebEncoder: SummarizedOutput {
    /// The page's size and keyframe count (`web: 41.2 KB, 320 keyframes`).
    public var summaryNote: String? {
        written.map { String(format: "web: %.1f KB, %d keyframes", Double($0.bytes) / 1024, $0.keyframes) }
    }
}

/// The page around the nodes (`Web/web.html`), read once per process.
enum WebPage {
    private static let text: String? = Bundle.module.url(forResource: "web", withExtension: "html")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }

    /// The template with each `{{NAME}}` replaced by `values[NAME]`, in one pass: nothing put in is read again.
    static func fill(_ values: [String: String]) throws -> String {
        guard let text else { throw OutputError("the web page template (web.html) is missing beside the executable: reinstall animhost") }
        return fill(values, template: text)
    }

    /// `template` with each `{{NAME}}` replaced by `values[NAME]`, in one pass.
    static func fill(_ values: [String: String], template text: String) -> String {
        var out = "", rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let name = String(rest[open.upperBound..<close.lowerBound])
            out += rest[..<open.lowerBound]
            out += values[name] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}

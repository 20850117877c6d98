import Foundation
import AnimhostCore
import AnimhostRender

/// Writes a run as a page of the View Transitions API (docs/web.md): `view-transitions.html` holds
/// the run's first and last frames as two states of the page (elements as ``WebEncoder`` lays them
/// out), the tags visible in both carry one `view-transition-name` each, and `document.startViewTransition()`
/// swaps the states while `::view-transition-*` rules (``ViewTransitionStyle``) give the flights, the
/// two images of each and the screens the run's timing. For plugins built on tag matching.
public final class ViewTransitionEncoder: FrameSink {
    /// Where the page appears once finished.
    public let url: URL
    private let scale: Double
    private var info: TimelineInfo?
    private var images: WebImages?
    private var first: [WebNodeFrame]?
    private var last: FrameSample?
    private var records: [ViewTransitionFrame] = []
    private var times: [Double] = []
    /// Frames in which the first screen's root paints above the second's.
    private var fromAbove = 0
    /// How many tag samples the records hold, against ``maxTagSamples``.
    private var held = 0
    /// The most tag samples (a tagged node in a frame) a run may give the page (each some 100 bytes).
    public static let maxTagSamples = 4_000_000
    /// The finished page's size and named elements, for the run's summary.
    public private(set) var written: (bytes: Int, names: Int, timed: Int)?

    /// An encoder writing `url`, its pictures drawn at `scale` pixels a point.
    public init(url: URL, scale: Double) { self.url = url; self.scale = scale }

    /// Keeps the run's description and reads pictures as the run's renderer does.
    public func begin(_ info: TimelineInfo) throws {
        self.info = info
        let caches = RenderCaches(scale: scale, images: ImageStore(folders: info.imageFolders), plugin: info.plugin)
        images = WebImages(parts: PartRasteriser(caches: caches), scale: scale)
    }

    /// Records what moves in the frame; maps the first frame's nodes, and keeps the frame in case it is the last.
    public func write(_ frame: FrameSample) throws {
        guard let info, let images else { throw OutputError("the view-transitions encoder was given a frame before it began") }
        var keys: [String] = []
        if first == nil {
            let nodes = try WebNodeFrame.nodes(of: frame, images: images)
            first = nodes
            keys = nodes.map(\.key)
        }
        let record = ViewTransitionFrame(frame, from: info.from, to: info.to, keys: keys)
        held += record.tags.count
        guard held <= ViewTransitionEncoder.maxTagSamples else {
            throw OutputError(
                "the view-transitions page's frames hold more than \(ViewTransitionEncoder.maxTagSamples) tagged nodes by frame \(frame.index): give fewer frames (--fps) or fewer tags")
        }
        records.append(record)
        times.append(frame.time)
        let roots = frame.nodes.enumerated().filter { $0.element.depth == 1 && !$0.element.isSnapshot }
        if let f = roots.first(where: { $0.element.scene == info.from })?.offset, let t = roots.first(where: { $0.element.scene == info.to })?.offset,
            f > t
        {
            fromAbove += 1
        }
        last = frame
    }

    /// Builds the page from the first and last frames and the records between, and writes it whole.
    public func finish(_ result: TransitionRun.Result) throws {
        guard let info, let images, let first, let lastFrame = last else { throw OutputError("a view-transitions page needs at least one frame") }
        let lastNodes = try WebNodeFrame.nodes(of: lastFrame, images: images)
        records[records.count - 1] = ViewTransitionFrame(lastFrame, from: info.from, to: info.to, keys: lastNodes.map(\.key))
        let opening = records[0].tags, closing = records[records.count - 1].tags
        // The pairs that fly: shown by the second scene at the end, and at the start by the first scene
        // (or a copy of it) or by a node of the second away from its place in its screen (a node flying
        // itself), somewhere between the two ends in some frame (not a crossfade from one to the other).
        let tags = closing.keys.filter { tag in
            guard let start = opening[tag], let end = closing[tag], end.scene == info.to else { return false }
            guard start.scene == info.from || !ViewTransitionEncoder.same(start.inScreen, end.inScreen) else { return false }
            return records.dropFirst().dropLast().contains { record in
                guard let box = record.tags[tag].map({ ViewTransitionEncoder.numbers($0.box) }) else { return false }
                return !ViewTransitionEncoder.same(box, ViewTransitionEncoder.numbers(start.box))
                    && !ViewTransitionEncoder.same(box, ViewTransitionEncoder.numbers(end.box))
            }
        }.sorted()
        guard !tags.isEmpty else {
            throw OutputError(
                "view-transitions: no tag flies from the first scene to the second in \(info.plugin) \(info.operation.rawValue) \(info.from) → \(info.to) "
                    + "(a run of one instant, a crossfade, a reduced-motion or cancelled run flies none): the format carries the flights of plugins "
                    + "built on tag matching (docs/web.md); --format web carries any run")
        }
        let names = tags.enumerated().map { (tag: $1, name: "animhost-tag-\($0)") }
        let style = ViewTransitionStyle(
            records: records, times: times, spans: result.curveSpans, names: names, fromAbove: fromAbove * 2 > records.count)
        let embedded = try images.embedded()
        let markup = { (frames: [WebNodeFrame]) in WebImages.markup(WebDocument(frames: [frames], times: [0]).html, index: embedded.index) }
        let pairs = names.map { "[\(json(opening[$0.tag]!.key)),\(json(closing[$0.tag]!.key)),\(json($0.name))]" }
        let duration = max((times.last ?? 0) - (times.first ?? 0), 0)
        let text = try ViewTransitionPage.fill([
            "STYLE": try CSSMapping.stylesheet(), "TRANSITION": style.text,
            "TITLE": attribute("\(info.plugin) \(info.operation.rawValue) \(info.from) → \(info.to)"),
            "WIDTH": css(info.size.width), "HEIGHT": css(info.size.height), "FIRST": markup(first), "LAST": markup(lastNodes),
            "DATA": #"{"duration":\#(css(duration)),"images":[\#(embedded.uris.map(json).joined(separator: ","))],"names":[\#(pairs.joined(separator: ","))]}"#
        ])
        let data = Data(text.utf8)
        let file = try OutputFile(url)
        try file.write(data)
        try file.commit()
        written = (data.count, names.count, style.timed)
        records = []
        self.first = nil
        last = nil
    }

    /// A box's numbers: its transform's and its size.
    private static func numbers(_ box: (transform: Transform2D, width: Double, height: Double)) -> [Double] {
        let t = box.transform
        return [t.a, t.b, t.c, t.d, t.tx, t.ty, box.width, box.height]
    }

    /// Whether two places in a screen are known and within half a point of each other.
    private static func same(_ a: [Double]?, _ b: [Double]?) -> Bool {
        guard let a, let b else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) <= 0.5 }
    }
}

extension ViewTransitionEncoder: SummarizedOutput {
    /// The page's size and how many tags fly (`view-transitions: 41.2 KB, 1 named element`).
    public var summaryNote: String? {
        written.map { String(format: "view-transitions: %.1f KB, %d named element%@", Double($0.bytes) / 1024, $0.names, $0.names == 1 ? "" : "s") }
    }
}

/// The page around the two states (`Web/view-transitions.html`), read once per process.
enum ViewTransitionPage {
    private static let text: String? = Bundle.module.url(forResource: "view-transitions", withExtension: "html")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }

    /// The template with each `{{NAME}}` replaced by `values[NAME]`, in one pass.
    static func fill(_ values: [String: String]) throws -> String {
        guard let text else {
            throw OutputError("the view-transitions page template (view-transitions.html) is missing beside the executable: reinstall animhost")
        }
        return WebPage.fill(values, template: text)
    }
}

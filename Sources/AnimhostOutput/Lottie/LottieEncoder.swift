import Foundation
import AnimhostCore
import AnimhostRender

/// Writes a run as a Lottie document (version 5.x, as Bodymovin writes it) that lottie-ios,
/// lottie-android, lottie-web and rlottie play: the run's size (in points), frame rate and frames;
/// each node a layer (see ``LottieLayers``); motion as keyframes (see ``LottieKeyframes``); pictures,
/// text and shadows as images rasterised at the run's scale and embedded. Frames are kept until
/// `finish`, which writes the file whole; ``LottieBudget`` bounds what they and the document hold.
public final class LottieEncoder: FrameSink {
    /// Where the document appears once finished.
    public let url: URL
    /// Pixels per point of the embedded images.
    public let scale: Double
    private var info: TimelineInfo?
    private var frames: [FrameSample] = []
    private var budget: LottieBudget?
    /// What the finished document holds, for the run's summary: its size, keyframe count and, for
    /// each drawn property the export drops (``NodeProperty/lottie``), the nodes showing it.
    public private(set) var written: (bytes: Int, keyframes: Int, dropped: [(property: NodeProperty, nodes: [String])])?

    /// An encoder writing `url` with images at `scale` pixels per point.
    public init(url: URL, scale: Double) { self.url = url; self.scale = scale }

    /// Keeps the run's description for the document's header.
    public func begin(_ info: TimelineInfo) throws {
        self.info = info
        budget = LottieBudget(plugin: info.plugin)
    }

    /// Keeps the frame's sampled values (no pixels) until the run ends.
    public func write(_ frame: FrameSample) throws {
        try budget?.frame(frame.index, nodes: frame.nodes)
        frames.append(frame)
    }

    /// Builds the document from every frame and the run's curve spans, and writes it whole.
    public func finish(_ result: TransitionRun.Result) throws {
        guard let info, let budget else { throw OutputError("the Lottie encoder finished before it began") }
        let (document, keyframes) = try LottieEncoder.document(
            info: info, frames: frames, spans: result.curveSpans, scale: scale, budget: budget)
        let data = Data(document.utf8)
        let file = try OutputFile(url)
        try file.write(data)
        try file.commit()
        written = (data.count, keyframes, LottieEncoder.dropped(frames) + LottieEncoder.perspectives(frames) + LottieEncoder.approximations(frames))
        frames = []
    }

    /// The document's text for `frames` of the run `info` describes, and how many keyframes it holds.
    public static func document(info: TimelineInfo, frames: [FrameSample], spans: [CurveSpan], scale: Double) throws -> (String, Int) {
        let budget = LottieBudget(plugin: info.plugin)
        for frame in frames { try budget.frame(frame.index, nodes: frame.nodes) }
        return try document(info: info, frames: frames, spans: spans, scale: scale, budget: budget)
    }

    /// The document, within `budget`, which has counted the frames.
    static func document(
        info: TimelineInfo, frames: [FrameSample], spans: [CurveSpan], scale: Double, budget: LottieBudget
    ) throws -> (String, Int) {
        guard !frames.isEmpty else { throw OutputError("a Lottie document needs at least one frame") }
        let keys = LottieKeyframes(times: frames.map(\.time), spans: spans, budget: budget)
        let assets = LottieAssets(budget: budget)
        let parts = PartRasteriser(caches: RenderCaches(scale: scale, images: ImageStore(folders: info.imageFolders), plugin: info.plugin))
        let builder = try LottieLayers(
            tracks: LottieNodeTracks(frames: frames, budget: budget), keys: keys, assets: assets, parts: parts, canvas: info.size,
            budget: budget)
        let layers = LottieLayers.indexed(try builder.rootLayers())
        let root: LottieJSON = .object([
            ("v", .string("5.7.4")), ("fr", .int(info.fps)), ("ip", .int(0)), ("op", .int(frames.count)),
            ("w", .num(info.size.width)), ("h", .num(info.size.height)),
            ("nm", .string("\(info.plugin) \(info.operation.rawValue) \(info.from) → \(info.to)")), ("ddd", .int(0)),
            ("assets", assets.json), ("layers", .array(layers))
        ])
        return (root.text, keys.count)
    }
}

extension LottieEncoder: SummarizedOutput {
    /// The document's size and keyframe count, as the run's summary shows them, and for each drawn
    /// property the document drops, the nodes showing it with the table's note (`blur not exported,
    /// drawn sharp: soft`).
    public var summaryNote: String? {
        written.map { w in
            let note = String(format: "Lottie: %.1f KB, %d keyframes", Double(w.bytes) / 1024, w.keyframes)
            return w.dropped.reduce(note) { note, dropped in
                let nodes = dropped.nodes
                let named = nodes.prefix(3).joined(separator: ", ") + (nodes.count > 3 ? " and \(nodes.count - 3) more" : "")
                let how = if case .approximated = dropped.property.lottie { "approximated" } else { "not exported" }
                return note + "; \(dropped.property.path) \(how), \(dropped.property.lottie.note ?? ""): " + named
            }
        }
    }

    /// The properties drawn but dropped from the document (``NodeProperty/lottie``) that some frame
    /// shows, each with the nodes showing it away from its default (`scene/id`, in order of first appearance).
    static func dropped(_ frames: [FrameSample]) -> [(property: NodeProperty, nodes: [String])] {
        NodeProperty.all.compactMap { property in
            guard property.drawing == .drawn, case .dropped = property.lottie else { return nil }
            let unset = property.defaultValue
            let nodes = frames.flatMap { frame in
                frame.nodes.filter { $0.opacity > 0 && !$0.properties.hidden && property.read($0.properties) != unset }.map(\.lottieName)
            }.uniqued()
            return nodes.isEmpty ? nil : (property, nodes)
        }
    }
}

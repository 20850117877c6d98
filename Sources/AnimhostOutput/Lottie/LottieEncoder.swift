import Foundation
import AnimhostCore
import AnimhostRender

/// Writes a run as a Lottie document (version 5.x, as Bodymovin writes it) that lottie-ios,
/// lottie-android, lottie-web and rlottie play: the run's size (in points), frame rate and frames;
/// each node a layer (see ``LottieLayers``); motion as keyframes (see ``LottieKeyframes``); pictures,
/// text and shadows as images rasterised at the run's scale and embedded. Frames are kept until
/// `finish`, which writes the file whole.
public final class LottieEncoder: FrameSink {
    /// Where the document appears once finished.
    public let url: URL
    /// Pixels per point of the embedded images.
    public let scale: Double
    private var info: TimelineInfo?
    private var frames: [FrameSample] = []
    /// What the finished document holds, for the run's summary.
    public private(set) var written: (bytes: Int, keyframes: Int)?

    /// An encoder writing `url` with images at `scale` pixels per point.
    public init(url: URL, scale: Double) { self.url = url; self.scale = scale }

    /// Keeps the run's description for the document's header.
    public func begin(_ info: TimelineInfo) throws { self.info = info }
    /// Keeps the frame's sampled values (no pixels) until the run ends.
    public func write(_ frame: FrameSample) throws { frames.append(frame) }

    /// Builds the document from every frame and the run's curve spans, and writes it whole.
    public func finish(_ result: TransitionRunner.Result) throws {
        guard let info else { throw OutputError("the Lottie encoder finished before it began") }
        let (document, keyframes) = try LottieEncoder.document(info: info, frames: frames, spans: result.curveSpans, scale: scale)
        let data = Data(document.utf8)
        let file = try OutputFile(url)
        try file.write(data)
        try file.commit()
        written = (data.count, keyframes)
        frames = []
    }

    /// The document's text for `frames` of the run `info` describes, and how many keyframes it holds.
    public static func document(info: TimelineInfo, frames: [FrameSample], spans: [CurveSpan], scale: Double) throws -> (String, Int) {
        guard !frames.isEmpty else { throw OutputError("a Lottie document needs at least one frame") }
        let keys = LottieKeyframes(times: frames.map(\.time), spans: spans)
        let assets = LottieAssets()
        let parts = PartRasteriser(caches: RenderCaches(scale: scale, images: ImageStore(folders: info.imageFolders), plugin: info.plugin))
        let builder = try LottieLayers(tracks: LottieNodeTracks(frames: frames), keys: keys, assets: assets, parts: parts, canvas: info.size)
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
    /// The document's size and keyframe count, as the run's summary shows them.
    public var summaryNote: String? {
        written.map { String(format: "Lottie: %.1f KB, %d keyframes", Double($0.bytes) / 1024, $0.keyframes) }
    }
}

import Foundation
import AnimhostCore
import AnimhostLua
import AnimhostRender

/// `animhost diff`: two versions of a transition (two plugins, one plugin with two sets of params, or
/// two revisions of a plugin's file) run on the same request and compared: every frame's pixels, and
/// each node, matched by id, through time, with the timing shift between the versions taken out so
/// that a delay reads as a delay and not as a path that differs.
public struct RunDiff {
    /// One version: a plugin's file and the params it runs with.
    public struct Side: Sendable {
        /// The plugin's file.
        public var url: URL
        /// `--param key=value` overrides for this side.
        public var params: [String: String]

        /// The plugin at `url` run with `params`.
        public init(url: URL, params: [String: String] = [:]) { self.url = url; self.params = params }
    }

    /// The limits past which the versions count as different, and `diff` exits 1.
    public struct Thresholds: Sendable, Equatable {
        /// The share of a frame's pixels (0 to 1) that may differ.
        public var pixels = 0.001
        /// Points a node's path or size may be off once the timing is aligned.
        public var path = 0.5
        /// Seconds a node's motion may lag or lead.
        public var shift = 0.001
        /// How much a node's opacity on screen may differ once aligned.
        public var opacity = 0.01

        /// The default limits.
        public init() {}
    }

    /// A node as matched across the runs: its id, its scene (nil for a node the plugin made), whether it
    /// is a snapshot, and which of the nodes alike in a frame it is (0 for the first in paint order).
    public struct NodeKey: Hashable, Sendable {
        /// The node's id.
        public let id: String
        /// Its scene's name; nil for a node the plugin made.
        public let scene: String?
        /// Whether it is a snapshot of a node.
        public let isSnapshot: Bool
        /// Which of the nodes alike in a frame it is, in paint order (0 for the first).
        public let occurrence: Int

        /// `'hero' (detail)`, `'hero' (a snapshot)`, `'dim' (added by the plugin)`.
        public var name: String {
            "'\(id)'" + (occurrence > 0 ? " #\(occurrence + 1)" : "")
                + (isSnapshot ? " (a snapshot)" : scene.map { " (\($0))" } ?? " (added by the plugin)")
        }
    }

    /// One pair of frames compared.
    public struct Frame: Sendable {
        /// The frame's number, from 0.
        public var index: Int
        /// Seconds from the start (A's, else B's past A's end).
        public var time: Double
        /// Pixels that differ beyond ``FramePixels/tolerance``.
        public var pixels: Int
        /// Pixels in a frame.
        public var total: Int
        /// The box around the differing pixels, in points; nil when none differ.
        public var region: Rect?
        /// The JPEG images the report shows: A, B and the heat map of their difference.
        public var images: Images?

        /// The share of the frame's pixels that differ, 0 to 1.
        public var share: Double { total > 0 ? Double(pixels) / Double(total) : 0 }

        /// A frame's three images.
        public struct Images: Sendable {
            /// A's frame.
            public let a: Data
            /// B's frame.
            public let b: Data
            /// Where they differ, brighter where more.
            public let heat: Data
        }
    }

    /// How one property of a node differs.
    public struct PropertyChange: Sendable {
        /// `path`, `size`, `opacity` (on screen) or the node's own property (`frame`, `alpha`…).
        public let name: String
        /// Its unit (`pt`), or empty.
        public let unit: String
        /// Whether it is what the screen shows rather than a property the plugin sets.
        public let onScreen: Bool
        /// Seconds B lags A on this property (negative: B leads).
        public let shift: Double
        /// The largest difference left once aligned, in ``unit``.
        public let residual: Double
        /// Both curves, for the report's plot: times and values.
        let a: ValueCurve
        let b: ValueCurve
    }

    /// How one node differs between the runs.
    public struct NodeChange: Sendable {
        /// The node.
        public let key: NodeKey
        /// What differs of the node's presence: in one run only, or in one run's last frame only.
        public var presence: Presence?
        /// Each property that differs, what the screen shows first.
        public var properties: [PropertyChange]
        /// Seconds the node's motion lags (its path, else its size, else its opacity, else its first property that differs).
        public var shift: Double
        /// Points its path is off once aligned.
        public var pathError: Double
        /// Whether one of its own properties differs: the change is this node's, not only its ancestors'.
        public var changedItself: Bool

        /// How the property named differs; nil when it does not.
        public func property(_ name: String) -> PropertyChange? { properties.first { $0.name == name } }
    }

    /// Where a node is in one run and not the other.
    public enum Presence: Equatable, Sendable {
        /// In this run's frames only ("A" or "B").
        case onlyIn(String)
        /// Still in this run's container at the end, gone from the other's: left behind.
        case leftBehindIn(String)

        /// `only in B`, `left behind in B (gone from A's last frame)`.
        public var words: String {
            switch self {
            case .onlyIn(let side): return "only in \(side)"
            case .leftBehindIn(let side): return "left behind in \(side): still there at its end, gone from \(side == "A" ? "B" : "A")'s"
            }
        }
    }

    /// The first version compared (A).
    public let a: Side
    /// The second version compared (B).
    public let b: Side
    /// What both run: scenes, operation, rate, gesture, reduced motion (its params are added to each side's).
    public var request: TransitionRequest
    /// Pixels per point of the compared frames and of the report's images.
    public var scale = 1.0
    /// The sandbox's limits for each plugin.
    public var limits = SandboxLimits()
    /// Where scene names are found.
    public let scenes: SceneLocating
    /// The most frames whose images the report carries (the worst always among them).
    public var reportFrames = 300

    /// A comparison of `a` and `b`, each run as `request` asks, on scenes `scenes` finds.
    public init(a: Side, b: Side, request: TransitionRequest, scenes: SceneLocating) {
        self.a = a; self.b = b; self.request = request; self.scenes = scenes
    }

    /// Runs both versions and compares them. A version that fails to load or run throws a
    /// ``DiffError`` naming the version and the plugin's error (with its file and line).
    public func compare(images: Bool = true) throws -> DiffResult {
        let ranA = try run(a, label: "A")
        let ranB = try run(b, label: "B")
        guard ranA.outcome.info.size == ranB.outcome.info.size else {
            throw DiffError(
                "A runs on a \(show(ranA.outcome.info.size)) screen (\(ranA.outcome.info.from) → \(ranA.outcome.info.to)) and B on a \(show(ranB.outcome.info.size)) one "
                    + "(\(ranB.outcome.info.from) → \(ranB.outcome.info.to)): their frames cannot be compared; give both the same --from and --to")
        }
        let rate = curveRate(ranA.outcome.info.duration, ranB.outcome.info.duration)
        let curvesA = rate == request.fps ? ranA.frames : try run(a, label: "A", fps: rate).frames
        let curvesB = rate == request.fps ? ranB.frames : try run(b, label: "B", fps: rate).frames
        let nodes = NodeComparison(NodeTracks(curvesA), NodeTracks(curvesB), fps: rate).changes()
        let pixels = FramePixels(
            size: ranA.outcome.info.size, scale: scale, imagesA: ImageStore(folders: ranA.outcome.info.imageFolders),
            imagesB: ImageStore(folders: ranB.outcome.info.imageFolders))
        let count = max(ranA.frames.count, ranB.frames.count)
        let every = max(1, Int((Double(count) / Double(max(reportFrames, 1))).rounded(.up)))
        var frames = try pixels.compare(ranA.frames, ranB.frames) { images && ($0 % every == 0 || $0 == count - 1) }
        if images, let worst = frames.indices.max(by: { frames[$0].pixels < frames[$1].pixels }), frames[worst].images == nil {
            let pair = ([ranA.frames[min(worst, ranA.frames.count - 1)]], [ranB.frames[min(worst, ranB.frames.count - 1)]])
            frames[worst].images = try pixels.compare(pair.0, pair.1) { _ in true }[0].images
        }
        var result = DiffResult(a: ranA.version, b: ranB.version, frames: frames, nodes: nodes, scale: scale)
        let (infoA, infoB) = (ranA.outcome.info, ranB.outcome.info)
        if infoA.from != infoB.from || infoA.to != infoB.to {
            result.notes.append(
                "A runs \(infoA.from) → \(infoA.to) and B \(infoB.from) → \(infoB.to) (each plugin's own scenes): few nodes match; give --from and --to to compare them on the same scenes")
        }
        return result
    }

    /// The rate the nodes' curves are sampled at: the request's, or up to ``curveRate`` frames a second
    /// when the runs are short enough to keep ``curveFrames`` frames, so that reading between samples
    /// adds no error worth a tenth of a point (curves are runs of their own, without pixels).
    func curveRate(_ a: Double, _ b: Double) -> Int {
        let longest = max(a, b, 1 / Double(RunDiff.curveRate))
        return max(request.fps, min(RunDiff.curveRate, Int(Double(RunDiff.curveFrames) / longest)))
    }

    /// The most frames a second of the nodes' curves.
    static let curveRate = 240
    /// The most frames of one run's curves sampled beyond the request's rate.
    static let curveFrames = 4800

    /// One version run into memory, at the request's rate or at `fps`.
    private func run(_ side: Side, label: String, fps: Int? = nil) throws -> (frames: [FrameSample], outcome: TransitionOutcome, version: DiffResult.Version) {
        do {
            let plugin = try Plugin(url: side.url, limits: limits)
            var request = self.request
            request.params.merge(side.params) { $1 }
            if let fps { request.fps = fps }
            let frames = FrameRecorder()
            let outcome = try TransitionSession(plugin, scenes: scenes).run(request, sink: frames)
            let version = DiffResult.Version(
                label: label, plugin: plugin.name, file: displayPath(side.url), params: request.params, info: outcome.info, frames: frames.frames.count)
            return (frames.frames, outcome, version)
        } catch let e as DiffError {
            throw e
        } catch {
            throw DiffError("\(label) (\(displayPath(side.url))): \(error)")
        }
    }

    private func show(_ s: Size) -> String { "\(formatNumber(s.width)) × \(formatNumber(s.height)) pt" }
}

/// Why two versions could not be compared.
public struct DiffError: Error, CustomStringConvertible {
    /// What went wrong, for the user.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

import Foundation
import AnimhostCore
import AnimhostLua
import AnimhostRender

/// The conformance suite every animator must pass (`animhost check`): each operation at 30, 60 and
/// 120 fps, each again with reduced motion, a round trip and two interactive probes. What a person
/// sees (the first and last frames) is judged by pixels; what pixels cannot show (how often
/// `complete` is called, NaN, the duration, determinism, invisible leftovers) by properties.
public struct Conformance {
    /// One broken rule: the check, where (operation, rate, frame, node) and what was seen.
    public struct Failure: Equatable, CustomStringConvertible, Sendable {
        public let check: String
        public let run: String
        public let detail: String
        /// The plugin ran past its time limit: the remaining runs would each wait as long, so the suite stops.
        public var timedOut = false
        public var description: String { "\(run): \(check): \(detail)" }
        /// The id of the rule broken (``ConformanceRule/id``).
        public var rule: String { ConformanceRule.all.first { $0.name == check }?.id ?? check }
    }

    /// A plugin's verdict: its failures (none when it conforms), how many runs were checked, and the
    /// note said once when it runs on the built-in scenes.
    public struct Verdict: Sendable {
        /// Every broken rule, in the order of the runs.
        public let failures: [Failure]
        /// The names of the runs checked, in order (`push@60fps` …).
        public let runNames: [String]
        public let note: String?
        /// How much of the screen the runs without reduced motion move and zoom (WCAG 2.3.3), for
        /// information; nil when none ran.
        public var motion: MotionFigures?
        /// How many runs were checked.
        public var runs: Int { runNames.count }
        /// True when the plugin did not load or refused the `--param` values, so nothing ran.
        public var didNotLoad: Bool { runs == 0 && !failures.isEmpty }
    }

    /// What to run, as `animhost run` takes it; the defaults check everything.
    public struct Options: Sendable {
        /// Scenes for push and present (pop and dismiss swap them); nil: the plugin's.
        public var from: String?, to: String?
        /// The operations checked.
        public var operations: [TransitionOperation] = TransitionOperation.allCases
        /// The sampling rates each operation is checked at; the other runs use 60 fps when listed, else the first.
        public var rates: [Int] = Conformance.rates
        /// `--param key=value` overrides.
        public var params: [String: String] = [:]
        /// Every run with `ctx.reducedMotion` (and its motion limits) instead of both variants.
        public var reducedMotion = false
        /// Where the images of a failed pixel check go; nil: not written.
        public var artifacts: URL?
        /// Pixels per point of the pixel checks; nil: the smallest at which the scenes lie on whole pixels (``PixelComparison/wholePixelScale(of:size:)``).
        public var scale: Double?

        /// Everything checked, nothing written.
        public init() {}
    }

    /// Told before each run: how many runs are done, how many there are in all, and the next run's name.
    public typealias Progress = (_ done: Int, _ total: Int, _ run: String) -> Void

    /// The sampling rates every operation is checked at.
    public static let rates = [30, 60, 120]
    /// Where plugins' scenes are looked up.
    public let catalog: PluginCatalog
    /// The sandbox limits each run gets.
    public let limits: SandboxLimits
    /// What to run.
    public let options: Options
    /// The full-scale frames drawn for the plugin under check, for its later runs.
    let renders = RenderCache()

    /// A suite finding scenes through `catalog`, running plugins under `limits`, as `options` says.
    public init(catalog: PluginCatalog = PluginCatalog(), limits: SandboxLimits = SandboxLimits(), options: Options = Options()) {
        self.catalog = catalog; self.limits = limits; self.options = options
    }

    /// The verdict on the plugin at `url`. A plugin that does not load, or does not take the
    /// `--param` values, fails once with no run (every run would fail alike); the suite stops at the
    /// first run past the time limit.
    public func check(_ url: URL, progress: Progress = { _, _, _ in }) -> Verdict {
        let plugin: Plugin
        do { plugin = try Plugin(url: url, limits: limits, printSink: { _ in }) } catch {
            return Verdict(failures: [Failure(check: ConformanceRule.named("loads").name, run: "load", detail: "\(error)".firstLine)], runNames: [], note: nil)
        }
        do { _ = try plugin.resolveParams(options.params) } catch {
            return Verdict(
                failures: [Failure(check: ConformanceRule.named("takes-the-params").name, run: "params", detail: "\(error)".firstLine)], runNames: [], note: nil)
        }
        renders.clear()
        let note = (options.from == nil || options.to == nil) ? plugin.fallbackScenesNote : nil
        let motion = MotionRecord()
        let checks = runs(url, rule: plugin.declaredInteraction, probed: plugin.declaresPresentation ? .dismiss : .pop, motion: motion)
        var failures: [Failure] = []
        var done: [String] = []
        for (name, check) in checks {
            progress(done.count, checks.count, name)
            done.append(name)
            failures += check()
            if failures.contains(where: \.timedOut) { break }
        }
        return Verdict(failures: failures, runNames: done, note: note, motion: motion.figures)
    }

    /// The runs in order, each with its name; the interactive probes drive `probed` (a dismiss for a
    /// plugin with a presentation, whose dismissal is the interactive one; else a pop).
    private func runs(_ url: URL, rule: DeclaredInteraction?, probed: TransitionOperation, motion: MotionRecord) -> [(String, () -> [Failure])] {
        let reduced = options.reducedMotion
        var list: [(String, () -> [Failure])] = options.operations.flatMap { op in
            options.rates.map { fps in
                let name = Conformance.name(op.rawValue, fps, reduced: reduced)
                return (name, { checkRun(url, op, fps, reduced: reduced, name: name, motion: motion) })
            }
        }
        let rate = mainRate
        if !reduced {
            list += options.operations.map { op in
                let name = Conformance.name(op.rawValue, rate, reduced: true)
                return (name, { checkRun(url, op, rate, reduced: true, name: name) })
            }
        }
        if options.operations.contains(.push) && options.operations.contains(.pop) {
            let name = Conformance.name("push+pop", rate, reduced: reduced)
            list.append((name, { checkRoundTrip(url, rate, name: name) }))
        }
        if options.operations.contains(probed) {
            list += InteractionProbe.probes(rule: rule).map { probe in
                let name = Conformance.name("\(probed.rawValue)+\(probe.name)", rate, reduced: reduced)
                return (name, { checkProbe(url, probe, probed, rate, name: name) })
            }
        }
        return list
    }

    /// The rate of the runs checked once (reduced motion, the round trip, the probes): 60 fps when listed, else the first.
    var mainRate: Int { options.rates.contains(60) ? 60 : options.rates[0] }

    static func name(_ what: String, _ fps: Int, reduced: Bool) -> String { "\(what)@\(fps)fps" + (reduced ? "+reduced-motion" : "") }

    /// The request for `op`: the options' scenes as push has them, swapped for pop and dismiss.
    func request(_ op: TransitionOperation, _ fps: Int, reduced: Bool, gesture: String? = nil) -> TransitionRequest {
        let presenting = op.isPresenting
        return TransitionRequest(
            from: presenting ? options.from : options.to, to: presenting ? options.to : options.from,
            operation: op, fps: fps, params: options.params, gesture: gesture, reducedMotion: reduced)
    }

    /// A run's frames with the screens at rest before and after it, sampled before the run touched them.
    struct Ran {
        let outcome: TransitionOutcome
        let frames: [FrameSample]
        /// The source at rest, with the screen beneath when the source is an overlay.
        let before: FrameSample
        /// The destination at rest, with the screen beneath when the destination is an overlay.
        let after: FrameSample
        let pixels: PixelComparison
        /// The frames drawn small, for the rules that follow pixels through time.
        let drawn: DrawnFrames
    }

    func run(_ plugin: Plugin, _ request: TransitionRequest) throws -> Ran {
        if plugin.declaresPresentation, [.present, .dismiss].contains(request.operation) { return try runPresentation(plugin, request) }
        let session = TransitionSession(plugin, scenes: catalog)
        session.maxDuration = 60
        let (from, to) = try session.scenes(for: request)
        let chrome = try session.chrome(for: request)  // the bars at rest belong to both ends
        let before = Conformance.rest(from.isOverlay ? [to, from] : [from], chrome: chrome)
        let after = Conformance.rest(to.isOverlay ? [from, to] : [to], chrome: chrome)
        let frames = FrameRecorder()
        let outcome = try session.run(request, from: from, to: to, sink: frames)
        return ran(outcome, frames.frames, before: before, after: after)
    }

    /// A finished run with its pixel comparison at the check's scale and its frames drawn small.
    func ran(_ outcome: TransitionOutcome, _ frames: [FrameSample], before: FrameSample, after: FrameSample) -> Ran {
        let scale = options.scale ?? PixelComparison.wholePixelScale(of: [before, after], size: outcome.info.size)
        var pixels = PixelComparison(size: outcome.info.size, images: ImageStore(folders: outcome.info.imageFolders), scale: scale)
        pixels.cache = renders
        pixels.folders = outcome.info.imageFolders
        let drawn = DrawnFrames(frames, size: outcome.info.size, images: pixels.images)
        return Ran(outcome: outcome, frames: frames, before: before, after: after, pixels: pixels, drawn: drawn)
    }

    /// Scenes at rest, one over the other (and the chrome above them), as a frame would show them.
    static func rest(_ scenes: [Scene], chrome: Scene? = nil) -> FrameSample {
        let size = Size(width: scenes.map(\.size.width).max() ?? 0, height: scenes.map(\.size.height).max() ?? 0)
        let container = Node(
            id: "container",
            properties: {
                var p = NodeProperties(); p.frame = Rect(origin: .zero, size: size); return p
            }())
        for scene in scenes { try? container.add(copy(scene.root)) }
        return FrameSampler(container: container, chrome: chrome.map { copy($0.root) }).sample(index: 0, time: 0)
    }

    /// A copy of a tree at its model values, as the scene's own nodes (not snapshots).
    private static func copy(_ node: Node) -> Node {
        let copied = Node(id: node.id, scene: node.scene, isSnapshot: node.isSnapshot, properties: node.model)
        for child in node.children { try? copied.add(copy(child)) }
        return copied
    }

    /// The failure, marked as a timeout when the error is the plugin running past its time limit.
    static func failure(_ failure: Failure, _ error: Error) -> Failure {
        var failure = failure
        let cause = (error as? SecondRunFailed)?.error ?? error
        failure.timedOut = (cause as? PluginError)?.isTimeout ?? false
        return failure
    }
}

extension String {
    var firstLine: String { split(separator: "\n").first.map(String.init) ?? self }
}

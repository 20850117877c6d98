import Foundation
import AnimhostCore
import AnimhostLua

/// The conformance suite every animator must pass (`animhost check`): for each operation, at 30, 60
/// and 120 fps, on the plugin's scenes.
public struct Conformance {
    /// One broken rule: the check, where (operation, rate, frame, node) and what was seen.
    public struct Failure: Equatable, CustomStringConvertible {
        public let check: String
        public let run: String
        public let detail: String
        /// The plugin ran past its time limit: the remaining runs would each wait as long, so the suite stops.
        public var timedOut = false
        public var description: String { "\(run): \(check): \(detail)" }
    }

    /// Told before each run: how many runs are done, how many there are in all, and the next run's name.
    public typealias Progress = (_ done: Int, _ total: Int, _ run: String) -> Void

    /// The sampling rates every operation is checked at.
    public static let rates = [30, 60, 120]
    /// Where scenes are looked up.
    public let catalog: PluginCatalog
    /// The sandbox limits each run gets.
    public let limits: SandboxLimits

    public init(catalog: PluginCatalog = PluginCatalog(), limits: SandboxLimits = SandboxLimits()) {
        self.catalog = catalog; self.limits = limits
    }

    /// Every failure of the plugin at `url` (empty when it conforms) and how many runs were checked.
    /// A plugin that does not load fails once, with no run; the suite stops at the first run past the time limit.
    public func check(_ url: URL, progress: Progress = { _, _, _ in }) -> (failures: [Failure], runs: Int) {
        do { _ = try Plugin(url: url, limits: limits, printSink: { _ in }) } catch {
            return ([Failure(check: "loads", run: "load", detail: "\(error)".firstLine)], 0)
        }
        let total = TransitionOperation.allCases.count * Conformance.rates.count + 2
        var failures: [Failure] = []
        var runs = 0
        let checks: [(String, () -> [Failure])] = TransitionOperation.allCases.flatMap { op in
            Conformance.rates.map { fps in ("\(op.rawValue)@\(fps)fps", { checkRun(url, op, fps) }) }
        } + [("push+pop@60fps", { checkRoundTrip(url) }), ("pop+edge-swipe@60fps", { checkInteractiveCancel(url) })]
        for (name, check) in checks {
            progress(runs, total, name)
            runs += 1
            failures += check()
            if failures.contains(where: \.timedOut) { break }
        }
        return (failures, runs)
    }

    /// A run with fresh scenes; the scenes' resting states are sampled before the run touches them.
    /// `to` is the destination at rest, with the screen beneath when the destination is an overlay.
    private func run(_ plugin: Plugin, _ request: TransitionRequest) throws -> (TransitionOutcome, [FrameSample], from: [NodeSample], to: [NodeSample]) {
        let session = TransitionSession(plugin, scenes: catalog)
        session.maxDuration = 60
        let (from, to) = try session.scenes(for: request)
        let rest = (Conformance.rest(from), (to.isOverlay ? Conformance.rest(from) : []) + Conformance.rest(to))
        let frames = FrameRecorder()
        let outcome = try session.run(request, from: from, to: to, sink: frames)
        return (outcome, frames.frames, rest.0, rest.1)
    }

    /// A scene at rest, as a frame would show it alone.
    static func rest(_ scene: Scene) -> [NodeSample] {
        let container = Node(id: "container", properties: { var p = NodeProperties(); p.frame = Rect(origin: .zero, size: scene.size); return p }())
        let copy = scene.root.snapshot()
        try? container.add(copy)
        return FrameSampler(container: container).sample(index: 0, time: 0).nodes
    }

    private func checkRun(_ url: URL, _ op: TransitionOperation, _ fps: Int) -> [Failure] {
        let name = "\(op.rawValue)@\(fps)fps"
        func fail(_ check: String, _ detail: String) -> Failure { Failure(check: check, run: name, detail: detail) }
        let plugin: Plugin
        do { plugin = try Plugin(url: url, limits: limits, printSink: { _ in }) } catch { return [fail("loads", "\(error)".firstLine)] }
        let first: (TransitionOutcome, [FrameSample], from: [NodeSample], to: [NodeSample])
        do { first = try run(plugin, TransitionRequest(operation: op, fps: fps)) } catch {
            return [Conformance.failure(fail(Conformance.check(for: error), "\(error)".firstLine), error)]
        }
        let (outcome, frames, fromRest, toRest) = first
        var failures: [Failure] = []
        let completes = outcome.calls.filter { $0.call.hasPrefix("complete(") }.count
        if completes != 1 { failures.append(fail("ctx:complete exactly once", "called \(completes) times")) }
        if !outcome.result.completed { failures.append(fail("completes", "ctx:complete(false) without a gesture")) }
        if abs(outcome.result.endTime - outcome.info.duration) > 1.0 / Double(fps) + 1e-9 {
            failures.append(fail("lasts duration() within one frame", "duration() is \(formatNumber(outcome.info.duration)) s, the run ended at \(formatNumber(outcome.result.endTime)) s"))
        }
        if let f = frames.first, let jump = Conformance.jump(f, from: fromRest) {
            failures.append(fail("no jump at t = 0", "frame 0, node '\(jump.0)': \(jump.1)"))
        }
        if let last = frames.last {
            if let d = Conformance.differs(last, expected: toRest) {
                failures.append(fail("ends at the destination's resting state", "frame \(last.index), \(d)"))
            }
        }
        if let (index, id) = Conformance.nonFinite(frames) {
            failures.append(fail("no NaN", "frame \(index), node '\(id)'"))
        }
        do {
            let again = try run(plugin, TransitionRequest(operation: op, fps: fps))
            let pairs = Array(zip(frames, again.1))
            if let i = pairs.firstIndex(where: { !Conformance.same($0.0, $0.1) }) ?? (frames.count != again.1.count ? pairs.count : nil) {
                failures.append(fail("two runs are identical", "they differ from frame \(i)"))
            }
        } catch { failures.append(Conformance.failure(fail("two runs are identical", "the second run failed: " + "\(error)".firstLine), error)) }
        return failures
    }

    private func checkRoundTrip(_ url: URL) -> [Failure] {
        func fail(_ detail: String) -> Failure { Failure(check: "a pop after a push returns to the start", run: "push+pop@60fps", detail: detail) }
        do {
            let plugin = try Plugin(url: url, limits: limits, printSink: { _ in })
            _ = try run(plugin, TransitionRequest(operation: .push, fps: 60))
            let back = try run(plugin, TransitionRequest(operation: .pop, fps: 60))
            if let last = back.1.last, let d = Conformance.differs(last, expected: back.to) { return [fail("frame \(last.index), \(d)")] }
        } catch { return [Conformance.failure(fail("\(error)".firstLine), error)] }
        return []
    }

    private func checkInteractiveCancel(_ url: URL) -> [Failure] {
        func fail(_ detail: String) -> Failure { Failure(check: "an interactive cancel at 0.5 restores the from-state", run: "pop+edge-swipe@60fps", detail: detail) }
        do {
            let plugin = try Plugin(url: url, limits: limits, printSink: { _ in })
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-cancel-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: path) }
            let samples = (0...30).map { i in #"{"t": \#(Double(i) / 60), "x": \#(2 + 193 * Double(i) / 30), "y": 422}"# }
            try #"{"samples": [\#(samples.joined(separator: ",")), {"t": 0.55, "x": 197, "y": 422, "state": "cancelled"}]}"#
                .write(to: path, atomically: true, encoding: .utf8)
            let (outcome, frames, fromRest, _) = try run(plugin, TransitionRequest(operation: .pop, fps: 60, gesture: path.path))
            if !outcome.result.cancelled { return [fail("the run was not cancelled")] }
            if let last = frames.last, let d = Conformance.differs(last, expected: fromRest) { return [fail("frame \(last.index), \(d)")] }
        } catch { return [Conformance.failure(fail("\(error)".firstLine), error)] }
        return []
    }

    /// The failure, marked as a timeout when the error is the plugin running past its time limit.
    static func failure(_ failure: Failure, _ error: Error) -> Failure {
        var failure = failure
        failure.timedOut = (error as? PluginError)?.isTimeout ?? false
        return failure
    }

    // MARK: Comparing frames

    static func check(for error: Error) -> String {
        let text = "\(error)"
        if text.contains("called twice") { return "ctx:complete exactly once" }
        if text.contains("never called") { return "ctx:complete exactly once" }
        return "runs without error"
    }

    /// A visible node of the source at rest that frame 0 shows elsewhere, unless hidden under an identical snapshot.
    static func jump(_ frame: FrameSample, from rest: [NodeSample]) -> (String, String)? {
        for r in rest where !r.properties.hidden {
            guard let n = frame.node(r.id, scene: r.scene), !n.isSnapshot else { return (r.id, "missing") }
            if let d = appearance(n, r) {
                if n.properties.hidden, let copy = frame.nodes.first(where: { $0.isSnapshot && $0.id == r.id }), appearance(copy, r) == nil { continue }
                return (r.id, d)
            }
        }
        return nil
    }

    /// The first difference between a frame and the resting nodes it should show, and nothing else.
    static func differs(_ frame: FrameSample, expected: [NodeSample]) -> String? {
        let ids = Set(expected.map { "\($0.scene ?? "")/\($0.id)" })
        if let extra = frame.nodes.first(where: { !ids.contains("\($0.scene ?? "")/\($0.id)") || $0.isSnapshot }) {
            return "node '\(extra.id)' is left behind"
        }
        for r in expected {
            guard let n = frame.node(r.id, scene: r.scene) else { return "node '\(r.id)' is missing" }
            if let d = appearance(n, r) { return "node '\(r.id)': \(d)" }
        }
        return nil
    }

    static func appearance(_ n: NodeSample, _ r: NodeSample) -> String? {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 }
        func closeRect(_ a: Rect, _ b: Rect) -> Bool { close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height) }
        if !closeRect(n.bbox, r.bbox) { return "bbox \(show(n.bbox)), at rest \(show(r.bbox))" }
        if !close(n.opacity, r.opacity) { return "opacity \(formatNumber(n.opacity)), at rest \(formatNumber(r.opacity))" }
        if n.properties.hidden != r.properties.hidden { return "hidden is \(n.properties.hidden), at rest \(r.properties.hidden)" }
        return nil
    }

    static func show(_ r: Rect) -> String { "[\([r.x, r.y, r.width, r.height].map { formatNumber(($0 * 1000).rounded() / 1000) }.joined(separator: ", "))]" }

    static func nonFinite(_ frames: [FrameSample]) -> (Int, String)? {
        for f in frames {
            for n in f.nodes {
                let p = n.properties, t = p.transform
                let values = [n.bbox.x, n.bbox.y, n.bbox.width, n.bbox.height, n.opacity, t.a, t.b, t.c, t.d, t.tx, t.ty, p.cornerRadius, p.shadow.radius]
                if values.contains(where: { !$0.isFinite }) { return (f.index, n.id) }
            }
        }
        return nil
    }

    static func same(_ a: FrameSample, _ b: FrameSample) -> Bool {
        a.time == b.time && a.nodes.count == b.nodes.count && zip(a.nodes, b.nodes).allSatisfy {
            $0.id == $1.id && $0.bbox == $1.bbox && $0.opacity == $1.opacity && $0.properties == $1.properties
        }
    }
}

extension String {
    var firstLine: String { split(separator: "\n").first.map(String.init) ?? self }
}

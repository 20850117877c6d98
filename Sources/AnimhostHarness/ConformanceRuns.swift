import Foundation
import AnimhostCore
import AnimhostLua

/// The runs of the suite and the checks on each.
extension Conformance {
    /// What a rule judges: one run, its frames and the states at rest, and how it was asked for.
    struct Judged {
        let suite: Conformance
        let plugin: Plugin
        let request: TransitionRequest
        /// The run's name, `push@60fps`.
        let run: String
        let ran: Ran
        var reduced: Bool { request.reducedMotion }
        /// The probe that drove the run, for the probes' rules.
        var probe: InteractionProbe?

        /// The state the last frame must look like: the destination at rest, or the source for a probe that cancels.
        var expectedEnd: FrameSample { probe.map { $0.finishes ? ran.after : ran.before } ?? ran.after }

        /// Whether the run's end is judged: a probe's always, another run's when it completed (when it
        /// did not, `completes` says so, and the screens are where a cancel leaves them).
        var endJudged: Bool { probe != nil || ran.outcome.result.completed }

        /// The last frame against ``expectedEnd``, by pixels.
        func endsAtRest() -> [String] {
            guard endJudged, let last = ran.frames.last else { return [] }
            return suite.looks(last, like: expectedEnd, ran, plugin: plugin.name, run: run, label: "last-frame").map { [$0] } ?? []
        }

        /// The first node in the last frame that is not in the state at rest, or is a snapshot (pixels miss
        /// an invisible one, and one that looks like what it covers), with where it is.
        func leftover() -> String? {
            guard endJudged, let last = ran.frames.last else { return nil }
            let ids = Set(expectedEnd.nodes.map { "\($0.scene ?? "")/\($0.id)" })
            guard let extra = last.nodes.first(where: { !ids.contains("\($0.scene ?? "")/\($0.id)") || $0.isSnapshot }) else { return nil }
            return "frame \(last.index), node '\(extra.id)' is left in the container, \(extra.isSnapshot ? "a snapshot " : "")at \(Conformance.show(extra.bbox))"
        }

        /// A probe's run: decided the way the probe demands, then at rest with nothing left behind. A
        /// completion after a cancel is left to its own rule.
        func probeEnding() -> [String] {
            guard let probe, ran.outcome.warnings.isEmpty else { return [] }
            let result = ran.outcome.result
            if probe.finishes != result.completed || probe.finishes == result.cancelled {
                return ["the run was \(result.completed ? "finished" : result.cancelled ? "cancelled" : "left undecided") (gesture \"\(probe.gesture)\")"]
            }
            return endsAtRest() + (leftover().map { [$0] } ?? [])
        }
    }

    /// The failures of the rules of `scope` (one of them, `only`, when given) on a run.
    func judge(_ judged: Judged, _ scope: ConformanceRule.Scope, only: String? = nil) -> [Failure] {
        var failures: [Failure] = []
        for rule in ConformanceRule.all where rule.scopes.contains(scope) && (only == nil || rule.id == only) {
            guard let check = rule.check else { continue }
            do {
                failures += try check(judged).map { Failure(check: rule.name, run: judged.run, detail: $0) }
            } catch {
                failures.append(Conformance.failure(Failure(check: rule.name, run: judged.run, detail: "\(error)".firstLine), error))
            }
        }
        return failures
    }

    /// A run that raised an error: the rule it breaks (ctx:complete called twice or never, else running without error).
    static func errorFailure(_ error: Error, run: String) -> Failure {
        let text = "\(error)"
        let rule = text.contains("called twice") || text.contains("never called") ? "complete-once" : "runs-without-error"
        return Conformance.failure(Failure(check: ConformanceRule.named(rule).name, run: run, detail: text.firstLine), error)
    }

    /// One operation at one rate, judged by every rule of the runs.
    func checkRun(_ url: URL, _ op: TransitionOperation, _ fps: Int, reduced: Bool, name: String, motion: MotionRecord? = nil) -> [Failure] {
        let plugin: Plugin
        do { plugin = try Plugin(url: url, limits: limits, printSink: { _ in }) } catch {
            return [Failure(check: ConformanceRule.named("loads").name, run: name, detail: "\(error)".firstLine)]
        }
        let request = request(op, fps, reduced: reduced)
        do {
            let ran = try run(plugin, request)
            if !reduced { motion?.add(MotionFigures.of(ran.frames, size: ran.outcome.info.size, run: name)) }
            return judge(Judged(suite: self, plugin: plugin, request: request, run: name, ran: ran), .run)
        } catch { return [Conformance.errorFailure(error, run: name)] }
    }

    /// A pop right after a push, in the same plugin state.
    func checkRoundTrip(_ url: URL, _ fps: Int, name: String) -> [Failure] {
        do {
            let plugin = try Plugin(url: url, limits: limits, printSink: { _ in })
            _ = try run(plugin, request(.push, fps, reduced: options.reducedMotion))
            let pop = request(.pop, fps, reduced: options.reducedMotion)
            return judge(Judged(suite: self, plugin: plugin, request: pop, run: name, ran: try run(plugin, pop)), .roundTrip)
        } catch { return [Conformance.errorFailure(error, run: name)] }
    }

    /// An interactive pop or dismiss (`op`) whose gesture any rule decides one way, judged by the
    /// probe's rule and the cancel rule.
    func checkProbe(_ url: URL, _ probe: InteractionProbe, _ op: TransitionOperation, _ fps: Int, name: String) -> [Failure] {
        do {
            let plugin = try Plugin(url: url, limits: limits, printSink: { _ in })
            let back = request(op, fps, reduced: options.reducedMotion, gesture: probe.gesture)
            let judged = Judged(suite: self, plugin: plugin, request: back, run: name, ran: try run(plugin, back), probe: probe)
            return judge(judged, .probe, only: "no-complete-after-cancel") + judge(judged, .probe, only: probe.rule)
                + judge(judged, .probe, only: "continuity")
        } catch { return [Conformance.errorFailure(error, run: name)] }
    }

    /// `complete-once`: how often the run called ctx:complete.
    static func completeOnce(_ j: Judged) -> [String] {
        let completes = j.ran.outcome.calls.filter { $0.call.hasPrefix("complete(") }.count
        return completes == 1 ? [] : ["called \(completes) times"]
    }

    /// `lasts-duration`: the run's end against duration().
    static func lastsDuration(_ j: Judged) -> [String] {
        let outcome = j.ran.outcome
        guard abs(outcome.result.endTime - outcome.info.duration) > 1.0 / Double(j.request.fps) + 1e-9 else { return [] }
        return ["duration() is \(formatNumber(outcome.info.duration)) s, the run ended at \(formatNumber(outcome.result.endTime)) s"]
    }

    /// `no-jump-at-start`: frame 0 against the source at rest, by pixels.
    static func noJumpAtStart(_ j: Judged) -> [String] {
        guard let first = j.ran.frames.first else { return [] }
        return j.suite.looks(first, like: j.ran.before, j.ran, plugin: j.plugin.name, run: j.run, label: "first-frame").map { [$0] } ?? []
    }

    /// `deterministic`: a second run of the same request, frame by frame. A run with a NaN is left to
    /// `no-nan` (a NaN never equals itself, so such runs would always differ).
    static func deterministic(_ j: Judged) throws -> [String] {
        guard Conformance.nonFinite(j.ran.frames) == nil else { return [] }
        let again: [FrameSample]
        do { again = try j.suite.run(j.plugin, j.request).frames } catch { throw SecondRunFailed(error: error) }
        let frames = j.ran.frames
        let pairs = Array(zip(frames, again))
        guard let i = pairs.firstIndex(where: { !Conformance.same($0.0, $0.1) }) ?? (frames.count != again.count ? pairs.count : nil) else { return [] }
        return ["they differ from frame \(i)"]
    }

    /// The second run of the determinism check failed.
    struct SecondRunFailed: Error, CustomStringConvertible {
        let error: Error
        var description: String { "the second run failed: " + "\(error)".firstLine }
    }

    /// Nil when `frame` looks like `expected`; otherwise the share of pixels that differ, where, the nodes
    /// drawn there, and the images (written under the artifacts folder when one is set, named by `label`).
    func looks(_ frame: FrameSample, like expected: FrameSample, _ ran: Ran, plugin: String, run: String, label: String) -> String? {
        let difference: PixelComparison.Difference
        do {
            guard let d = try ran.pixels.compare(frame, expected) else { return nil }
            difference = d
        } catch { return "frame \(frame.index) cannot be drawn: \(error)" }
        let nodes = PixelComparison.nodes(in: difference.region, shown: frame, expected: expected)
        var text = "frame \(frame.index): \(difference.percent) of the pixels differ, in \(Conformance.show(difference.region))"
        if !nodes.isEmpty { text += ", where \(nodes.joined(separator: ", ")) \(nodes.count == 1 ? "is" : "are") drawn" }
        if let cause = PixelComparison.likelyCause(in: difference.region, shown: frame, expected: expected) { text += "; likely: " + cause }
        if let folder = options.artifacts {
            do { text += "; images: " + (try Artifacts(folder: folder).write(difference, plugin: plugin, run: run, label: label)) } catch {
                text += "; the images could not be written: \(error)"
            }
        }
        return text
    }

    static func show(_ r: Rect) -> String { "[\([r.x, r.y, r.width, r.height].map { formatNumber($0.rounded()) }.joined(separator: ", "))]" }

    /// The first frame and node with a number that is not finite in any of its timeline fields.
    static func nonFinite(_ frames: [FrameSample]) -> (Int, String)? {
        for f in frames {
            for n in f.nodes where n.timelineFields.contains(where: { $0.value.numbers.contains { !$0.isFinite } }) {
                return (f.index, n.id)
            }
        }
        return nil
    }

    static func same(_ a: FrameSample, _ b: FrameSample) -> Bool {
        a.time == b.time && a.nodes.count == b.nodes.count
            && zip(a.nodes, b.nodes).allSatisfy {
                $0.id == $1.id && $0.bbox == $1.bbox && $0.opacity == $1.opacity && $0.properties == $1.properties
            }
    }
}

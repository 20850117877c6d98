import Foundation
import AnimhostCore
import AnimhostLua

/// The runs of the suite and the checks on each.
extension Conformance {
    static let noJump = "no jump at t = 0"
    static let atRest = "ends at the destination's resting state"

    /// One operation at one rate: the protocol, the first and last frames, NaN, the duration, determinism,
    /// and with reduced motion the motion limits.
    func checkRun(_ url: URL, _ op: TransitionOperation, _ fps: Int, reduced: Bool, name: String) -> [Failure] {
        func fail(_ check: String, _ detail: String) -> Failure { Failure(check: check, run: name, detail: detail) }
        let plugin: Plugin
        do { plugin = try Plugin(url: url, limits: limits, printSink: { _ in }) } catch { return [fail("loads", "\(error)".firstLine)] }
        let first: Ran
        do { first = try run(plugin, request(op, fps, reduced: reduced)) } catch {
            return [Conformance.failure(fail(Conformance.check(for: error), "\(error)".firstLine), error)]
        }
        let outcome = first.outcome, frames = first.frames
        var failures = outcome.warnings.map { fail("no ctx:complete(true) after a cancel", $0) }
        let completes = outcome.calls.filter { $0.call.hasPrefix("complete(") }.count
        if completes != 1 { failures.append(fail("ctx:complete exactly once", "called \(completes) times")) }
        if !outcome.result.completed { failures.append(fail("completes", "ctx:complete(false) without a gesture")) }
        if abs(outcome.result.endTime - outcome.info.duration) > 1.0 / Double(fps) + 1e-9 {
            failures.append(fail("lasts duration() within one frame", "duration() is \(formatNumber(outcome.info.duration)) s, the run ended at \(formatNumber(outcome.result.endTime)) s"))
        }
        if let f = frames.first, let d = looks(f, like: first.before, first, plugin: plugin.name, run: name, label: "first-frame") {
            failures.append(fail(Conformance.noJump, d))
        }
        failures += ending(first, expected: first.after, plugin: plugin.name, run: name, label: "last-frame").map { fail($0.0, $0.1) }
        if let (index, id) = Conformance.nonFinite(frames) { failures.append(fail("no NaN", "frame \(index), node '\(id)'")) }
        if reduced, let d = MotionLimit.exceeded(frames, size: outcome.info.size) { failures.append(fail(MotionLimit.check, d)) }
        do {
            let again = try run(plugin, request(op, fps, reduced: reduced)).frames
            let pairs = Array(zip(frames, again))
            if let i = pairs.firstIndex(where: { !Conformance.same($0.0, $0.1) }) ?? (frames.count != again.count ? pairs.count : nil) {
                failures.append(fail("two runs are identical", "they differ from frame \(i)"))
            }
        } catch { failures.append(Conformance.failure(fail("two runs are identical", "the second run failed: " + "\(error)".firstLine), error)) }
        return failures
    }

    /// A pop right after a push, in the same plugin state, ends where the push started.
    func checkRoundTrip(_ url: URL, _ fps: Int, name: String) -> [Failure] {
        let check = "a pop after a push returns to the start"
        do {
            let plugin = try Plugin(url: url, limits: limits, printSink: { _ in })
            _ = try run(plugin, request(.push, fps, reduced: options.reducedMotion))
            let back = try run(plugin, request(.pop, fps, reduced: options.reducedMotion))
            return ending(back, expected: back.after, plugin: plugin.name, run: name, label: "last-frame").map { Failure(check: check, run: name, detail: $0.1) }
        } catch { return [Conformance.failure(Failure(check: check, run: name, detail: "\(error)".firstLine), error)] }
    }

    /// An interactive pop whose gesture any rule decides one way: it must end that way, at rest.
    func checkProbe(_ url: URL, _ probe: InteractionProbe, _ fps: Int, name: String) -> [Failure] {
        func fail(_ detail: String) -> Failure { Failure(check: probe.check, run: name, detail: detail) }
        do {
            let plugin = try Plugin(url: url, limits: limits, printSink: { _ in })
            let ran = try run(plugin, request(.pop, fps, reduced: options.reducedMotion, gesture: probe.gesture))
            let result = ran.outcome.result
            if let warning = ran.outcome.warnings.first { return [fail(warning)] }
            if probe.finishes != result.completed || probe.finishes == result.cancelled {
                return [fail("the run was \(result.completed ? "finished" : result.cancelled ? "cancelled" : "left undecided") (gesture \"\(probe.gesture)\")")]
            }
            return ending(ran, expected: probe.finishes ? ran.after : ran.before, plugin: plugin.name, run: name, label: "last-frame").map { fail($0.1) }
        } catch { return [Conformance.failure(fail("\(error)".firstLine), error)] }
    }

    /// The checks on a run's last frame: it looks like `expected`, and holds no node the plugin added
    /// (pixels miss an invisible one) nor a snapshot. Each as (check, detail); `label` names the images.
    func ending(_ ran: Ran, expected: FrameSample, plugin: String, run: String, label: String) -> [(String, String)] {
        guard let last = ran.frames.last else { return [] }
        var out: [(String, String)] = []
        if let d = looks(last, like: expected, ran, plugin: plugin, run: run, label: label) { out.append((Conformance.atRest, d)) }
        let ids = Set(expected.nodes.map { "\($0.scene ?? "")/\($0.id)" })
        if let extra = last.nodes.first(where: { !ids.contains("\($0.scene ?? "")/\($0.id)") || $0.isSnapshot }) {
            out.append(("leaves nothing behind", "frame \(last.index), node '\(extra.id)' is left in the container"))
        }
        return out
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

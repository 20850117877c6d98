import Foundation
import AnimhostCore

/// One rule of `animhost check`, declared once: its id (in JSON, JUnit and the fixture's file name),
/// its name (in every failure line), the sentence `check --help` and docs/testing.md give, the runs
/// it judges and how. A new rule is a new row of ``all``.
public struct ConformanceRule: Sendable {
    /// The runs a rule judges.
    public enum Scope: String, Sendable {
        /// Loading the plugin and taking the `--param` values, once before any run.
        case plugin
        /// Every operation at every rate (and with reduced motion).
        case run
        /// The pop that follows a push in one plugin state.
        case roundTrip
        /// The interactive pops (``InteractionProbe``).
        case probe
    }

    /// Short and stable, in kebab case: `no-jump-at-start`.
    public let id: String
    /// The words a failure line gives: `no jump at t = 0`.
    public let name: String
    /// What the rule asks of a plugin, in a sentence.
    public let sentence: String
    /// The runs it judges.
    public let scopes: Set<Scope>
    /// The failures a run shows, one detail each (`frame 12, node 'badge' …`); an error a check throws
    /// fails the rule with the error's first line. Nil for the rules the suite itself applies by running
    /// (loading, taking the params, running without error).
    let check: (@Sendable (Conformance.Judged) throws -> [String])?

    /// The rules as `check --help` and docs/testing.md list them: `id: sentence`, one a line.
    public static var listed: String { all.map { "\($0.id): \($0.sentence)" }.joined(separator: "\n") }

    /// The rule with `id`; a programming error when none has it.
    static func named(_ id: String) -> ConformanceRule {
        guard let rule = all.first(where: { $0.id == id }) else { preconditionFailure("no rule '\(id)'") }
        return rule
    }
}

extension ConformanceRule {
    /// Every rule, in the order failures are listed.
    public static let all: [ConformanceRule] = [
        ConformanceRule(
            id: "loads", name: "loads", sentence: "The plugin loads: it parses, runs and returns a table with animate.",
            scopes: [.plugin], check: nil),
        ConformanceRule(
            id: "takes-the-params", name: "takes the params", sentence: "The plugin takes every --param value given.",
            scopes: [.plugin], check: nil),
        ConformanceRule(
            id: "runs-without-error", name: "runs without error", sentence: "No run raises an error or goes past the time limit.",
            scopes: [.run, .roundTrip, .probe], check: nil),
        ConformanceRule(
            id: "no-complete-after-cancel", name: "no ctx:complete(true) after a cancel",
            sentence: "A cancelled transition is never completed with ctx:complete(true).",
            scopes: [.run, .probe], check: { $0.ran.outcome.warnings }),
        ConformanceRule(
            id: "complete-once", name: "ctx:complete exactly once", sentence: "Each run calls ctx:complete exactly once.",
            scopes: [.run], check: Conformance.completeOnce),
        ConformanceRule(
            id: "completes", name: "completes", sentence: "A run without a gesture completes: ctx:complete(true).",
            scopes: [.run], check: { $0.ran.outcome.result.completed ? [] : ["ctx:complete(false) without a gesture"] }),
        ConformanceRule(
            id: "lasts-duration", name: "lasts duration() within one frame",
            sentence: "The run ends within one frame of what duration() said.", scopes: [.run], check: Conformance.lastsDuration),
        ConformanceRule(
            id: "no-jump-at-start", name: "no jump at t = 0",
            sentence: "Frame 0 looks like the source at rest (with the screen beneath for the dismissal of an overlay).",
            scopes: [.run], check: Conformance.noJumpAtStart),
        ConformanceRule(
            id: "ends-at-rest", name: "ends at the destination's resting state",
            sentence: "The last frame looks like the destination at rest (with the screen beneath for an overlay).",
            scopes: [.run], check: { $0.endsAtRest() }),
        ConformanceRule(
            id: "leaves-nothing-behind", name: "leaves nothing behind",
            sentence: "Nothing the plugin added is left in the container at the end, not even an invisible node, and no snapshot.",
            scopes: [.run], check: { $0.leftover().map { [$0] } ?? [] }),
        ConformanceRule(
            id: "no-nan", name: "no NaN", sentence: "No property of any node is ever NaN or infinite.",
            scopes: [.run], check: { Conformance.nonFinite($0.ran.frames).map { ["frame \($0.0), node '\($0.1)'"] } ?? [] }),
        ConformanceRule(
            id: "reduced-motion", name: "reduced motion moves no node more than 1/8 of the screen and scales none by more than 10 %",
            sentence:
                "With reduced motion, no node moves more than 1/8 of the screen's width or height, or grows or shrinks by more than 10 %, from where it is first visible (WCAG 2.3.3's intent).",
            scopes: [.run], check: { $0.reduced ? MotionLimit.exceeded($0.ran.frames, size: $0.ran.outcome.info.size).map { [$0] } ?? [] : [] }),
        ConformanceRule(
            id: "deterministic", name: "two runs are identical", sentence: "Two runs of the same state give the same frames.",
            scopes: [.run], check: Conformance.deterministic),
        ConformanceRule(
            id: "round-trip", name: "a pop after a push returns to the start",
            sentence: "A pop right after a push, in the same plugin state, ends looking like the start, with nothing left behind.",
            scopes: [.roundTrip], check: { $0.endsAtRest() + ($0.leftover().map { [$0] } ?? []) }),
        ConformanceRule(
            id: "slow-release-cancels", name: "an interactive pop or dismiss released slowly near its start cancels back to the source",
            sentence:
                "An interactive pop (a dismiss, for a plugin with a presentation) released slowly at 10 % of the way (or half the declared finishProgress) cancels and ends looking like the source.",
            scopes: [.probe], check: { $0.probeEnding() }),
        ConformanceRule(
            id: "fling-finishes", name: "an interactive pop or dismiss flung or released past its rule finishes at the destination",
            sentence: "An interactive pop (or dismiss) flung (or released slowly past the declared finishProgress) finishes and ends looking like the destination.",
            scopes: [.probe], check: { $0.probeEnding() }),
        ConformanceRule(
            id: "cancelled-gesture-cancels", name: "an interactive pop or dismiss whose gesture the system cancels cancels back to the source",
            sentence: "With cancelledGesture = \"cancel\" declared, a pop (or dismiss) whose gesture the system cancels at 90 % cancels.",
            scopes: [.probe], check: { $0.probeEnding() }),
        ConformanceRule(
            id: "no-flashes", name: "no more than three flashes in any second (WCAG 2.3.1)",
            sentence:
                "No area of 25 % of a 10° field (a third of the screen's width by a third of its height) flashes more than three times in any one second, in general or red flashes, at the run's rate (WCAG 2.3.1).",
            scopes: [.run], check: Conformance.noFlashes),
        ConformanceRule(
            id: "continuity", name: "no region jumps: changes abruptly and back, or abruptly once",
            sentence:
                "No region of the screen changes abruptly and back within 10 frames (a blink, a pop, a one-frame swap of order), or abruptly once and for good (a flight landing on another look), more than the motion there explains (judged at 60 fps and in the interactive pops or dismissals).",
            scopes: [.run, .probe], check: { try $0.flashes() })
    ]
}

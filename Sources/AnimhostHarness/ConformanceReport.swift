import AnimhostCore

/// The verdicts of `animhost check` as text, JSON or JUnit XML.
public enum ConformanceReport {
    /// A plugin's name and its verdict.
    public typealias Entry = (plugin: String, verdict: Conformance.Verdict)

    /// One line per plugin that conforms, a line per failure otherwise; a plugin on the built-in scenes says so first, and
    /// one whose runs move or zoom a large area says how much last (WCAG 2.3.3, for information).
    public static func text(_ entries: [Entry]) -> String {
        var lines: [String] = []
        for (plugin, v) in entries {
            if let note = v.note { lines.append(note) }
            defer { if let motion = v.motion, motion.isLarge { lines.append("  " + motion.summary) } }
            if v.failures.isEmpty {
                lines.append("✓ \(plugin): conforms (\(v.runs) runs)")
            } else if v.didNotLoad {
                let failure = v.failures[0]
                lines.append("✗ \(plugin): \(failure.run == "load" ? "does not load" : "no run: --param"): \(failure.detail)")
            } else {
                lines.append("✗ \(plugin):")
                lines += v.failures.map { "  \($0)" }
                if v.failures.contains(where: \.timedOut) { lines.append("  (stopped after the first timeout: the other runs would wait as long)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `N conform, N fail`.
    public static func summary(_ entries: [Entry]) -> String {
        let failed = entries.filter { !$0.verdict.failures.isEmpty }.count
        return "\(entries.count - failed) conform, \(failed) fail"
    }

    /// `{ "conform", "fail", "plugins": [ { "plugin", "runs", "note", "motion": { "movingShare", "travel", "zoom", "run" }, "failures": [ { "run", "rule", "check", "detail" } ] } ] }`.
    public static func json(_ entries: [Entry]) -> String {
        let q = JSONString.literal
        let failed = entries.filter { !$0.verdict.failures.isEmpty }.count
        let plugins = entries.map { plugin, v -> String in
            let failures = v.failures.map { "{\"run\": \(q($0.run)), \"rule\": \(q($0.rule)), \"check\": \(q($0.check)), \"detail\": \(q($0.detail))}" }
            return "{\"plugin\": \(q(plugin)), \"runs\": \(v.runs), \"note\": \(v.note.map(q) ?? "null"), \"motion\": \(v.motion?.json ?? "null"), \"failures\": [\(failures.joined(separator: ", "))]}"
        }
        return "{\"conform\": \(entries.count - failed), \"fail\": \(failed), \"plugins\": [\(plugins.joined(separator: ", "))]}"
    }

    /// One test suite per plugin, one test case per run, a failure's `type` the ids of the rules broken (a plugin that does not load: one case, `load`;
    /// one refusing the `--param` values: one case, `params`).
    public static func junit(_ entries: [Entry]) -> String {
        let x = ReportText.xml
        let cases = entries.map { max($0.verdict.runs, 1) }.reduce(0, +)
        let failing = entries.map { e in failingRuns(e.verdict).count }.reduce(0, +)
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<testsuites tests=\"\(cases)\" failures=\"\(failing)\">"]
        for (plugin, v) in entries {
            let names = v.didNotLoad ? [v.failures[0].run] : v.runNames
            xml.append("  <testsuite name=\"\(x(plugin))\" tests=\"\(names.count)\" failures=\"\(failingRuns(v).count)\">")
            for run in names {
                let open = "    <testcase name=\"\(x(run))\" classname=\"\(x(plugin))\""
                let failures = v.failures.filter { $0.run == run }
                if failures.isEmpty { xml.append(open + "/>"); continue }
                let message = failures.map { "\($0.check): \($0.detail)" }.joined(separator: "\n")
                let rules = failures.map(\.rule).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                xml.append(open + "><failure type=\"\(x(rules.joined(separator: " ")))\" message=\"\(x(message))\"/></testcase>")
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n")
    }

    private static func failingRuns(_ v: Conformance.Verdict) -> Set<String> { Set(v.failures.map(\.run)) }
}

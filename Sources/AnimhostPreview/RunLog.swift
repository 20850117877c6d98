import AnimhostCore
import AnimhostLua

/// What one preview run says besides its frames: the lines the plugin's `print()` wrote, and the
/// params set from the page that the plugin no longer declares (left out of the run).
final class RunLog: @unchecked Sendable {  // used by one run, on its queue
    /// How many lines a run keeps: the page shows the first ones, and says how many more there were.
    static let maxLines = 200
    private var lines: [String] = []
    private var more = 0

    /// Keeps `line`, a `print()` of the plugin's, while fewer than ``maxLines`` are kept.
    func append(_ line: String) {
        if lines.count < Self.maxLines { lines.append(line) } else { more += 1 }
    }

    /// The lines kept, with a last one counting those left out (`budget`: those `print` itself left out past
    /// its byte budget, which never reached the log); nil when there were none.
    func output(leftOutByBudget budget: Int = 0) -> [String]? {
        guard !lines.isEmpty else { return nil }
        return more + budget == 0 ? lines : lines + ["… \(more + budget) more lines left out"]
    }

    /// The request of `settings` without the params set from the page that `declared` lacks, each
    /// noted: a param renamed in the plugin after the page set it must not fail every run.
    func request(_ settings: PreviewSettings, declared: [(name: String, value: ParamValue)]) -> TransitionRequest {
        let names = Set(declared.map(\.name))
        var request = settings.request
        for name in settings.pageParams.sorted() where !names.contains(name) {
            request.params[name] = nil
            append("[preview] param '\(name)' set from the page is not declared by the plugin: left out (post it empty to clear it)")
        }
        return request
    }
}

/// How much `print` may write in one run: ``limit`` bytes in all, then lines are counted instead of
/// written, and the state says once, as it closes, how much it left out. A plugin printing in a loop
/// would otherwise fill the terminal or a log with gigabytes.
struct PrintBudget {
    /// Bytes of `print` output a run may write (its lines and their line ends), 1 MiB.
    static let limit = 1 << 20

    private(set) var written = 0
    private(set) var droppedBytes = 0
    private(set) var droppedLines = 0

    /// Whether a line of `bytes` bytes (without its line end) may still be written; counts it either way.
    mutating func admit(_ bytes: Int) -> Bool {
        guard droppedLines == 0, written + bytes + 1 <= PrintBudget.limit else {
            droppedLines += 1
            droppedBytes += bytes + 1
            return false
        }
        written += bytes + 1
        return true
    }

    /// The line that says what was left out, nil when nothing was.
    var summary: String? {
        guard droppedLines > 0 else { return nil }
        return "print output passed its limit of 1 MiB a run: \(droppedLines) more lines (\(droppedBytes) bytes) left out"
    }
}

/// A number as a person would write it: no trailing `.0`.
public func formatNumber(_ n: Double) -> String {
    if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
    return String(n)
}

extension Int {
    /// The (positive) number with thousands separated by commas, as the docs write limits.
    public var grouped: String {
        let digits = Array(String(self))
        return String(digits.enumerated().flatMap { i, c in i > 0 && (digits.count - i) % 3 == 0 ? [",", c] : [c] })
    }
}

/// A number as a person would write it: no trailing `.0`.
public func formatNumber(_ n: Double) -> String {
    if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
    return String(n)
}

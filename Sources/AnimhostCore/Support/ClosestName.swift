/// The candidate nearest to `name` by edit distance, when near enough to be a likely typo.
public func closestName(to name: String, among candidates: [String]) -> String? {
    // A match lies within a third of the name's length, so a name three times longer than every
    // candidate (a plugin's megabyte of text) has none: refused before the quadratic distance.
    let longest = candidates.map(\.count).max() ?? 0
    guard name.utf8.count <= 3 * longest + 6 else { return nil }
    let target = Array(name.lowercased())
    var best: (String, Int)? = nil
    for candidate in candidates {
        let d = editDistance(target, Array(candidate.lowercased()))
        if best == nil || d < best!.1 { best = (candidate, d) }
    }
    guard let (winner, distance) = best, distance <= max(2, target.count / 3) else { return nil }
    return winner
}

/// Levenshtein distance between two character arrays.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, cb) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

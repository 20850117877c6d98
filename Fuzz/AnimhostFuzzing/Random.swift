/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so every
/// finding can be replayed.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) < p * 1_000_000 }

    /// A number that exercises edges: zero, negatives, fractions, huge, tiny.
    public mutating func number() -> Double {
        switch next() % 8 {
        case 0: return 0
        case 1: return -Double(next() % 1000)
        case 2: return Double(next() % 1_000_000) / 1000
        case 3: return pick([1e300, -1e300, 1e-300, 5e-324, Double(Int64.max), 0.5, 1, 2])
        default: return Double(next() % 1000)
        }
    }
}

/// Where a generator's choices come from: a seeded sequence, or the bytes a coverage-guided
/// fuzzer mutates.
public protocol FuzzEntropy {
    /// The next choice, as 64 bits.
    mutating func next() -> UInt64
}

extension FuzzEntropy {
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
        case 3: return pick([1e300, -1e300, 1e-300, Double.leastNonzeroMagnitude, Double(Int64.max), 0.5, 1, 2])
        default: return Double(next() % 1000)
        }
    }
}

/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so every
/// finding can be replayed.
public struct SeededRandom: RandomNumberGenerator, FuzzEntropy {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    /// SplitMix64's output function: spreads any 64-bit value over the whole range.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Choices read from a fuzzer's input, one byte each, so that mutating a byte changes one choice.
/// Past the end every choice is 0: the first option, the shortest statement.
public struct FuzzedBytes: FuzzEntropy {
    private let bytes: [UInt8]
    private var position = 0

    /// Choices read from `bytes`, in order.
    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 { self.bytes = Array(bytes) }

    public mutating func next() -> UInt64 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return SeededRandom.mix(UInt64(bytes[position]) &+ 0x9E37_79B9_7F4A_7C15)
    }
}

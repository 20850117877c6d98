import Foundation

/// CSS `steps(n, position)`: progress that jumps in `count` equal steps.
public struct Steps: Hashable, Sendable {
    /// Where the jumps fall, with CSS's names (`start` = `jump-start`, `end` = `jump-end`).
    public enum Position: String, Sendable, CaseIterable {
        case jumpStart = "jump-start", jumpEnd = "jump-end", jumpNone = "jump-none", jumpBoth = "jump-both"
        case start, end
    }
    public let count: Int
    public let position: Position

    public init(_ count: Int, _ position: Position = .end) { self.count = count; self.position = position }

    /// Progress at normalised time `x`, following the CSS Easing step algorithm.
    public func value(at x: Double) -> Double {
        var step = floor(x * Double(count))
        if position == .jumpStart || position == .start || position == .jumpBoth { step += 1 }
        if x >= 0 && step < 0 { step = 0 }
        var jumps = Double(count)
        if position == .jumpNone { jumps -= 1 }
        if position == .jumpBoth { jumps += 1 }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }
}

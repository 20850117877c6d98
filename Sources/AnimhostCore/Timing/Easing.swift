import Foundation

/// A timing curve: maps normalised time x ∈ [0, 1] to progress.
///
/// Parsed from the specs that docs/timing.md lists under "Curves": `linear`, Core Animation's named
/// curves, Material's curves, `cubic-bezier(…)`, `steps(…)`, CSS's `linear(…)` and Penner's names.
public enum Easing: Hashable, Sendable {
    case linear
    case cubicBezier(CubicBezier)
    case steps(Steps)
    case penner(Penner)
    case piecewiseLinear(LinearEasing)

    /// Core Animation's `easeIn` (0.42, 0, 1, 1).
    public static let easeIn = Easing.cubicBezier(CubicBezier(0.42, 0, 1, 1))
    /// Core Animation's `easeOut` (0, 0, 0.58, 1).
    public static let easeOut = Easing.cubicBezier(CubicBezier(0, 0, 0.58, 1))
    /// Core Animation's `easeInEaseOut` (0.42, 0, 0.58, 1), UIKit's default curve.
    public static let easeInOut = Easing.cubicBezier(CubicBezier(0.42, 0, 0.58, 1))
    /// Core Animation's `default` (0.25, 0.1, 0.25, 1).
    public static let `default` = Easing.cubicBezier(CubicBezier(0.25, 0.1, 0.25, 1))
    /// Material's standard curve (0.4, 0, 0.2, 1): on-screen motion.
    public static let standard = Easing.cubicBezier(CubicBezier(0.4, 0, 0.2, 1))
    /// Material's deceleration curve (0, 0, 0.2, 1): motion entering the screen.
    public static let deceleration = Easing.cubicBezier(CubicBezier(0, 0, 0.2, 1))
    /// Material's acceleration curve (0.4, 0, 1, 1): motion leaving the screen.
    public static let acceleration = Easing.cubicBezier(CubicBezier(0.4, 0, 1, 1))

    /// Progress at normalised time `x`.
    @inline(__always)
    public func value(at x: Double) -> Double {
        switch self {
        case .linear: return x
        case .cubicBezier(let c): return c.value(at: x)
        case .steps(let s): return s.value(at: x)
        case .penner(let p): return p.value(at: x)
        case .piecewiseLinear(let l): return l.value(at: x)
        }
    }

    /// The named curves a spec may use besides the functional forms.
    public static var names: [String] {
        ["linear", "easeIn", "easeOut", "easeInOut", "default", "standard", "deceleration", "acceleration"] + Penner.allCases.map(\.rawValue)
    }

    /// Parses an easing spec; the error says what was expected.
    public init(spec raw: String) throws {
        let spec = raw.trimmingCharacters(in: .whitespaces)
        switch spec {
        case "linear": self = .linear; return
        case "easeIn": self = .easeIn; return
        case "easeOut": self = .easeOut; return
        case "easeInOut": self = .easeInOut; return
        case "default": self = .default; return
        case "standard": self = .standard; return
        case "deceleration": self = .deceleration; return
        case "acceleration": self = .acceleration; return
        default: break
        }
        if let p = Penner(rawValue: spec) { self = .penner(p); return }
        if let args = Easing.arguments(of: spec, function: "cubic-bezier") {
            let numbers = args.compactMap { Double($0) }
            guard numbers.count == 4, args.count == 4, numbers.allSatisfy(\.isFinite) else {
                throw EasingError("cubic-bezier needs four numbers, as in cubic-bezier(0.25, 0.1, 0.25, 1); got '\(raw)'")
            }
            guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
                throw EasingError("cubic-bezier's x1 and x2 must lie in 0…1; got '\(raw)'")
            }
            guard abs(numbers[1]) <= Bounds.controlPoint, abs(numbers[3]) <= Bounds.controlPoint else {
                throw EasingError("cubic-bezier's y1 and y2 must lie in -1000…1000; got '\(raw)'")
            }
            self = .cubicBezier(CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])); return
        }
        if let args = Easing.arguments(of: spec, function: "steps") {
            guard (1...2).contains(args.count), let n = Int(args[0]) else {
                throw EasingError("steps needs a whole number of steps, as in steps(4, jump-end); got '\(raw)'")
            }
            var position = Steps.Position.end
            if args.count == 2 {
                guard let p = Steps.Position(rawValue: args[1]) else {
                    let names = Steps.Position.allCases.map(\.rawValue).joined(separator: ", ")
                    throw EasingError("unknown step position '\(args[1])' (expected one of \(names))")
                }
                position = p
            }
            guard n >= (position == .jumpNone ? 2 : 1) else {
                throw EasingError("steps(\(n), \(position.rawValue)) needs at least \(position == .jumpNone ? 2 : 1) step(s)")
            }
            self = .steps(Steps(n, position)); return
        }
        if let args = Easing.arguments(of: spec, function: "linear") {
            self = .piecewiseLinear(try LinearEasing.parse(args, spec: raw)); return
        }
        let suggestion = closestName(to: spec, among: Easing.names).map { " (did you mean '\($0)'?)" } ?? ""
        throw EasingError(
            "unknown easing '\(raw)'\(suggestion); expected linear, easeIn, easeOut, easeInOut, default, standard, deceleration, acceleration, cubic-bezier(x1,y1,x2,y2), steps(n[, position]), linear(stops…) or a Penner name such as easeOutBack"
        )
    }

    private static func arguments(of spec: String, function: String) -> [String]? {
        guard spec.hasPrefix(function + "("), spec.hasSuffix(")") else { return nil }
        let inner = spec.dropFirst(function.count + 1).dropLast()
        return inner.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// An easing spec that could not be parsed.
public struct EasingError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ message: String) { description = message }
}

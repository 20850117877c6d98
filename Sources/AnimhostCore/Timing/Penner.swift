import Foundation

/// Robert Penner's easing equations, in the forms published on easings.net.
public enum Penner: String, Sendable, CaseIterable {
    case easeInSine, easeOutSine, easeInOutSine
    case easeInQuad, easeOutQuad, easeInOutQuad
    case easeInCubic, easeOutCubic, easeInOutCubic
    case easeInQuart, easeOutQuart, easeInOutQuart
    case easeInQuint, easeOutQuint, easeInOutQuint
    case easeInExpo, easeOutExpo, easeInOutExpo
    case easeInCirc, easeOutCirc, easeInOutCirc
    case easeInBack, easeOutBack, easeInOutBack
    case easeInElastic, easeOutElastic, easeInOutElastic
    case easeInBounce, easeOutBounce, easeInOutBounce

    private static let c1 = 1.70158
    private static let c2 = c1 * 1.525
    private static let c3 = c1 + 1
    private static let c4 = 2 * Double.pi / 3
    private static let c5 = 2 * Double.pi / 4.5

    /// Progress at normalised time `x`; outside 0…1 the curve holds its end values (the published
    /// forms are defined on 0…1 only, and some have no value outside it).
    public func value(at t: Double) -> Double {
        let x = min(max(t, 0), 1)
        let c1 = Penner.c1, c2 = Penner.c2, c3 = Penner.c3, c4 = Penner.c4, c5 = Penner.c5
        switch self {
        case .easeInSine: return 1 - cos(x * .pi / 2)
        case .easeOutSine: return sin(x * .pi / 2)
        case .easeInOutSine: return -(cos(.pi * x) - 1) / 2
        case .easeInQuad: return x * x
        case .easeOutQuad: return 1 - (1 - x) * (1 - x)
        case .easeInOutQuad: return x < 0.5 ? 2 * x * x : 1 - pow(-2 * x + 2, 2) / 2
        case .easeInCubic: return x * x * x
        case .easeOutCubic: return 1 - pow(1 - x, 3)
        case .easeInOutCubic: return x < 0.5 ? 4 * x * x * x : 1 - pow(-2 * x + 2, 3) / 2
        case .easeInQuart: return pow(x, 4)
        case .easeOutQuart: return 1 - pow(1 - x, 4)
        case .easeInOutQuart: return x < 0.5 ? 8 * pow(x, 4) : 1 - pow(-2 * x + 2, 4) / 2
        case .easeInQuint: return pow(x, 5)
        case .easeOutQuint: return 1 - pow(1 - x, 5)
        case .easeInOutQuint: return x < 0.5 ? 16 * pow(x, 5) : 1 - pow(-2 * x + 2, 5) / 2
        case .easeInExpo: return x == 0 ? 0 : pow(2, 10 * x - 10)
        case .easeOutExpo: return x == 1 ? 1 : 1 - pow(2, -10 * x)
        case .easeInOutExpo:
            if x == 0 || x == 1 { return x }
            return x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2
        case .easeInCirc: return 1 - (1 - pow(x, 2)).squareRoot()
        case .easeOutCirc: return (1 - pow(x - 1, 2)).squareRoot()
        case .easeInOutCirc:
            return x < 0.5
                ? (1 - (1 - pow(2 * x, 2)).squareRoot()) / 2
                : ((1 - pow(-2 * x + 2, 2)).squareRoot() + 1) / 2
        case .easeInBack: return c3 * x * x * x - c1 * x * x
        case .easeOutBack: return 1 + c3 * pow(x - 1, 3) + c1 * pow(x - 1, 2)
        case .easeInOutBack:
            return x < 0.5
                ? (pow(2 * x, 2) * ((c2 + 1) * 2 * x - c2)) / 2
                : (pow(2 * x - 2, 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2
        case .easeInElastic:
            if x == 0 || x == 1 { return x }
            return -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * c4)
        case .easeOutElastic:
            if x == 0 || x == 1 { return x }
            return pow(2, -10 * x) * sin((x * 10 - 0.75) * c4) + 1
        case .easeInOutElastic:
            if x == 0 || x == 1 { return x }
            return x < 0.5
                ? -(pow(2, 20 * x - 10) * sin((20 * x - 11.125) * c5)) / 2
                : (pow(2, -20 * x + 10) * sin((20 * x - 11.125) * c5)) / 2 + 1
        case .easeInBounce: return 1 - Penner.bounceOut(1 - x)
        case .easeOutBounce: return Penner.bounceOut(x)
        case .easeInOutBounce:
            return x < 0.5 ? (1 - Penner.bounceOut(1 - 2 * x)) / 2 : (1 + Penner.bounceOut(2 * x - 1)) / 2
        }
    }

    private static func bounceOut(_ x: Double) -> Double {
        let n1 = 7.5625, d1 = 2.75
        if x < 1 / d1 { return n1 * x * x }
        if x < 2 / d1 { let y = x - 1.5 / d1; return n1 * y * y + 0.75 }
        if x < 2.5 / d1 { let y = x - 2.25 / d1; return n1 * y * y + 0.9375 }
        let y = x - 2.625 / d1
        return n1 * y * y + 0.984375
    }
}

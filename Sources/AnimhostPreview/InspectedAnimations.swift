import Foundation
import AnimhostCore

/// The animations a preview run declared, as the inspector's bars read them from `/state.json`:
/// each one's node (keyed as the page keys the timeline's nodes), property, start, duration, curve or
/// spring, the plugin line that declared it, whether it took over a flight, and how it ended.
struct InspectedAnimations {
    /// The first animations the run declared (at most ``AnimationLog/limit``).
    var kept: [DeclaredAnimation] = []
    /// How many the run declared in all.
    var count = 0

    init() {}

    /// What `log` kept, or nothing.
    init(_ log: AnimationLog?) {
        guard let log else { return }
        kept = log.animations
        count = log.count
    }

    /// The list as `/state.json`'s `animations`.
    var json: [[String: Any]] {
        kept.map { a in
            var object: [String: Any] = [
                "node": "\(a.scene ?? "")/\(a.node)\(a.isSnapshot ? " (snapshot)" : "")", "property": a.property,
                "start": a.begin, "duration": a.duration, "curve": Self.describe(a.timing), "origin": a.origin ?? NSNull(),
                "retargets": a.retargets, "keyframes": a.keyframes, "interactive": a.interactive
            ]
            if let ended = a.ended { object["ended"] = ["t": ended.time, "how": ended.how.rawValue] }
            if let done = a.completed { object["completed"] = ["t": done.time, "finished": done.finished] }
            return object
        }
    }

    /// A curve as the spec a plugin would write for it, a spring by its parameters.
    static func describe(_ timing: AnimationTiming) -> String {
        switch timing {
        case .curve(let easing): return describe(easing)
        case .spring(let s):
            if let duration = s.fixedDuration {
                return "spring(duration \(number(duration)) s, damping ratio \(number(s.dampingRatio)), velocity \(number(s.initialVelocity)))"
            }
            return "spring(mass \(number(s.mass)), stiffness \(number(s.stiffness)), damping \(number(s.damping)), velocity \(number(s.initialVelocity)))"
        }
    }

    private static func describe(_ easing: Easing) -> String {
        let named: [(String, Easing)] = [
            ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut), ("default", .default), ("standard", .standard),
            ("deceleration", .deceleration), ("acceleration", .acceleration)
        ]
        if let name = named.first(where: { $0.1 == easing })?.0 { return name }
        switch easing {
        case .linear: return "linear"
        case .cubicBezier(let b): return "cubic-bezier(\([b.x1, b.y1, b.x2, b.y2].map(number).joined(separator: ", ")))"
        case .steps(let s): return "steps(\(s.count), \(s.position.rawValue))"
        case .penner(let p): return p.rawValue
        case .piecewiseLinear(let l): return "linear(\(l.points.map { "\(number($0.output)) \(number($0.input * 100))%" }.joined(separator: ", ")))"
        }
    }

    private static func number(_ x: Double) -> String { formatNumber((x * 1e4).rounded() / 1e4) }
}

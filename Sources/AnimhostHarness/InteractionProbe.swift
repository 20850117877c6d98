import AnimhostCore
import AnimhostLua

/// An interactive pop driven by a gesture whose outcome every rule agrees on: a slow release near
/// the start cancels, a fling finishes. The gesture follows the plugin's declared `interaction` axis
/// (an edge swipe across the screen by default, a pan along any other axis, over the declared
/// distance when there is one), and its rule moves the probes so that they stay on the right side of
/// it, adding one past its `finishProgress` and, when it says a cancelled gesture cancels
/// (`cancelledGesture = "cancel"`), one the system cancels at 90 %.
struct InteractionProbe {
    /// Part of the run's name: `pop+NAME@60fps`.
    let name: String
    /// The gesture, as `animhost run --gesture` takes it.
    let gesture: String
    /// Whether the pop must finish (else cancel).
    let finishes: Bool

    /// The id of the rule it checks (``ConformanceRule``).
    var rule: String {
        if name == "cancelled-gesture" { return "cancelled-gesture-cancels" }
        return finishes ? "fling-finishes" : "slow-release-cancels"
    }

    /// The host's fling speed: the probe flings at least this fast, and half again the rule's `finishVelocity`.
    static let flingSpeed = GeneratedGesture.flingSpeed
    /// The narrowest screen the fling is timed for (a 320 pt phone): on a wider or taller one it only moves faster.
    static let narrowestWidth = 320.0

    /// The probes for a plugin with `rule` (nil: the host's default rule).
    static func probes(rule: DeclaredInteraction?) -> [InteractionProbe] {
        let finishAt = rule?.finishProgress.flatMap { (0.01...0.99).contains($0) ? $0 : nil }
        let slow = min(0.1, (finishAt ?? 1) / 2)
        let speed = max(flingSpeed, 1.5 * (rule?.finishVelocity ?? 0))
        let flingTo = 0.3
        let way = Way(rule)
        // A fling covers flingTo of the way; its duration sets its speed (0.01 to 10 s, the generator's range).
        let flingDuration = min(10, max(0.01, ((way.travel(flingTo) / speed) * 1000).rounded(.down) / 1000))
        var list = [
            InteractionProbe(name: "slow-release", gesture: way.gesture(slow, "slow"), finishes: false),
            InteractionProbe(name: "fling", gesture: way.gesture(flingTo, "fling", duration: flingDuration), finishes: true)
        ]
        if let finishAt {
            let past = ((finishAt + 1) / 2 * 100).rounded() / 100
            list.append(InteractionProbe(name: "slow-release-past-finishProgress", gesture: way.gesture(past, "slow"), finishes: true))
        }
        if rule?.cancelledGesture == "cancel" {
            list.append(InteractionProbe(name: "cancelled-gesture", gesture: way.gesture(0.9, "cancelled"), finishes: false))
        }
        return list
    }

    /// The generated gesture a plugin's axis asks for: an edge swipe from the left (no axis,
    /// `"horizontal"`, `"right"`), else a pan in the axis's direction (`"vertical"`: down).
    struct Way {
        /// `edge-swipe` or `pan-…`.
        let name: String
        /// The declared distance, in points; nil: fractions of the screen.
        let distance: Double?

        init(_ rule: DeclaredInteraction?) {
            switch rule?.axis {
            case "left": name = "pan-left"
            case "vertical", "down": name = "pan-down"
            case "up": name = "pan-up"
            default: name = "edge-swipe"
            }
            distance = rule?.distance.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }

        /// The points a gesture to `fraction` of the way travels, on the narrowest screen when the
        /// way is a fraction of the screen (an edge swipe starts 2 pt in).
        func travel(_ fraction: Double) -> Double {
            if let distance { return fraction * distance }
            return fraction * InteractionProbe.narrowestWidth - (name == "edge-swipe" ? 2 : 0)
        }

        /// The gesture to `fraction` of the way, released as `release` says.
        func gesture(_ fraction: Double, _ release: String, duration: Double? = nil) -> String {
            var words = [name]
            if let distance {
                words.append("\(name == "pan-down" || name == "pan-up" ? "dy" : "dx")=\(formatNumber((fraction * distance * 1000).rounded() / 1000))")
            } else {
                words.append("to=\(formatNumber(fraction))")
            }
            if let duration { words.append("duration=\(formatNumber(duration))") }
            words.append("release=\(release)")
            return words.joined(separator: " ")
        }
    }
}

/// What `check` demands of a run with reduced motion (WCAG 2.3.3's intent): no node moves more than
/// an eighth of the screen or scales by more than 10 % while it is visible.
enum MotionLimit {
    /// The largest move, as a share of the screen's width or height.
    static let move = 1.0 / 8
    /// The largest change of size, either way.
    static let scale = 0.1

    /// The first node that goes beyond a limit, measured from where it is first visible; nil when none does.
    static func exceeded(_ frames: [FrameSample], size: Size) -> String? {
        var start: [String: Rect] = [:]
        for f in frames {
            for n in f.nodes where !n.properties.hidden && n.opacity > 0.01 {
                let key = "\(n.scene ?? "")/\(n.id)/\(n.isSnapshot)"
                guard let s = start[key] else { start[key] = n.bbox; continue }
                let dx = abs(n.bbox.midX - s.midX), dy = abs(n.bbox.midY - s.midY)
                if dx > move * size.width || dy > move * size.height {
                    return
                        "frame \(f.index), node '\(n.id)' has moved \(formatNumber(max(dx, dy).rounded())) pt (at most \(formatNumber(move * size.width)) across, \(formatNumber(move * size.height)) down)"
                }
                for (now, was) in [(n.bbox.width, s.width), (n.bbox.height, s.height)] where was > 0 {
                    if abs(now / was - 1) > scale + 1e-9 {
                        return "frame \(f.index), node '\(n.id)' is scaled to \(formatNumber((now / was * 100).rounded())) % of its first visible size"
                    }
                }
            }
        }
        return nil
    }
}

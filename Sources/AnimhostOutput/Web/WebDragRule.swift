import AnimhostCore

/// What a web page needs so that pointer drags scrub its transition as `animhost run --gesture` drives
/// it by default (docs/web.md, docs/gestures.md): the plugin's interaction rule, the transition's
/// duration (the scrubbed clock's length), the completion's speed and curve, and which drags the page
/// takes. Written into the page as data (`"drag"`) that `drag.js` reads, so the page needs no library.
public struct WebDragRule: Equatable, Sendable {
    /// Where a drag must begin for the page to take it.
    public enum Begin: String, Sendable {
        /// Anywhere: the plugin has no `interact` of its own, every gesture is percent-driven.
        case any
        /// Within ``GestureTracker/edgeWidth`` of the left edge: the edge swipe the plugin's `interact` was seen to drive.
        case left
        /// Away from both edges: the pan the plugin's `interact` was seen to drive.
        case inside
    }

    /// The plugin's rule: axis, distance, finish progress and velocity, what a cancelled gesture does.
    public var rule: InteractionRule
    /// The transition's declared duration in seconds: progress p shows the animations p · duration in.
    public var duration: Double
    /// How much faster than real time the completion runs (`ctx.completionSpeed`).
    public var completionSpeed: Double
    /// The completion's curve (`ctx.completionCurve`): linear or a cubic Bézier.
    public var completionCurve: Easing
    /// Where a drag must begin.
    public var begin: Begin

    /// A page's drag data for `rule`, a transition of `duration` seconds completed at `completionSpeed` along `completionCurve`.
    public init(rule: InteractionRule, duration: Double, completionSpeed: Double, completionCurve: Easing, begin: Begin) {
        self.rule = rule; self.duration = duration; self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve; self.begin = begin
    }

    /// The curve as a CSS easing, which the page hands to the browser to evaluate; nil for a curve CSS has no name for.
    var cssCurve: String? {
        switch completionCurve {
        case .linear: return "linear"
        case .cubicBezier(let b): return "cubic-bezier(\([b.x1, b.y1, b.x2, b.y2].map(css).joined(separator: ", ")))"
        default: return nil
        }
    }

    /// The fields of the page's drag object, before its tracks; nil when the curve cannot be written.
    /// Every number is finite: the plugin's rule and `ctx.completionSpeed` are checked where they are set.
    var fields: String? {
        guard let curve = cssCurve else { return nil }
        let fields: [(String, String)] = [
            ("duration", "\(duration)"), ("axis", rule.axis.map { json($0.rawValue) } ?? "null"),
            ("distance", rule.distance.map { "\($0)" } ?? "null"), ("finishProgress", "\(rule.finishProgress)"),
            ("finishVelocity", "\(rule.finishVelocity)"), ("cancelledGesture", json(rule.cancelledGesture.rawValue)),
            ("completionSpeed", "\(completionSpeed)"), ("completionCurve", json(curve)), ("begin", json(begin.rawValue)),
            ("edgeWidth", "\(GestureTracker.edgeWidth)"), ("velocityWindow", "\(GestureTracker.velocityWindow)")
        ]
        return fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
    }
}

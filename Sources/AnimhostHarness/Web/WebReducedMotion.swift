import AnimhostCore
import AnimhostOutput

/// The run with reduced motion a web page carries beside the run itself (docs/web.md): made first,
/// with the same request but `ctx.reducedMotion` set, when the run writes a web page and neither asks
/// for reduced motion already nor for a single instant.
public enum WebReducedMotion {
    /// Runs `request` with reduced motion into the web encoder among `sinks`, if any (its frames in
    /// reverse order when `reverse`), in the session `session` makes; when that run fails, leaves the
    /// page without it and returns the warning that says why.
    public static func run(_ session: () throws -> TransitionSession, _ request: TransitionRequest, sinks: [FrameSink], reverse: Bool) -> String? {
        guard let web = sinks.lazy.compactMap({ $0 as? WebEncoder }).first, !request.reducedMotion, request.only == nil else { return nil }
        var reduced = request
        reduced.reducedMotion = true
        do {
            let sink = web.frames(for: .reducedMotion)
            _ = try session().run(reduced, sink: reverse ? ReversedFrames(sink) : sink)
            return nil
        } catch {
            // The page is still worth writing: the plugin's error is the user's to see, not a reason to lose the run.
            web.forget(.reducedMotion)
            return "the run with reduced motion failed, so the web page has none: \(error)"
        }
    }
}

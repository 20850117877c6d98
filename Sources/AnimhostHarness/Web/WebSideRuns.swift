import AnimhostCore
import AnimhostLua

/// The runs a web page carries beside the run itself (docs/web.md), made before it: with reduced
/// motion, interactive, and interactive with reduced motion. Each runs on a plugin state of its own,
/// loaded afresh by `load`: a run that fails, even past its time limit (which leaves a state refusing
/// to run anything more), leaves its part off the page and never touches the run itself, nor the
/// runs after it, nor what the plugin's state holds for them.
public enum WebSideRuns {
    /// Makes the runs the web encoder among `sinks` needs for `request` (none without one); the
    /// warnings of those that failed, in order.
    public static func run(
        _ request: TransitionRequest, plugin: Plugin, sinks: [FrameSink], reverse: Bool, load: @escaping () throws -> TransitionSession
    ) -> [String] {
        [
            WebReducedMotion.run(load, request, sinks: sinks, reverse: reverse),
            WebDrag.run(load, request, plugin: plugin, sinks: sinks, reverse: reverse),
            WebDrag.run(load, request, plugin: plugin, sinks: sinks, reverse: reverse, reducedMotion: true)
        ].compactMap { $0 }
    }
}

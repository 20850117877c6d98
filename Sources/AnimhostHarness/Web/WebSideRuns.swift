import Foundation
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

    /// Loads the plugin at `url` afresh for each side run, with `limits`, its scenes found by `scenes`:
    /// what it prints while its file runs is not shown again (the run itself loaded it, and showed it).
    public static func loader(url: URL, limits: SandboxLimits, scenes: SceneLocating) -> () throws -> TransitionSession {
        {
            let loading = LoadingFlag()
            let plugin = try Plugin(
                url: url, limits: limits,
                printSink: { line in
                    if !loading.on { FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8)) }
                })
            loading.on = false
            return TransitionSession(plugin, scenes: scenes)
        }
    }

    /// Whether a side run's plugin is still loading.
    private final class LoadingFlag { var on = true }
}

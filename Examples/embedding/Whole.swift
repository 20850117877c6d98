import AnimhostCore
import AnimhostLua

/// A whole pop on the virtual clock, its frames kept in memory: docs/embedding.md's "Running a transition",
/// run by `swift run animhost-embedding --whole [PLUGIN]`.
func runWhole(_ name: String) throws {
    let catalog = PluginCatalog()  // --plugins, $ANIMHOST_PATH, ./Plugins, built-ins
    let plugin = try Plugin(url: try catalog.locate(name).url)  // loads and checks the plugin, sandboxed
    let session = TransitionSession(plugin, scenes: catalog)
    let recorder = FrameRecorder()  // a FrameSink that keeps the frames; nil evaluates only

    let outcome = try session.run(
        TransitionRequest(operation: .pop, fps: 120, params: ["damping": "0.6"]),
        sink: recorder)
    print(outcome.info.duration, outcome.result.completed, outcome.result.frameCount)
    print("kept \(recorder.frames.count) frames")
}

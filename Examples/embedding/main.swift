// Embedding animhost in a Swift program: load a plugin, start a transition run, step it on the real
// clock frame by frame with a live (here simulated) finger, and read the nodes' states.
//   swift run animhost-embedding [PLUGIN]     (default: crossfade, with a linear curve)
//   swift run animhost-embedding --whole [PLUGIN]   a whole pop on the virtual clock instead (Whole.swift)
// docs/embedding.md walks through it.
import AnimhostCore
import AnimhostLua
import Foundation

if CommandLine.arguments.dropFirst().first == "--whole" {
    do {
        try runWhole(CommandLine.arguments.dropFirst(2).first ?? "zoom")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("animhost-embedding: \(error)\n".utf8))
        exit(1)
    }
}
let name = CommandLine.arguments.dropFirst().first ?? "crossfade"
let catalog = PluginCatalog()
let frameInterval = 1.0 / 60

/// A number with six decimals.
func fixed(_ x: Double) -> String { String(format: "%.6f", x) }

do {
    // 1. Load the plugin (a sandboxed Lua state) and make a session for it.
    let plugin = try Plugin(url: try catalog.locate(name).url)
    let session = TransitionSession(plugin, scenes: catalog)

    // 2. Start a push, made interactive by the finger touching down at the left edge at t = 0.
    let start = DispatchTime.now().uptimeNanoseconds
    func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    let edge = Point(x: 2, y: 400)
    let params = plugin.params.contains { $0.name == "curve" } ? ["curve": "linear"] : [:]
    let run = try session.start(
        TransitionRequest(operation: .push, params: params),
        touch: GestureSample(time: 0, location: edge, state: .began))
    let info = run.info
    print(
        "\(info.plugin) \(info.operation.rawValue) \(info.from) → \(info.to): duration \(info.duration) s, "
            + "container \(formatNumber(info.size.width))×\(formatNumber(info.size.height))")

    // 3. Each display frame: move the finger (600 pt/s to the right), deliver the touch, sample the
    //    frame at the same instant and read a node from it. Release past 60 % of the width.
    var released = false
    var frames = 0
    while !run.isFinished {
        let target = Double(frames) * frameInterval
        if target > now() { Thread.sleep(forTimeInterval: target - now()) }
        let t = now()
        frames += 1
        guard t < 10 else { throw GestureError("the transition did not finish within 10 s") }
        if !released {
            let x = min(edge.x + 600 * t, info.size.width * 0.6)
            released = x >= info.size.width * 0.6
            let event = try run.touch(GestureSample(time: t, location: Point(x: x, y: edge.y), state: released ? .ended : .changed))
            let frame = try run.frame(at: t)
            let opacity = frame.node(info.to)?.opacity ?? -1
            print(
                "t=\(fixed(t)) touch x=\(fixed(x)) translation=\(fixed(event.translation.x)) "
                    + "\(info.to).opacity=\(fixed(opacity))" + (released ? " released" : ""))
        } else {
            let frame = try run.frame(at: t)
            print("t=\(fixed(t)) \(info.to).opacity=\(fixed(frame.node(info.to)?.opacity ?? -1))")
        }
    }

    // 4. At rest: how it ended, and what the container holds.
    let last = try run.frame(at: now())
    let ids = last.nodes.filter { $0.depth == 1 }.map(\.id)
    print(
        "finished: completed \(run.context.completion ?? false), cancelled \(run.context.isCancelled), "
            + "frames \(frames), on screen: \(ids.joined(separator: ", "))")

    // 5. The run has ended (its phase is .ended); closing it releases what the plugin's state holds for it.
    run.close()
} catch {
    FileHandle.standardError.write(Data("animhost-embedding: \(error)\n".utf8))
    exit(1)
}

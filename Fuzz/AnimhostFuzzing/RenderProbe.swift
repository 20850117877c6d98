import AnimhostCore
import AnimhostRender

/// A frame sink for the `lua` fuzz target that draws the first and the last frame of a run, so that
/// what a plugin set on its nodes also reaches the rasteriser, at a fraction of rendering every frame.
/// Frames are drawn at a quarter of a point a pixel: every drawing path runs as at full size (the
/// scale only multiplies geometry), on a sixteenth of the pixels.
final class RenderProbe: FrameSink {
    private var renderer: FrameRenderer?
    private var last: FrameSample?

    func begin(_ info: TimelineInfo) throws {
        renderer = try FrameRenderer(size: info.size, scale: 0.25, images: ImageStore(folders: info.imageFolders))
    }

    func write(_ frame: FrameSample) throws {
        if last == nil { _ = try renderer?.render(frame) }
        last = frame
    }

    func finish(_ result: TransitionRun.Result) throws {
        if let last { _ = try renderer?.render(last) }
    }
}

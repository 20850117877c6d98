import Foundation
import XCTest
import AnimhostCore
import AnimhostLua
import AnimhostOutput
import AnimhostRender
import CRLottie
import AnimhostTestSupport

/// Collects a run's frames and result.
final class Recorder: FrameSink {
    var info: TimelineInfo?
    var frames: [FrameSample] = []
    var result: TransitionRun.Result?
    func begin(_ info: TimelineInfo) throws { self.info = info }
    func write(_ frame: FrameSample) throws { frames.append(frame) }
    func finish(_ result: TransitionRun.Result) throws { self.result = result }
}

/// A run exported to Lottie: its frames, and the document written for them.
struct Export {
    let info: TimelineInfo
    let frames: [FrameSample]
    let document: String
    let keyframes: Int
    let scale: Double

    /// Runs `plugin` (a path under the package root) with `params` and exports it at `scale`.
    init(
        _ plugin: String, operation: TransitionOperation = .push, gesture: String? = nil, scale: Double = 1, params: [String: String] = [:]
    ) throws {
        let loaded = try Plugin(url: packageRoot.appendingPathComponent(plugin))
        let recorder = Recorder()
        let request = TransitionRequest(operation: operation, params: params, gesture: gesture)
        _ = try TransitionSession(loaded, scenes: PluginCatalog()).run(request, sink: recorder)
        info = recorder.info!
        frames = recorder.frames
        self.scale = scale
        (document, keyframes) = try LottieEncoder.document(info: info, frames: frames, spans: recorder.result!.curveSpans, scale: scale)
    }

    /// Writes the document to a fresh temporary file.
    func write() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-lottie-\(UUID().uuidString).json")
        try document.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The document parsed back.
    var json: [String: Any] { try! JSONSerialization.jsonObject(with: Data(document.utf8)) as! [String: Any] }
}

/// One frame compared: its PSNR over every pixel, and over the pixels outside text.
struct FrameComparison {
    let index: Int
    let psnr: Double
    let psnrOutsideText: Double
}

/// Renders `export` with rlottie at the run's pixel size, composited over black as animhost draws
/// its frames, and compares every frame with animhost's own render.
func compare(_ export: Export, saveTo folder: URL? = nil) throws -> [FrameComparison] {
    let renderer = try FrameRenderer(size: export.info.size, scale: export.scale, images: ImageStore(folders: export.info.imageFolders))
    let (w, h) = (renderer.pixelWidth, renderer.pixelHeight)
    guard let animation = lottie_animation_from_data(export.document, "animhost-\(UUID().uuidString)", "") else {
        throw OutputError("rlottie could not load the document")
    }
    defer { lottie_animation_destroy(animation) }
    XCTAssertEqual(lottie_animation_get_totalframe(animation), export.frames.count)
    var buffer = [UInt32](repeating: 0, count: w * h)
    return try export.frames.map { frame in
        let ours = Bitmap(try renderer.render(frame))
        lottie_animation_render(animation, frame.index, &buffer, w, h, w * 4)
        let theirs = Bitmap(width: w, height: h, bytes: buffer.withUnsafeBytes { Array($0) })
        if let folder {
            try ours.withPixelBuffer { try PNGFile.write($0, to: folder.appendingPathComponent(String(format: "animhost-%03d.png", frame.index))) }
            try theirs.withPixelBuffer { try PNGFile.write($0, to: folder.appendingPathComponent(String(format: "rlottie-%03d.png", frame.index))) }
        }
        let text = textMask(frame, width: w, height: h, scale: export.scale)
        return FrameComparison(
            index: frame.index, psnr: psnr(ours, theirs, skipping: nil),
            psnrOutsideText: psnr(ours, theirs, skipping: text))
    }
}

/// Pixels inside the on-screen box of a visible node showing text.
func textMask(_ frame: FrameSample, width: Int, height: Int, scale: Double) -> [Bool] {
    var mask = [Bool](repeating: false, count: width * height)
    for node in frame.nodes where node.properties.text != nil && node.opacity > 0 {
        let b = node.bbox
        let x0 = max(0, Int((b.x * scale).rounded(.down)) - 1), y0 = max(0, Int((b.y * scale).rounded(.down)) - 1)
        let x1 = min(width, Int((b.maxX * scale).rounded(.up)) + 1), y1 = min(height, Int(((b.y + b.height) * scale).rounded(.up)) + 1)
        guard x1 > x0, y1 > y0 else { continue }
        for y in y0..<y1 { for x in x0..<x1 { mask[y * width + x] = true } }
    }
    return mask
}

import XCTest
import AnimhostCore
import AnimhostRender
@testable import AnimhostOutput
import AnimhostTestSupport

/// A small synthetic run: a red square crossing a white `size` screen over `count` frames.
struct MovingSquare {
    var size = Size(width: 48, height: 30)
    var count = 12
    var fps = 30

    var info: TimelineInfo {
        TimelineInfo(
            plugin: "square", operation: .push, from: "a", to: "b", fps: fps,
            duration: Double(count - 1) / Double(fps), size: size)
    }

    func frame(_ i: Int) throws -> FrameSample {
        let container = Node(id: "container", properties: NodeProperties())
        var root = NodeProperties()
        root.frame = Rect(origin: .zero, size: size)
        root.backgroundColor = .white
        var square = NodeProperties()
        square.frame = Rect(x: Double(i * 3), y: 8, width: 12, height: 12)
        square.backgroundColor = Color(hex: "#FF0000")
        let screen = Node(id: "screen", scene: "a", properties: root)
        try container.add(screen)
        try screen.add(Node(id: "square", scene: "a", properties: square))
        return FrameSampler(container: container).sample(index: i, time: Double(i) / Double(fps))
    }

    /// Frame `i` rendered at @1x.
    func bitmap(_ i: Int) throws -> Bitmap {
        let renderer = try FrameRenderer(size: size, scale: 1, images: ImageStore())
        return try withExtendedLifetime(renderer) { Bitmap(try renderer.render(try frame(i))) }
    }

    var result: TransitionRun.Result {
        TransitionRun.Result(frameCount: count, completed: true, cancelled: false, endTime: info.duration)
    }

    /// Runs every frame through a render sink feeding `encoders`.
    func write(_ encoders: [FrameEncoder], scale: Double = 1, workers: Int = 2) throws {
        let sink = RenderSink(encoders: encoders, scale: scale, workers: workers)
        try sink.begin(info)
        for i in 0..<count { try sink.write(try frame(i)) }
        try sink.finish(result)
    }
}

/// A test case with a fresh folder (`dir`) and the moving-square run (`run`), the folder removed afterwards.
class RenderedOutputTestCase: XCTestCase {
    var dir: URL!
    let run = MovingSquare()

    override func setUpWithError() throws { dir = try makeTemporaryFolder("render") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }
}

/// ffprobe's count of decoded frames and the size of the first video stream.
func probe(_ url: URL) throws -> (frames: Int, width: Int, height: Int, codec: String, pixelFormat: String) {
    let ffprobe = try requireExecutable("ffprobe", install: "Debian: ffmpeg")
    let r = try runProgram(
        ffprobe,
        [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=nb_read_frames,width,height,codec_name,pix_fmt", "-of", "default=noprint_wrappers=1", url.path
        ])
    XCTAssertEqual(r.status, 0, r.err)
    var fields: [String: String] = [:]
    for line in r.out.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    return (
        Int(fields["nb_read_frames"] ?? "") ?? -1, Int(fields["width"] ?? "") ?? -1, Int(fields["height"] ?? "") ?? -1,
        fields["codec_name"] ?? "", fields["pix_fmt"] ?? ""
    )
}

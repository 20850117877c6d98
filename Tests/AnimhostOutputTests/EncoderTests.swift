import XCTest
import AnimhostCore
import AnimhostRender
@testable import AnimhostOutput
import AnimhostTestSupport

final class EncoderTests: RenderedOutputTestCase {
    func testPNGFramesAreWrittenOnceCompleteAndAreTheSameWhateverTheThreads() throws {
        let one = dir.appendingPathComponent("one/frames"), two = dir.appendingPathComponent("two/frames")
        try run.write([PNGSequenceEncoder(folder: one)], scale: 2, workers: 1)
        try run.write([PNGSequenceEncoder(folder: two)], scale: 2, workers: 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: one.path).sorted()
        XCTAssertEqual(names, (0..<12).map { PNGSequenceEncoder.name($0) })
        XCTAssertEqual(names.first, "0000.png")
        for name in names {
            XCTAssertEqual(try Data(contentsOf: one.appendingPathComponent(name)), try Data(contentsOf: two.appendingPathComponent(name)), name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("one").path), ["frames"])
    }

    func testGIFHasEveryFrameAtItsSizeAndTheTimesOfTheRun() throws {
        let url = dir.appendingPathComponent("animation.gif")
        try run.write([GIFEncoder(url: url)])
        let p = try probe(url)
        XCTAssertEqual("\(p.frames) frames, \(p.width)×\(p.height), \(p.codec)", "12 frames, 48×30, gif")
        // delays in hundredths: frame i shows from round(i·100/30); the last holds a second
        XCTAssertEqual(try duration(url), 0.37 + 1, accuracy: 0.011)
    }

    func testGIFAbove50FPSKeepsEveryOtherFrameAndStillEndsOnTheLast() throws {
        var fast = run
        fast.fps = 60
        let url = dir.appendingPathComponent("animation.gif")
        try fast.write([GIFEncoder(url: url)])
        XCTAssertEqual(try probe(url).frames, 6)
        let last = dir.appendingPathComponent("last.png")
        let ffmpeg = try requireExecutable("ffmpeg", install: "Debian: ffmpeg; it decodes the GIF's last frame")
        _ = try runProgram(ffmpeg, ["-v", "error", "-i", url.path, "-vf", "select=eq(n\\,5)", "-frames:v", "1", last.path])
        let decoded = try Bitmap.read(last), expected = try fast.bitmap(11)
        XCTAssertEqual(decoded.pixel(33 + 6, 14).r, 255, "the square where the last frame has it")
        XCTAssertEqual(expected.pixel(33 + 6, 14).r, 255)
        XCTAssertEqual(decoded.pixel(30, 14).g, 255, "and not where frame 10 had it")
    }

    func testGIFAndWebPAreTheSameWhateverTheThreads() throws {
        var long = run
        long.count = 40
        for workers in [1, 2, 4] {
            try long.write(
                [
                    GIFEncoder(url: dir.appendingPathComponent("\(workers)/animation.gif")),
                    WebPEncoder(url: dir.appendingPathComponent("\(workers)/animation.webp"))
                ], scale: 2, workers: workers)
        }
        for name in ["animation.gif", "animation.webp"] {
            let one = try Data(contentsOf: dir.appendingPathComponent("1/\(name)"))
            XCTAssertEqual(one, try Data(contentsOf: dir.appendingPathComponent("2/\(name)")), name)
            XCTAssertEqual(one, try Data(contentsOf: dir.appendingPathComponent("4/\(name)")), name)
        }
    }

    func testWebPIsAnAnimatedContainerWithEveryFrame() throws {
        let url = dir.appendingPathComponent("animation.webp")
        try run.write([WebPEncoder(url: url)])
        let chunks = try riffChunks(Data(contentsOf: url))
        XCTAssertEqual(chunks.first?.id, "VP8X")
        let vp8x = chunks[0].body
        let width = Int(vp8x[4]) | Int(vp8x[5]) << 8 | Int(vp8x[6]) << 16
        let height = Int(vp8x[7]) | Int(vp8x[8]) << 8 | Int(vp8x[9]) << 16
        XCTAssertEqual([width + 1, height + 1], [48, 30])
        XCTAssertNotEqual(vp8x[0] & 0x02, 0, "animation flag")
        let anim = try XCTUnwrap(chunks.first { $0.id == "ANIM" })
        XCTAssertEqual(Int(anim.body[4]) | Int(anim.body[5]) << 8, 0, "loops for ever")
        let frames = chunks.filter { $0.id == "ANMF" }
        XCTAssertEqual(frames.count, 12)
        let total = frames.reduce(0) { $0 + (Int($1.body[12]) | Int($1.body[13]) << 8 | Int($1.body[14]) << 16) }
        XCTAssertEqual(total, 367 + 1000, "milliseconds: the run, then the held last frame")
    }

    func testWebPFramesAfterTheFirstHoldOnlyWhatChanged() throws {
        let url = dir.appendingPathComponent("animation.webp")
        try run.write([WebPEncoder(url: url)])
        let frames = try riffChunks(Data(contentsOf: url)).filter { $0.id == "ANMF" }.map(\.body)
        func field(_ f: [UInt8], _ at: Int) -> Int { Int(f[at]) | Int(f[at + 1]) << 8 | Int(f[at + 2]) << 16 }
        XCTAssertEqual([field(frames[0], 0), field(frames[0], 3), field(frames[0], 6) + 1, field(frames[0], 9) + 1], [0, 0, 48, 30])
        for i in 1..<frames.count {
            // the square (12 points, at x = 3i, y = 8) moved 3 points: its old left edge to its new right edge
            // changed, the frame's corner on even pixels
            let f = frames[i], left = (3 * i - 3) & ~1
            XCTAssertEqual([field(f, 0) * 2, field(f, 3) * 2, field(f, 6) + 1, field(f, 9) + 1], [left, 8, 3 * i + 12 - left, 12], "frame \(i)")
            XCTAssertEqual(f[15] & 0x03, 0x02, "drawn without blending, not disposed")
        }
    }

    func testMP4IsH264InYUV420WithEvenDimensions() throws {
        guard VideoEncoder.findFFmpeg() != nil else { throw XCTSkip("ffmpeg is not installed") }
        var odd = run
        odd.size = Size(width: 47, height: 29)
        let url = dir.appendingPathComponent("animation.mp4")
        try odd.write([VideoEncoder(url: url)])
        let p = try probe(url)
        XCTAssertEqual("\(p.frames) frames, \(p.width)×\(p.height), \(p.codec) \(p.pixelFormat)", "12 frames, 48×30, h264 yuv420p")
    }

    /// x264 picks its threads from the cores it may use, and its output depends on them: the same run
    /// through an ffmpeg held to one core must give the same bytes as through one on every core.
    func testMP4IsTheSameWhateverTheCoresFFmpegMayUse() throws {
        guard let ffmpeg = VideoEncoder.findFFmpeg() else { throw XCTSkip("ffmpeg is not installed") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else { throw XCTSkip("taskset is not installed") }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let oneCore = bin.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\nexec /usr/bin/taskset -c 0 '\(ffmpeg.path)' \"$@\"\n".write(to: oneCore, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: oneCore.path)
        let every = dir.appendingPathComponent("every.mp4"), one = dir.appendingPathComponent("one.mp4")
        try run.write([VideoEncoder(url: every)], scale: 2)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        setenv("PATH", bin.path, 1)
        defer { setenv("PATH", path, 1) }
        try run.write([VideoEncoder(url: one)], scale: 2)
        XCTAssertEqual(try Data(contentsOf: every), try Data(contentsOf: one))
    }

    func testMP4WithoutFFmpegSaysWhatToInstallAndLeavesNothing() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        setenv("PATH", dir.path, 1)
        defer { setenv("PATH", path, 1) }
        let sink = RenderSink(
            encoders: [
                PNGSequenceEncoder(folder: dir.appendingPathComponent("frames")),
                VideoEncoder(url: dir.appendingPathComponent("animation.mp4"))
            ], scale: 1)
        XCTAssertThrowsError(try sink.begin(run.info)) {
            XCTAssertTrue("\($0)".contains("ffmpeg"), "\($0)")
            XCTAssertTrue("\($0)".contains("apt-get install ffmpeg"), "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testAFailingFFmpegIsReportedWithItsMessageAndLeavesNothing() throws {
        let bin = dir.appendingPathComponent("bin"), out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\necho 'no encoder here' >&2\nexit 3\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        setenv("PATH", bin.path, 1)
        defer { setenv("PATH", path, 1) }
        XCTAssertThrowsError(try run.write([VideoEncoder(url: out.appendingPathComponent("animation.mp4"))])) {
            XCTAssertTrue("\($0)".contains("ffmpeg") && "\($0)".contains("no encoder here"), "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [])
    }

    func testAFailureMidRunLeavesNoOutputBehind() throws {
        final class Failing: FrameEncoder {
            let url: URL
            init(url: URL) { self.url = url }
            func begin(_ info: TimelineInfo, width: Int, height: Int) throws {}
            func append(_ frame: FrameSample, _ pixels: PixelBuffer) throws {
                if frame.index == 5 { throw OutputError("disk full") }
            }
            func finish() throws {}
            func discard() {}
        }
        let encoders: [FrameEncoder] = [
            PNGSequenceEncoder(folder: dir.appendingPathComponent("frames")),
            GIFEncoder(url: dir.appendingPathComponent("animation.gif")),
            WebPEncoder(url: dir.appendingPathComponent("animation.webp")),
            HTMLPreviewEncoder(url: dir.appendingPathComponent("preview.html")),
            Failing(url: dir.appendingPathComponent("x"))
        ]
        XCTAssertThrowsError(try run.write(encoders)) { XCTAssertTrue("\($0)".contains("disk full")) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    // MARK: Helpers

    private func duration(_ url: URL) throws -> Double {
        let r = try runProgram(
            try requireExecutable("ffprobe", install: "Debian: ffmpeg"),
            ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", url.path])
        return Double(r.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    private func riffChunks(_ data: Data) throws -> [(id: String, body: [UInt8])] {
        let bytes = [UInt8](data)
        XCTAssertEqual(String(decoding: bytes[0..<4], as: UTF8.self), "RIFF")
        XCTAssertEqual(String(decoding: bytes[8..<12], as: UTF8.self), "WEBP")
        XCTAssertEqual(Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24, bytes.count - 8)
        var chunks: [(String, [UInt8])] = [], at = 12
        while at + 8 <= bytes.count {
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            chunks.append((String(decoding: bytes[at..<at + 4], as: UTF8.self), Array(bytes[at + 8..<min(bytes.count, at + 8 + size)])))
            at += 8 + size + (size & 1)
        }
        XCTAssertEqual(at, bytes.count, "chunks fill the file exactly")
        return chunks
    }
}

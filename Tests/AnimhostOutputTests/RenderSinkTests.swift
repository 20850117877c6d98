import XCTest
import AnimhostCore
import AnimhostRender
@testable import AnimhostOutput

final class RenderSinkTests: RenderedOutputTestCase {
    /// Notes what each frame handed over in order says, and keeps its copy.
    final class Recorder: FrameEncoder {
        let url: URL
        var seen: [(index: Int, last: Bool)] = []
        var copies: [[UInt8]] = []
        init(url: URL) { self.url = url }
        func begin(_ info: TimelineInfo, width: Int, height: Int) throws {}
        func append(_ frame: OrderedFrame) throws {
            seen.append((frame.sample.index, frame.last))
            copies.append(frame.copy())
        }
        func finish() throws {}
        func discard() {}
    }

    func testEncodersAreToldWhichFrameIsTheLastWhateverTheThreads() throws {
        for workers in [1, 2, 4] {
            let recorder = Recorder(url: dir.appendingPathComponent("x"))
            try run.write([recorder], workers: workers)
            XCTAssertEqual(recorder.seen.map(\.index), Array(0..<run.count), "\(workers) workers")
            XCTAssertEqual(recorder.seen.map(\.last), Array(repeating: false, count: run.count - 1) + [true], "\(workers) workers")
        }
    }

    func testWithTheDebugOverlayTheLastFrameIsKnownToo() throws {
        let recorder = Recorder(url: dir.appendingPathComponent("x"))
        let sink = RenderSink(encoders: [recorder], scale: 1, debug: true)
        try sink.begin(run.info)
        for i in 0..<run.count { try sink.write(try run.frame(i)) }
        try sink.finish(run.result)
        XCTAssertEqual(recorder.seen.map(\.last), Array(repeating: false, count: run.count - 1) + [true])
    }

    func testEncodersKeepingAFrameShareOneCopyOfItsPixels() throws {
        let a = Recorder(url: dir.appendingPathComponent("a")), b = Recorder(url: dir.appendingPathComponent("b"))
        try run.write([a, b])
        XCTAssertEqual(a.copies.count, run.count)
        for (x, y) in zip(a.copies, b.copies) {
            XCTAssertEqual(x.withUnsafeBufferPointer { $0.baseAddress }, y.withUnsafeBufferPointer { $0.baseAddress }, "one buffer")
        }
        XCTAssertEqual(a.copies[5], try run.bitmap(5).bytes, "the frame's pixels, row after row")
    }

    func testOneRenderThreadBesideEncodersThatKeepFrames() {
        let png = PNGSequenceEncoder(folder: dir), gif = GIFEncoder(url: dir), webp = WebPEncoder(url: dir)
        XCTAssertEqual(RenderSink.workers(for: [png]), RenderSink.defaultWorkers)
        XCTAssertEqual(RenderSink.workers(for: [png, VideoEncoder(url: dir)]), 1)
        XCTAssertEqual(RenderSink.workers(for: [gif]), 1)
        XCTAssertEqual(RenderSink.workers(for: [png, webp]), 1)
    }
}

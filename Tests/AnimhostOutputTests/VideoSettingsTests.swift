import XCTest
import AnimhostCore
@testable import AnimhostOutput

/// The settings the MP4's memory was measured with (docs/benchmarks.md, MP4 at @3x) reach x264 and ffmpeg.
final class VideoSettingsTests: RenderedOutputTestCase {
    /// x264 writes the settings it encoded with into the video (its "x264 - core" SEI).
    func testTheVideoWasEncodedWithSlicesOneBFrameAndATwoFrameLookahead() throws {
        guard VideoEncoder.findFFmpeg() != nil else { throw XCTSkip("ffmpeg is not installed") }
        var tall = run  // x264 slices only frames of enough macroblock rows: 640 pixels are 40
        tall.size = Size(width: 48, height: 640)
        let url = dir.appendingPathComponent("animation.mp4")
        try tall.write([VideoEncoder(url: url)])
        let bytes = try Data(contentsOf: url)
        let start = try XCTUnwrap(bytes.range(of: Data("x264 - core".utf8)), "x264's SEI").lowerBound
        let sei = String(decoding: bytes[start...].prefix { $0 != 0 }, as: UTF8.self)
        let options = Set(sei.components(separatedBy: " options: ").last!.split(separator: " ").map(String.init))
        for expected in ["threads=2", "sliced_threads=1", "bframes=1", "rc_lookahead=2", "crf=20.0"] {
            XCTAssertTrue(options.contains(expected), "\(expected) in \(sei)")
        }
    }

    /// ffmpeg runs with glibc's mmap threshold fixed, after any tunables of the caller's own.
    func testFFmpegGetsAFixedMmapThresholdBesideTheCallersTunables() throws {
        guard let ffmpeg = VideoEncoder.findFFmpeg() else { throw XCTSkip("ffmpeg is not installed") }
        let bin = dir.appendingPathComponent("bin"), seen = dir.appendingPathComponent("tunables")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\nprintf '%s\\n' \"${GLIBC_TUNABLES-unset}\" >> '\(seen.path)'\nexec '\(ffmpeg.path)' \"$@\"\n"
            .write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "", tunables = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"]
        setenv("PATH", bin.path, 1)
        defer {
            setenv("PATH", path, 1)
            if let tunables { setenv("GLIBC_TUNABLES", tunables, 1) } else { unsetenv("GLIBC_TUNABLES") }
        }
        unsetenv("GLIBC_TUNABLES")
        try run.write([VideoEncoder(url: dir.appendingPathComponent("a.mp4"))])
        setenv("GLIBC_TUNABLES", "glibc.malloc.arena_max=2", 1)
        try run.write([VideoEncoder(url: dir.appendingPathComponent("b.mp4"))])
        XCTAssertEqual(
            try String(contentsOf: seen, encoding: .utf8),
            "glibc.malloc.mmap_threshold=1048576\nglibc.malloc.mmap_threshold=1048576:glibc.malloc.arena_max=2\n")
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("a.mp4")), try Data(contentsOf: dir.appendingPathComponent("b.mp4")))
    }
}

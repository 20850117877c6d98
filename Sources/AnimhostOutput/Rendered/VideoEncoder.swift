import Foundation
import AnimhostCore
import AnimhostRender

/// `animation.mp4`: H.264 in yuv420p (what every player takes) made by the `ffmpeg` executable,
/// fed frames converted to I420 on the render threads (``I420Frame``) through a pipe enlarged to 1 MiB.
public final class VideoEncoder: FrameEncoder {
    public let url: URL
    /// x264's limit, on the even size the video is encoded at.
    public var maxSide: Int { 16_384 }
    private let temporary: URL
    private var process: Process?
    private var input: FileHandle?
    private var log: URL?
    /// Frames converted and not yet written, by index.
    private var converted: [Int: I420Frame] = [:]
    private let lock = NSLock()

    /// A video to be written at `url`.
    public init(url: URL) {
        self.url = url
        temporary = OutputFile.temporary(for: url)
    }

    /// x264's threads, each encoding a slice of every frame. Its output depends on their number, which
    /// it otherwise takes from the cores it may use: fixed, the same frames give the same file on every
    /// machine. Slices instead of x264's default frame threads, which each hold frames of their own.
    static let threads = 2

    /// x264's settings beside `-preset veryfast`: slices (above), and one B-frame with a lookahead of
    /// two frames instead of three and ten, so that it holds a few frames instead of a dozen (at @3x
    /// each costs it about 20 MB); measured in docs/benchmarks.md (MP4 at @3x).
    static let x264Parameters = "sliced-threads=1:bframes=1:rc-lookahead=2:sync-lookahead=0"

    /// x264's two threads keep the other core busy: a second render thread would only hold another
    /// frame and group buffer (24 MB at @3x) beside ffmpeg's frames.
    public var keepsFrames: Bool { true }

    /// ffmpeg's environment: the caller's, with glibc's mmap threshold fixed at 1 MiB. Left to
    /// itself glibc raises the threshold once a frame is freed and keeps later frames in its heaps
    /// (8 MB more at @3x); the output is the same.
    static func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        let threshold = "glibc.malloc.mmap_threshold=1048576"
        environment["GLIBC_TUNABLES"] = base["GLIBC_TUNABLES"].map { $0.isEmpty ? threshold : threshold + ":" + $0 } ?? threshold
        return environment
    }

    /// The ffmpeg executable on PATH, or nil.
    public static func findFFmpeg() -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("ffmpeg") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    public func begin(_ info: TimelineInfo, width: Int, height: Int) throws {
        guard let ffmpeg = VideoEncoder.findFFmpeg() else {
            throw OutputError("mp4 output needs the ffmpeg executable, which is not on PATH (Debian: apt-get install ffmpeg)")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        signal(SIGPIPE, SIG_IGN)  // a failed ffmpeg must not end animhost mid-write
        let pipe = Pipe()
        _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, 1031 /* F_SETPIPE_SZ */, 1 << 20)
        let log = temporary.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).ffmpeg.log")  // beside the output, staged with it
        try Data().write(to: log)
        let even = I420Frame.size(width: width, height: height)
        let process = Process()
        process.executableURL = ffmpeg
        process.environment = VideoEncoder.environment()
        process.arguments = [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(even.width)x\(even.height)", "-framerate", "\(info.fps)",
            "-i", "pipe:0", "-an",
            "-c:v", "libx264", "-threads", "\(VideoEncoder.threads)", "-preset", "veryfast", "-crf", "20",
            "-x264-params", VideoEncoder.x264Parameters,
            "-movflags", "+faststart", "-f", "mp4", temporary.path
        ]
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        do { try process.run() } catch { throw OutputError("cannot start ffmpeg: \(error)") }
        self.process = process
        self.input = pipe.fileHandleForWriting
        self.log = log
    }

    /// Converts the frame to I420, on the render thread.
    public func encode(_ frame: FrameSample, _ pixels: PixelBuffer) throws {
        let yuv = I420Frame(pixels)
        lock.withLock { converted[frame.index] = yuv }
    }

    public func append(_ frame: FrameSample, _ pixels: PixelBuffer) throws {
        guard let fd = input?.fileDescriptor else { return }
        let yuv = lock.withLock { converted.removeValue(forKey: frame.index) } ?? I420Frame(pixels)
        try yuv.bytes.withUnsafeBytes { buffer in
            var p = buffer.baseAddress!, left = buffer.count
            while left > 0 {
                let n = write(fd, p, left)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw OutputError("ffmpeg stopped reading frames\(ffmpegMessage())") }
                p += n; left -= n
            }
        }
    }

    public func finish() throws {
        try input?.close()
        input = nil
        process?.waitUntilExit()
        guard let process, process.terminationStatus == 0 else {
            throw OutputError("ffmpeg failed\(ffmpegMessage())")
        }
        self.process = nil
        removeLog()
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: temporary, to: url)
    }

    public func discard() {
        lock.withLock { converted = [:] }
        try? input?.close()
        input = nil
        if let process, process.isRunning { process.terminate() }
        process?.waitUntilExit()
        process = nil
        removeLog()
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Ends ffmpeg first: left alone, it would finish the partial file once its input closes.
    public func abort() {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: temporary)
        removeLog()
    }

    private func ffmpegMessage() -> String {
        guard let log, let text = try? String(contentsOf: log, encoding: .utf8), !text.isEmpty else { return "" }
        return ": " + text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func removeLog() {
        if let log { try? FileManager.default.removeItem(at: log) }
        log = nil
    }
}

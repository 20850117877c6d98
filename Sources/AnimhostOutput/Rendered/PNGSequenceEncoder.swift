import Foundation
import AnimhostCore
import AnimhostRender

/// `frames/0000.png …`: one opaque RGB PNG per frame, written by the render workers as frames come,
/// into a temporary folder renamed to `frames` when the run succeeds.
public final class PNGSequenceEncoder: FrameEncoder {
    public let url: URL
    /// Cairo's limit (PNG's own is 2³¹ − 1).
    public var maxSide: Int { 32_767 }
    private let temporary: URL

    /// Frames go to `folder` (e.g. `out/zoom/frames`).
    public init(folder: URL) {
        url = folder
        temporary = OutputFile.temporary(for: folder)
    }

    /// The file name of frame `index`: at least four digits.
    public static func name(_ index: Int) -> String {
        let number = String(index)
        return String(repeating: "0", count: max(0, 4 - number.count)) + number + ".png"
    }

    public func begin(_ info: TimelineInfo, width: Int, height: Int) throws {
        try? FileManager.default.removeItem(at: temporary)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    public func encode(_ frame: FrameSample, _ pixels: PixelBuffer) throws {
        try PNGFile.write(pixels, path: temporary.appendingPathComponent(PNGSequenceEncoder.name(frame.index)).path)
    }

    public func finish() throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: temporary, to: url)
    }

    public func discard() { try? FileManager.default.removeItem(at: temporary) }
}

import Foundation
import AnimhostCore
import AnimhostRender
import CPNG

/// Opaque frames as RGB PNG files (zlib level 1, UP filter: fast, about 15 % larger than level 6).
public enum PNGFile {
    /// Writes `pixels` into a new file at `path` (never through a link or over a file: callers that
    /// need to replace one write into a temporary place).
    static func write(_ pixels: PixelBuffer, path: String) throws {
        guard ah_png_write_bgrx(path, pixels.base, Int32(pixels.width), Int32(pixels.height), Int32(pixels.stride), 1) == 0 else {
            // errno says why (ENOSPC on a full disk): the caller names the place in the user's words.
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Writes `pixels` to `url` under a temporary name no one can guess (a link planted at it would
    /// lead the write elsewhere), renamed when complete.
    public static func write(_ pixels: PixelBuffer, to url: URL) throws {
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let temporary = dir.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
        // An interrupt while the file is written removes it too (snapshots are written outside any staging folder).
        let token = ProcessExit.register { try? FileManager.default.removeItem(at: temporary) }
        defer { ProcessExit.unregister(token) }
        do {
            try write(pixels, path: temporary.path)
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileManager.default.moveItem(at: temporary, to: url)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}

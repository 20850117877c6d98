import Foundation
import AnimhostRender
import CTurboJPEG

/// JPEG compression through libjpeg-turbo: the preview's inlined frames.
public enum JPEGEncoding {
    /// A baseline JPEG of an opaque frame, 4:2:0, at `quality` 1…100.
    public static func encode(_ pixels: PixelBuffer, quality: Int32) throws -> Data {
        guard let handle = tjInitCompress() else { throw OutputError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard
            tjCompress2(
                handle, pixels.base, Int32(pixels.width), Int32(pixels.stride), Int32(pixels.height),
                Int32(TJPF_BGRX.rawValue), &out, &size, Int32(TJSAMP_420.rawValue), quality, 0) == 0, let out
        else {
            throw OutputError("JPEG encoding failed: \(String(cString: tjGetErrorStr2(handle)))")
        }
        defer { tjFree(out) }
        return Data(bytes: out, count: Int(size))
    }
}

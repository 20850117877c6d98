import AnimhostCore
import AnimhostRender

/// A rendered frame as the encoders get it, in order: its pixels (valid during the call), whether it
/// is the run's last, and one copy for all the encoders that keep it beyond the call.
public final class OrderedFrame {
    /// The sampled frame.
    public let sample: FrameSample
    /// Its pixels, lent for the call.
    public let pixels: PixelBuffer
    /// Whether it is the run's final frame.
    public let last: Bool
    private var copied: [UInt8]?

    init(_ sample: FrameSample, _ pixels: PixelBuffer, last: Bool) {
        self.sample = sample; self.pixels = pixels; self.last = last
    }

    /// The pixels as tightly packed B,G,R,A rows, copied on first use: the encoders that keep the
    /// frame share one copy (12 MB at @3x).
    public func copy() -> [UInt8] {
        if let copied { return copied }
        let (row, height, pixels) = (pixels.width * 4, pixels.height, pixels)
        let bytes = [UInt8](unsafeUninitializedCapacity: row * height) { out, count in
            for y in 0..<height { (out.baseAddress! + y * row).initialize(from: pixels.base + y * pixels.stride, count: row) }
            count = row * height
        }
        copied = bytes
        return bytes
    }
}

import Foundation
import AnimhostCore
import AnimhostRender

/// A run's frames drawn small for the rules that follow every pixel through time (`continuity` and
/// `no-flashes` judge the same images), at ``Conformance/flashScale(_:)``: kept once drawn for a run
/// both rules judge, else drawn one at a time and let go (a long run's frames would fill memory).
final class DrawnFrames {
    let frames: [FrameSample]
    let size: Size
    let images: ImageStore
    /// Pixels per point.
    let scale: Double
    private var drawn: [Bitmap]?

    init(_ frames: [FrameSample], size: Size, images: ImageStore) {
        self.frames = frames; self.size = size; self.images = images
        scale = Conformance.flashScale(size)
    }

    /// Each frame's pixels in turn (B, G, R, A premultiplied): the ones kept, else drawn one at a time.
    func each(_ body: (Bitmap) throws -> Void) throws {
        if let drawn { return try drawn.forEach(body) }
        let renderer = try FrameRenderer(size: size, scale: scale, images: images)
        try withExtendedLifetime(renderer) {
            for frame in frames { try body(Bitmap(try renderer.render(frame))) }
        }
    }

    /// Every frame's pixels, in order, drawn once and kept.
    func bitmaps() throws -> [Bitmap] {
        if let drawn { return drawn }
        let renderer = try FrameRenderer(size: size, scale: scale, images: images)
        let bitmaps = try withExtendedLifetime(renderer) { try frames.map { Bitmap(try renderer.render($0)) } }
        drawn = bitmaps
        return bitmaps
    }
}

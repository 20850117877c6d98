import Foundation
import AnimhostCore
import AnimhostRender
import CWebP

/// `animation.webp`: a looping, lossy animated WebP made with libwebp's animation encoder, which
/// stores only what changes from frame to frame. The smallest of the preview formats.
public final class WebPEncoder: FrameEncoder {
    public let url: URL
    /// libwebp's quality, 0…100.
    public let quality: Float
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var fps = 60
    private var lastTimestamp = 0

    /// An animated WebP to be written at `url`, at libwebp `quality`.
    public init(url: URL, quality: Float = 80) { self.url = url; self.quality = quality }

    deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

    public func begin(_ info: TimelineInfo, width: Int, height: Int) throws {
        var options = WebPAnimEncoderOptions()
        guard ah_webp_anim_options_init(&options) != 0, ah_webp_config_init(&config) != 0 else {
            throw OutputError("libwebp does not match the version animhost was built with")
        }
        options.anim_params.loop_count = 0
        config.quality = quality
        config.method = 2
        config.thread_level = 1
        fps = info.fps
        encoder = ah_webp_anim_encoder_new(Int32(width), Int32(height), &options)
        guard encoder != nil else { throw OutputError("cannot start the WebP encoder for \(width)×\(height)") }
    }

    public func append(_ frame: FrameSample, _ pixels: PixelBuffer) throws {
        var picture = WebPPicture()
        guard ah_webp_picture_init(&picture) != 0 else { throw OutputError("cannot start a WebP picture") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(pixels.width)
        picture.height = Int32(pixels.height)
        guard WebPPictureImportBGRA(&picture, pixels.base, Int32(pixels.stride)) != 0 else {
            throw OutputError("out of memory for a WebP frame")
        }
        lastTimestamp = checkedInt(Double(frame.index) * 1000 / Double(fps), .toNearestOrAwayFromZero)
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(lastTimestamp), &config) != 0 else {
            throw OutputError("WebP encoding failed: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
    }

    public func finish() throws {
        let end = lastTimestamp + checkedInt(loopHold * 1000)
        guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0 else {
            throw OutputError("WebP encoding failed: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw OutputError("WebP assembly failed: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        defer { WebPDataClear(&data) }
        let file = try OutputFile(url)
        try file.write(Data(bytes: data.bytes, count: data.size))
        try file.commit()
    }

    public func discard() {}
}

import Foundation
import AnimhostRender

/// The pictures a web page shows, each embedded once as a data URI (JPEG where opaque, PNG where not,
/// as the Lottie export embeds them) however many nodes and frames show it.
final class WebImages {
    private let parts: PartRasteriser
    private var indices: [String: Int] = [:]
    /// The data URIs, in the order first shown.
    private(set) var uris: [String] = []
    /// The first picture that could not be read, thrown once the frame is mapped.
    var failure: Error?

    /// Pictures read as the run's renderer reads them.
    init(parts: PartRasteriser) { self.parts = parts }

    /// The placeholder URL naming picture `name` of `scene` in the page (`animhost-image:N`), or nil
    /// (the failure kept) when it cannot be read.
    func url(_ name: String, scene: String?) -> URL? {
        let key = (scene ?? "") + "\u{0}" + name
        if let index = indices[key] { return URL(string: "animhost-image:\(index)") }
        do {
            let size = try parts.pictureSize(name, scene: scene)
            let bitmap = try parts.picture(name, scene: scene, width: size.width, height: size.height)
            parts.forget()
            let opaque = WebImages.opaque(bitmap)
            let data = try opaque ? bitmap.withPixelBuffer { try JPEGEncoding.encode($0, quality: 90) } : LottieAssets.png(bitmap)
            indices[key] = uris.count
            uris.append("data:image/\(opaque ? "jpeg" : "png");base64," + data.base64EncodedString())
            return URL(string: "animhost-image:\(uris.count - 1)")
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    /// Whether every pixel of `bitmap` is opaque (a plain loop: the picture may hold millions of pixels).
    static func opaque(_ bitmap: Bitmap) -> Bool {
        bitmap.bytes.withUnsafeBufferPointer { pixels in
            var i = 3
            while i < pixels.count {
                if pixels[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }
}

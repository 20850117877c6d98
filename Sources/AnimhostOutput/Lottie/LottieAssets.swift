import Foundation
import AnimhostRender
import CPNG

/// A Lottie document's assets: images embedded as data URIs (JPEG where opaque, PNG where not), each
/// distinct picture once however many layers show it, and the precompositions of nodes.
final class LottieAssets {
    private let budget: LottieBudget
    private var images: [LottieJSON] = []
    private var imageIDs: [Data: String] = [:]
    private var comps: [LottieJSON] = []

    /// Assets counted against `budget`.
    init(budget: LottieBudget) { self.budget = budget }

    /// Every asset, images first.
    var json: LottieJSON { .array(images + comps) }

    /// The id of the image asset showing `bitmap` (premultiplied, as the renderer draws), drawn for
    /// `what` (for messages).
    func image(_ bitmap: Bitmap, of what: String) throws -> String {
        let opaque = stride(from: 3, to: bitmap.bytes.count, by: 4).allSatisfy { bitmap.bytes[$0] == 255 }
        let data = try opaque ? bitmap.withPixelBuffer { try JPEGEncoding.encode($0, quality: 90) } : LottieAssets.png(bitmap)
        if let id = imageIDs[data] { return id }
        try budget.image(bytes: data.count, of: what)
        let id = "image_\(images.count)"
        imageIDs[data] = id
        let uri = "data:image/\(opaque ? "jpeg" : "png");base64," + data.base64EncodedString()
        images.append(
            .object([
                ("id", .string(id)), ("w", .int(bitmap.width)), ("h", .int(bitmap.height)),
                ("u", .string("")), ("p", .string(uri)), ("e", .int(1))
            ]))
        return id
    }

    /// The id of a new precomposition of `layers`.
    func comp(_ layers: [LottieJSON]) -> String {
        let id = "comp_\(comps.count)"
        comps.append(.object([("id", .string(id)), ("layers", .array(layers))]))
        return id
    }

    /// A transparent image as an RGBA PNG: the premultiplied pixels made straight again.
    static func png(_ bitmap: Bitmap) throws -> Data {
        var straight = bitmap.bytes
        for i in stride(from: 0, to: straight.count, by: 4) {
            let a = Int(straight[i + 3])
            guard a > 0 && a < 255 else { continue }
            for c in 0..<3 { straight[i + c] = UInt8(min(255, (Int(straight[i + c]) * 255 + a / 2) / a)) }
        }
        var out = ah_png_buffer()
        let status = straight.withUnsafeBufferPointer {
            ah_png_encode_bgra(&out, $0.baseAddress!, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4))
        }
        guard status == 0, let bytes = out.data else { throw OutputError("PNG encoding of a \(bitmap.width)×\(bitmap.height) image failed") }
        defer { free(bytes) }
        return Data(bytes: bytes, count: out.size)
    }
}

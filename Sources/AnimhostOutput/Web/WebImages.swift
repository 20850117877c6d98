import Foundation
import AnimhostCore
import AnimhostRender

/// The pictures a web page shows, each embedded once as a data URI (JPEG where opaque, PNG where not,
/// as the Lottie export embeds them) however many nodes, frames and scenes show it: drawn at the
/// largest size the run shows it (in pixels at the export's scale, at most its own), so that the
/// browser scales it by about 1 as animhost's renderer draws it, and kept once per distinct bytes.
final class WebImages {
    private let parts: PartRasteriser
    private let scale: Double
    /// Each picture shown (by its identity: its file, whatever scene names it), by the number its placeholders carry.
    private var indices: [String: Int] = [:]
    private var pictures: [(name: String, scene: String?, natural: Size, shown: Double)] = []
    /// The first picture that could not be read since the last ``takeFailure()``, thrown once the node is mapped.
    private var failure: Error?

    /// The failure kept while mapping a node, forgotten here, so that a run that failed (an extra run
    /// the page carries) leaves none for the next run's first node.
    func takeFailure() -> Error? {
        defer { failure = nil }
        return failure
    }

    /// Pictures read as the run's renderer reads them, at `scale` pixels a point.
    init(parts: PartRasteriser, scale: Double) { self.parts = parts; self.scale = scale }

    /// The placeholder URL naming picture `name` of `node` in the page (`animhost-image:N`, replaced
    /// by ``embedded()``'s markup), or nil (the failure kept) when it cannot be read; notes the size
    /// the node shows it at.
    func url(_ name: String, node: NodeSample) -> URL? {
        do {
            let key = try parts.caches.images.identity(of: name, scene: node.scene)
            let index: Int
            if let known = indices[key] {
                index = known
            } else {
                let size = try parts.pictureSize(name, scene: node.scene)
                parts.forget()
                index = pictures.count
                indices[key] = index
                pictures.append((name, node.scene, Size(width: Double(size.width), height: Double(size.height)), 0))
            }
            pictures[index].shown = max(pictures[index].shown, shownFraction(pictures[index].natural, on: node))
            return URL(string: "animhost-image:\(index)")
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    /// The fraction of its own size that `node` shows a picture of size `natural` at, in pixels: its
    /// content rectangle through the node's transform to the container, at the scale. A node in a 3D
    /// space shows it at its own size (its perspective may enlarge it anywhere).
    private func shownFraction(_ natural: Size, on node: NodeSample) -> Double {
        guard node.space == nil, natural.width > 0, natural.height > 0 else { return 1 }
        let p = node.properties
        let rect = ContentLayout.rect(image: natural, in: Rect(origin: .zero, size: p.frame.size), mode: p.contentMode)
        let t = node.toContainer
        let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
        let f = max(rect.width * sx / natural.width, rect.height * sy / natural.height) * scale
        return f.isFinite ? f : 1
    }

    /// Each picture drawn at the largest size shown and encoded, the same bytes once: the data URIs,
    /// and for each placeholder number the URI's index.
    func embedded() throws -> (uris: [String], index: [Int]) {
        var uris: [String] = [], seen: [Data: Int] = [:], index: [Int] = []
        for picture in pictures {
            let f = min(max(picture.shown, 0), 1)
            let width = max(1, min(Int(picture.natural.width), Int((picture.natural.width * f - 1e-9).rounded(.up))))
            let height = max(1, min(Int(picture.natural.height), Int((Double(width) * picture.natural.height / picture.natural.width).rounded())))
            let bitmap = try parts.picture(picture.name, scene: picture.scene, width: width, height: height)
            parts.forget()
            let opaque = WebImages.opaque(bitmap)
            let data = try opaque ? bitmap.withPixelBuffer { try JPEGEncoding.encode($0, quality: 90) } : LottieAssets.png(bitmap)
            if let known = seen[data] {
                index.append(known)
            } else {
                seen[data] = uris.count
                index.append(uris.count)
                uris.append("data:image/\(opaque ? "jpeg" : "png");base64," + data.base64EncodedString())
            }
        }
        return (uris, index)
    }

    /// `html` with each placeholder source (`src="animhost-image:N"`) replaced by the page's
    /// `data-image="M"`, M the index of N's data URI in `index`.
    static func markup(_ html: String, index: [Int]) -> String {
        let marker = #"src="animhost-image:"#
        var out = "", rest = html[...]
        while let start = rest.range(of: marker) {
            out += rest[..<start.lowerBound]
            let digits = rest[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let n = Int(digits).flatMap { index.indices.contains($0) ? index[$0] : nil } ?? 0
            out += #"data-image="\#(n)"#
            rest = rest[digits.endIndex...]
        }
        return out + rest
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

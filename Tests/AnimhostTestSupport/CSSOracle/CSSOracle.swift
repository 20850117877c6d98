import Foundation
import AnimhostRender
import AnimhostOutput

/// A timeline frame drawn as an HTML page with CSS (Pages/css-oracle.html): the same node tree as
/// absolutely positioned elements in paint order, each property as ``CSSMapping/table`` says.
public struct OraclePage {
    /// The page.
    public let html: String
    /// Keys some node has that the table does not know: drawn by animhost, left out here.
    public let unmapped: Set<String>
    /// The on-screen boxes left out of the comparison (text, images the page cannot load), in points,
    /// widened by a point and by three σ of any blur over them.
    public let excluded: [OracleRect]

    /// The page of `frame`; `image` gives the URL of each `image` value (nil: its box is excluded).
    public init(_ frame: OracleFrame, image: @escaping (String) -> URL?) throws {
        guard let url = Bundle.module.url(forResource: "css-oracle", withExtension: "html"),
            let template = try? String(contentsOf: url, encoding: .utf8)
        else { throw OracleError("the oracle's page template (css-oracle.html) is missing from the test bundle") }
        var unmapped = Set<String>(), excluded: [OracleRect] = []
        let known = Set(CSSMapping.table.map(\.key))
        func element(_ i: Int, blur: Double) -> String {
            let node = frame.nodes[i]
            unmapped.formUnion(node.fields.keys.filter { !known.contains($0) })
            let parent = node.parent.map { frame.nodes[$0].frame }
            let f = node.frame
            let context = CSSMappingContext(
                fields: node.fields, frame: (f.x, f.y, f.width, f.height), parentOrigin: (parent?.x ?? 0, parent?.y ?? 0), image: image)
            var style = NodeStyle()
            for mapping in CSSMapping.table {
                if let value = node.fields[mapping.key], !(value is NSNull) { mapping.apply(value, context, &style) }
            }
            let blur = blur + max(number(node.fields["blur"]) ?? 0, 0)
            if style.excluded {
                let m = 1 + 3 * blur, b = node.bbox
                excluded.append(OracleRect(x: b.x - m, y: b.y - m, width: b.width + 2 * m, height: b.height + 2 * m))
            }
            if style.hidden { style.node.append("display: none") }
            // The sublayer transform wraps each child alone: one 3-D context per child, so that the children paint
            // in order as Core Animation's sublayers do, where one shared `preserve-3d` context would sort them by depth.
            let wrap: String = CSSText.attributeValue(style.sub.joined(separator: "; "))
            let children: String = frame.children(of: i).map { element($0, blur: blur) }
                .map { wrap.isEmpty ? $0 : #"<div class="sub" style="\#(wrap)">\#($0)</div>"# }.joined()
            let parts: String = style.parts.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.html).joined()
            let id: String = CSSText.attributeValue(node.id), own: String = CSSText.attributeValue(style.node.joined(separator: "; "))
            let clip: String = CSSText.attributeValue(style.clip.joined(separator: "; "))
            let open: String = #"<div class="node" data-id="\#(id)" style="\#(own)">"# + parts
            return open + #"<div class="clip" style="\#(clip)">"# + children + "</div>" + style.overlays.joined() + "</div>\n"
        }
        let nodes = frame.children(of: nil).map { element($0, blur: 0) }.joined()
        html = template.replacingOccurrences(of: "{{STYLE}}", with: try CSSMapping.stylesheet())
            .replacingOccurrences(of: "{{WIDTH}}", with: CSSText.number(frame.width)).replacingOccurrences(of: "{{HEIGHT}}", with: CSSText.number(frame.height))
            .replacingOccurrences(of: "{{NODES}}", with: nodes)
        self.unmapped = unmapped
        self.excluded = excluded
    }

    /// Which pixels of a `width` × `height` frame at `scale` the comparison skips.
    public func mask(width: Int, height: Int, scale: Double) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        for r in excluded {
            let x0 = max(0, Int((r.x * scale).rounded(.down))), y0 = max(0, Int((r.y * scale).rounded(.down)))
            let x1 = min(width, Int(((r.x + r.width) * scale).rounded(.up))), y1 = min(height, Int(((r.y + r.height) * scale).rounded(.up)))
            guard x1 > x0, y1 > y0 else { continue }
            for y in y0..<y1 { for x in x0..<x1 { mask[y * width + x] = true } }
        }
        return mask
    }
}

/// How the oracle's picture of a frame compares with animhost's.
public struct OracleComparison {
    /// PSNR of the colour channels over the pixels outside text, in dB (∞ when equal).
    public let psnr: Double
    /// Chromium's screenshot of the page, as PNG bytes, and animhost's frame.
    public let oraclePNG: Data
    public let oracle: Bitmap, rendered: Bitmap
    /// The page compared, and how many pixels the comparison counted.
    public let page: OraclePage
    public let comparedPixels: Int
}

/// Headless Chromium drawing oracle pages: one browser per scale and one tab in it for many screenshots.
public final class CSSOracle {
    private let chromium: String
    /// Chromium lays a page out in device pixels only when started at a scale (`--force-device-scale-factor`):
    /// an emulated scale rounds boxes to whole CSS pixels.
    private var browsers: [Double: (browser: DevToolsBrowser, session: String?)] = [:]
    private let folder: URL
    private var pages = 0

    /// Finds Chromium (skipping the test when there is none).
    public init() throws {
        chromium = try requireChromium()
        folder = try makeTemporaryFolder("css-oracle")
    }

    deinit { close() }

    /// Ends the browsers and removes the pages written.
    public func close() {
        browsers.values.forEach { $0.browser.close() }
        browsers = [:]
        try? FileManager.default.removeItem(at: folder)
    }

    /// The image resolver of scenes in `folder`: each image path relative to it, nil for a
    /// `placeholder:N` (drawn by animhost alone) or a file that is not there (left out of the comparison).
    public static func images(in folder: URL) -> (String) -> URL? {
        { name in
            let url = URL(fileURLWithPath: name, relativeTo: folder).standardizedFileURL
            return name.hasPrefix("placeholder:") || !FileManager.default.fileExists(atPath: url.path) ? nil : url
        }
    }

    /// Chromium's picture of `page`, a `width` × `height` point viewport at `scale` pixels a point, as PNG bytes.
    public func screenshot(_ page: OraclePage, width: Double, height: Double, scale: Double) throws -> Data {
        pages += 1
        let file = folder.appendingPathComponent("page-\(pages).html")
        try page.html.write(to: file, atomically: true, encoding: .utf8)
        let browser =
            try browsers[scale]?.browser
            ?? DevToolsBrowser(
                chromium, arguments: ["--force-device-scale-factor=\(scale)", "--force-color-profile=srgb", "--hide-scrollbars", "--disable-lcd-text"])
        let session: String
        if let open = browsers[scale]?.session {
            session = open
            try browser.navigate(file.absoluteString, in: session)
        } else {
            session = try browser.open(file.absoluteString)
            try browser.evaluate("Promise.all([...document.images].map(i => i.decode())).then(() => true)", in: session)
        }
        browsers[scale] = (browser, session)
        try browser.setViewport(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), scale: 0, in: session)
        return try browser.screenshot(in: session)
    }

    /// Compares frame `index` of the timeline at `timeline` with animhost's picture of it, `png`
    /// (rendered at `scale`); `image` gives the URL of each image value (nil: its box is excluded).
    public func compare(timeline: URL, frame index: Int, png: URL, scale: Double, image: @escaping (String) -> URL?) throws -> OracleComparison {
        let frame = try OracleFrame(timeline: timeline, frame: index)
        let page = try OraclePage(frame, image: image)
        let shot = try screenshot(page, width: frame.width, height: frame.height, scale: scale)
        let file = folder.appendingPathComponent("shot-\(pages).png")
        try shot.write(to: file)
        let oracle = try Bitmap.read(file), rendered = try Bitmap.read(png)
        guard oracle.width == rendered.width, oracle.height == rendered.height else {
            throw OracleError("Chromium drew \(oracle.width)×\(oracle.height) pixels, \(png.path) has \(rendered.width)×\(rendered.height)")
        }
        let mask = page.mask(width: oracle.width, height: oracle.height, scale: scale)
        return OracleComparison(
            psnr: psnr(oracle, rendered, skipping: mask), oraclePNG: shot, oracle: oracle, rendered: rendered, page: page,
            comparedPixels: mask.count { !$0 })
    }
}

extension OracleComparison {
    /// The images a test names when it fails: a file path for each, in `folder`.
    public func keep(in folder: URL, name: String) throws -> (oracle: URL, page: URL) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shot = folder.appendingPathComponent("\(name)-chromium.png"), html = folder.appendingPathComponent("\(name).html")
        try oraclePNG.write(to: shot)
        try page.html.write(to: html, atomically: true, encoding: .utf8)
        return (shot, html)
    }
}

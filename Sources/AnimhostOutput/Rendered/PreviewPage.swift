import Foundation

/// The fixed parts of `preview.html` (the module's `Resources/preview.html`): styles, controls and the
/// player script around the frame data, which goes where the page's marker comment stands.
enum PreviewPage {
    /// The line the frame data replaces.
    static let marker = "<!-- animhost: the frame data -->\n"

    /// The page before the frame data, titled `title` (already escaped) and after it.
    static func parts(title: String) throws -> (head: String, tail: String) {
        guard let url = Bundle.module.url(forResource: "preview", withExtension: "html"),
              let page = try? String(contentsOf: url, encoding: .utf8),
              let range = page.range(of: marker) else {
            throw OutputError("the preview page (preview.html) is missing from animhost's resources")
        }
        return (String(page[..<range.lowerBound]).replacingOccurrences(of: "{{title}}", with: title),
                String(page[range.upperBound...]))
    }
}

import Foundation

/// The fixed parts of `preview.html` (the module's `HTML/preview.html`): styles, controls and the
/// player script around the frame data, which goes where the page's marker comment stands.
enum PreviewPage {
    /// The line the frame data replaces.
    static let marker = "<!-- animhost: the frame data -->\n"

    /// Read once per process.
    private static let page: String? = Bundle.module.url(forResource: "preview", withExtension: "html")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }

    /// The page before the frame data, titled `title` (already escaped) and after it.
    static func parts(title: String) throws -> (head: String, tail: String) {
        guard let page, let range = page.range(of: marker) else {
            throw OutputError("the preview page (preview.html) is missing beside the executable: reinstall animhost")
        }
        return (
            String(page[..<range.lowerBound]).replacingOccurrences(of: "{{title}}", with: title),
            String(page[range.upperBound...])
        )
    }
}

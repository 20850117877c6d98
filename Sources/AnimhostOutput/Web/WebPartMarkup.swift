/// A part's markup (``NodeStyle/parts``) split around its first element's ` style="…"`: what stays
/// across frames, and the declarations that may change.
struct WebPartMarkup {
    /// The markup before and after the first element's style attribute (no tail: markup without a tag's end, kept as given).
    private let head: Substring, tail: Substring?
    /// The first element's declarations.
    let declarations: [(String, String)]

    /// The markup less its style, a `\u{1}` where the style goes: the same part in another frame has the same.
    let skeleton: String

    /// Splits `html`.
    init(_ html: String) {
        guard let close = html.firstIndex(of: ">") else {
            (head, tail, declarations, skeleton) = (html[...], nil, [], html)
            return
        }
        let tag = html[..<close]
        guard let start = tag.firstRange(of: #" style=""#), let end = html[start.upperBound...].firstIndex(of: "\"") else {
            let at = tag.hasSuffix("/") ? html.index(before: close) : close
            (head, tail, declarations) = (html[..<at], html[at...], [])
            skeleton = head + "\u{1}" + html[at...]
            return
        }
        (head, tail) = (html[..<start.lowerBound], html[html.index(after: end)...])
        declarations = WebDocument.declarations(String(html[start.upperBound..<end]))
        skeleton = head + "\u{1}" + html[html.index(after: end)...]
    }

    /// The markup with `style` (its ` style="…"` and ` data-k`, or nothing) where its style was.
    func html(style: String) -> String { tail.map { String(head) + style + $0 } ?? String(head) }
}

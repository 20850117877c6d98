/// Text a plugin, scene or file name controls, made safe for an HTML page: one escaping for every page
/// the outputs write (the preview page, the web export), as element content or as a quoted attribute.
enum HTMLText {
    /// `s` with `&`, `<`, `>` and both quotes as entities.
    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}

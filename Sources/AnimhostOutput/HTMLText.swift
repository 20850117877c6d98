/// Text a plugin, scene or file name controls, made safe for an HTML page: one escaping for every page
/// the outputs write (the preview page, the web export), as element content or as a quoted attribute.
enum HTMLText {
    /// `s` with `&`, `<`, `>` and both quotes as entities.
    /// One pass over the scalars: each of them escaped wherever it stands, a combining mark after it or not.
    static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

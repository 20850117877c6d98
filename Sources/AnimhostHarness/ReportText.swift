import AnimhostCore
import Foundation

/// Quoting shared by the XML reports of `test` and `check` (their JSON strings are ``JSONString``'s).
enum ReportText {
    /// `s` escaped for an XML attribute: markup characters as entities, line feeds and tabs as
    /// character references (an attribute's own would read as spaces), and every other control
    /// character, most of which XML 1.0 forbids outright, as a visible escape (``TerminalText``).
    static func xml(_ s: String) -> String {
        TerminalText.escaped(s).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
    }
}

import AnimhostCore
import Foundation

/// Quoting shared by the machine-readable reports of `test` and `check`.
enum ReportText {
    /// `s` as a JSON string literal (`/` written as is).
    static func json(_ s: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [s], options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self).dropFirst().dropLast() }.map(String.init) ?? "\"\""
    }

    /// `s` escaped for an XML attribute: markup characters as entities, line feeds and tabs as
    /// character references (an attribute's own would read as spaces), and every other control
    /// character, most of which XML 1.0 forbids outright, as a visible escape (``TerminalText``).
    static func xml(_ s: String) -> String {
        TerminalText.escaped(s).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
    }
}

import Foundation

/// Quoting shared by the machine-readable reports of `test` and `check`.
enum ReportText {
    /// `s` as a JSON string literal (`/` written as is).
    static func json(_ s: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [s], options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self).dropFirst().dropLast() }.map(String.init) ?? "\"\""
    }

    /// `s` escaped for an XML attribute.
    static func xml(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// JSON string literals as every JSON file animhost writes spells them (timelines, Lottie documents,
/// the preview page's data, the `test` and `check` reports): one escaper, so that a name a plugin or a
/// scene gives reads back the same from each of them.
public enum JSONString {
    /// `s` as a JSON string literal (RFC 8259 §7): the quotation mark, the reverse solidus and the
    /// control characters U+0000 to U+001F escaped (`\n`, `\r` and `\t` by name, the others as
    /// `\u00xx`), everything else as it is, `/` and U+2028/U+2029 included: valid JSON, which a page
    /// inlining it in a script escapes further (`HTMLPreviewEncoder.scriptSafe`).
    public static func literal(_ s: String) -> String {
        var out = ""
        append(s, to: &out)
        return out
    }

    /// Appends ``literal(_:)`` of `s` to `out`, for a writer building one long text.
    public static func append(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += escaped(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `\u00xx` of a control character, in lowercase hexadecimal.
    private static func escaped(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

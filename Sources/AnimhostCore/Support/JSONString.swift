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
            if scalar.isASCII, let escape = escape(UInt8(scalar.value)) { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        out += "\""
    }

    /// Whether a UTF-8 byte of a string is escaped in its literal: only ASCII characters are, so a
    /// writer of bytes may test each byte of a string as it comes.
    @inlinable
    public static func isEscaped(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The escape that stands for a UTF-8 byte in a literal, or nil for a byte written as it is.
    public static func escape(_ byte: UInt8) -> String? {
        guard isEscaped(byte) else { return nil }
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        default: return escaped(UInt32(byte))
        }
    }

    /// `\u00xx` of a control character, in lowercase hexadecimal.
    private static func escaped(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

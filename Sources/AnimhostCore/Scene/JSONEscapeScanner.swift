/// Finds the first `\u` escape of a JSON text that names no Unicode character (too few hexadecimal
/// digits, or half of a surrogate pair alone), with its byte offset: Foundation's parser refuses
/// these with a message that names neither the place nor, for a lone half, the cause.
enum JSONEscapeScanner {
    /// The offset of the first bad `\u` escape in `bytes` and what is wrong with it, or nil.
    static func firstBadEscape(in bytes: [UInt8]) -> (offset: Int, problem: String)? {
        var i = 0
        var inString = false
        while i < bytes.count {
            let byte = bytes[i]
            if !inString {
                inString = byte == UInt8(ascii: "\"")
                i += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = false
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else { i += 2; continue }
                guard let value = unit(bytes, at: i) else {
                    return (i, "\\u must be followed by four hexadecimal digits (\\u00e9 is é)")
                }
                switch value {
                case 0xD800...0xDBFF:
                    guard let low = unit(bytes, at: i + 6), (0xDC00...0xDFFF).contains(low) else {
                        return (i, halfAlone(value, "the first half of a surrogate pair with no second half after it"))
                    }
                    i += 12
                    continue
                case 0xDC00...0xDFFF:
                    return (i, halfAlone(value, "the second half of a surrogate pair with no first half before it"))
                default:
                    i += 6
                    continue
                }
            default: break
            }
            i += 1
        }
        return nil
    }

    /// The UTF-16 unit of the `\uXXXX` escape at `offset`, nil when there is none.
    private static func unit(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
        let digits = bytes[(offset + 2)..<(offset + 6)]
        guard digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else { return nil }
        return UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
    }

    /// Why the escape of `unit`, which is `what`, names no character, and what to write instead.
    private static func halfAlone(_ unit: UInt32, _ what: String) -> String {
        "\\u\(String(unit, radix: 16)) is \(what): JSON text is Unicode; write the character itself, or both halves (\\ud83d\\ude00 is 😀)"
    }
}

import AnimhostCore

/// A JSON text built as UTF-8 bytes, for writers that emit a lot of it (the timeline): numbers and
/// strings go straight into one growing buffer, without a `String` for each piece.
struct JSONBytes {
    /// The text so far.
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends literal text: punctuation, keys known to need no escaping.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text as it is (a number ``num(_:)`` spelt).
    mutating func append(raw text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ flag: Bool) { append(flag ? "true" : "false") }

    /// Appends `n` in decimal.
    mutating func append(_ n: Int) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(UInt64(n.magnitude), count: 0)
    }

    /// Appends `x` as ``num(_:)`` spells it: rounded to 1e-6, shortest form, no negative zero.
    ///
    /// Below 1e9 in magnitude the rounded value is the integer `n = x · 1e6` (rounded) over 10⁶, and
    /// its shortest round-trip form is that decimal itself: the spacing of doubles there is under
    /// 1.2e-7, so no other decimal with at most six places (nor any with fewer digits) reads back
    /// as the same double. Swift prints values under 1e-4 with an exponent, and larger ones with
    /// more digits than six places allow: those take ``num(_:)``'s path.
    mutating func number(_ x: Double) {
        guard x.magnitude < 1e9 else { return append(raw: num(x)) }  // NaN and infinities fail it too
        let scaled = (x * 1e6).rounded()
        let m = UInt64(scaled.magnitude)
        let whole = m / 1_000_000, fraction = m % 1_000_000
        if m == 0 { return bytes.append(UInt8(ascii: "0")) }
        if m < 100 { return append(raw: num(x)) }
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(whole, count: 0)
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var places = 6, f = fraction
        while f % 10 == 0 { f /= 10; places -= 1 }
        digits(f, count: places)
    }

    /// Appends `[x, y]`.
    mutating func point(_ x: Double, _ y: Double) {
        append("[")
        number(x)
        append(", ")
        number(y)
        append("]")
    }

    /// Appends `[x, y, width, height]` of a rectangle.
    mutating func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        append("[")
        for (i, x) in [a, b, c, d].enumerated() {
            if i > 0 { append(", ") }
            number(x)
        }
        append("]")
    }

    /// Appends `[a, b, c, d, tx, ty]` of a transform.
    mutating func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        append("[")
        for (i, x) in [a, b, c, d, tx, ty].enumerated() {
            if i > 0 { append(", ") }
            number(x)
        }
        append("]")
    }

    /// Appends a colour as a JSON string of its ``Color/hexString``.
    mutating func append(color: Color) {
        bytes.append(UInt8(ascii: "\""))
        color.appendHex(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a JSON string literal of `s` (``JSONString``'s spelling).
    mutating func append(string s: String) {
        var s = s
        s.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var start = 0
            for (i, b) in utf8.enumerated() where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                escape(b)
                start = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// The escape of one byte that cannot stand in a JSON string as it is.
    private mutating func escape(_ b: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(b)
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            append("u00")
            hex.withUTF8Buffer {
                bytes.append($0[Int(b >> 4)])
                bytes.append($0[Int(b & 15)])
            }
        }
    }

    /// Appends `n` in decimal, with leading zeros up to `count` digits.
    private mutating func digits(_ n: UInt64, count: Int) {
        var width = 1, rest = n / 10
        while rest > 0 { width += 1; rest /= 10 }
        width = Swift.max(width, count)
        let end = bytes.count + width
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        bytes.withUnsafeMutableBufferPointer { out in
            var i = end, rest = n
            while rest > 0 {
                i -= 1
                out[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
    }
}

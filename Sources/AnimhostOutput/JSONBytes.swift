import AnimhostCore

/// A JSON text built as UTF-8 bytes, for writers that emit a lot of it (the timeline): numbers and
/// strings go straight into one growing buffer of its own, without a `String` for each piece.
struct JSONBytes: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes have been written.
    private(set) var count = 0

    init(capacity: Int = 0) {
        self.capacity = Swift.max(capacity, 256)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The text so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Calls `body` with the text so far, without copying it.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Room for `n` more bytes.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    private mutating func grow(_ needed: Int) {
        capacity = Swift.max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: start, count: count)
        start.deallocate()
        start = larger
    }

    @inline(__always)
    private mutating func append(byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(start + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends literal text: punctuation, keys known to need no escaping.
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends text as it is (a number ``num(_:)`` spelt).
    mutating func append(raw text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    mutating func append(_ flag: Bool) { append(flag ? "true" : "false") }

    /// Appends `n` in decimal.
    mutating func append(_ n: Int) {
        if n < 0 { append(byte: UInt8(ascii: "-")) }
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
        if m == 0 { return append(byte: UInt8(ascii: "0")) }
        if m < 100 { return append(raw: num(x)) }
        if scaled < 0 { append(byte: UInt8(ascii: "-")) }
        digits(whole, count: 0)
        guard fraction != 0 else { return }
        append(byte: UInt8(ascii: "."))
        var places = 6, f = fraction
        while f % 10 == 0 { f /= 10; places -= 1 }
        digits(f, count: places)
    }

    /// Appends `[x, y]`.
    mutating func point(_ x: Double, _ y: Double) {
        append(byte: UInt8(ascii: "["))
        number(x)
        append(", ")
        number(y)
        append(byte: UInt8(ascii: "]"))
    }

    /// Appends `[x, y, width, height]` of a rectangle.
    mutating func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        append(byte: UInt8(ascii: "["))
        number(a)
        append(", ")
        number(b)
        append(", ")
        number(c)
        append(", ")
        number(d)
        append(byte: UInt8(ascii: "]"))
    }

    /// Appends `[a, b, c, d, tx, ty]` of a transform.
    mutating func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        numbers(a, b, c, d)
        count -= 1
        append(", ")
        number(tx)
        append(", ")
        number(ty)
        append(byte: UInt8(ascii: "]"))
    }

    /// Appends `[m11, …, m44]` of a 3-D transform.
    mutating func matrix(_ numbers: [Double]) {
        append(byte: UInt8(ascii: "["))
        for (i, x) in numbers.enumerated() {
            if i > 0 { append(", ") }
            number(x)
        }
        append(byte: UInt8(ascii: "]"))
    }

    /// Appends a colour as a JSON string of its ``Color/hexString``.
    mutating func append(color: Color) {
        let c = color.hexBytes
        reserve(11)
        append(byte: UInt8(ascii: "\""))
        append(byte: UInt8(ascii: "#"))
        hex(c.r)
        hex(c.g)
        hex(c.b)
        if let a = c.a { hex(a) }
        append(byte: UInt8(ascii: "\""))
    }

    /// Two uppercase hex digits.
    private mutating func hex(_ v: UInt8) {
        let digits: StaticString = "0123456789ABCDEF"
        append(byte: digits.utf8Start[Int(v >> 4)])
        append(byte: digits.utf8Start[Int(v & 15)])
    }

    /// Appends ``JSONString/literal(_:)`` of `s`.
    mutating func append(string s: String) {
        var s = s
        s.withUTF8 { utf8 in
            // Room for the text and its quotes at once; an escape (rare: keys and ids have none) reserves its own.
            reserve(utf8.count + 2)
            append(byte: UInt8(ascii: "\""))
            for b in utf8 {
                if JSONString.isEscaped(b) {
                    append(raw: JSONString.escape(b)!)
                    reserve(utf8.count + 1)
                } else {
                    start[count] = b
                    count += 1
                }
            }
            append(byte: UInt8(ascii: "\""))
        }
    }

    /// Appends `n` in decimal, with leading zeros up to `count` digits.
    private mutating func digits(_ n: UInt64, count width: Int) {
        var digits = 1, rest = n / 10
        while rest > 0 { digits += 1; rest /= 10 }
        digits = Swift.max(digits, width)
        reserve(digits)
        var i = count + digits
        rest = n
        while i > count {
            i -= 1
            start[i] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }
}

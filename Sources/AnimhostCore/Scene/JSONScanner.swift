/// Reads well-formed JSON (RFC 8259) into a ``JSONValue`` in one pass over its bytes, for scene and
/// gesture files: several times faster than Foundation's decoder.
///
/// It accepts only what it reads exactly as Foundation does, and gives up (nil) on everything
/// else: a syntax error, a key given twice, a number out of a double's range, an escaped
/// surrogate, text that is not UTF-8, nesting deeper than ``maxDepth``. ``JSONValue/parse(_:)``
/// then asks Foundation, whose answer (a value or the message naming the line) stays the one a
/// user sees.
struct JSONScanner {
    /// The deepest nesting read here; deeper documents go to Foundation, which has its own limit.
    static let maxDepth = 200

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The document in `bytes`, or nil when it is not one this reader takes.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var scanner = JSONScanner(bytes)
        guard let value = scanner.value(depth: 0) else { return nil }
        scanner.skipSpace()
        return scanner.i == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"): return depth < Self.maxDepth ? object(depth: depth + 1) : nil
        case UInt8(ascii: "["): return depth < Self.maxDepth ? array(depth: depth + 1) : nil
        case UInt8(ascii: "\""): return string().map { .string($0) }
        case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return word("null") ? .null : nil
        default: return number().map { .number($0) }
        }
    }

    private mutating func word(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard bytes.count - i >= n, (0..<n).allSatisfy({ bytes[i + $0] == text.utf8Start[$0] }) else { return false }
        i += n
        return true
    }

    /// Consumes `byte` after optional white space.
    private mutating func next(_ byte: UInt8) -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    /// An object's members, gathered on a stack shared by every level so that each object's
    /// dictionary is made once at its final size.
    private var members: [(key: String, value: JSONValue)] = []

    private mutating func object(depth: Int) -> JSONValue? {
        i += 1
        if next(UInt8(ascii: "}")) { return .object([:]) }
        let base = members.count
        defer { members.removeLast(members.count - base) }
        repeat {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string(), next(UInt8(ascii: ":")),
                let value = value(depth: depth)
            else { return nil }
            members.append((key, value))
        } while next(UInt8(ascii: ","))
        guard next(UInt8(ascii: "}")) else { return nil }
        var fields = [String: JSONValue](minimumCapacity: members.count - base)
        for (key, value) in members[base...] where fields.updateValue(value, forKey: key) != nil { return nil }
        return .object(fields)
    }

    private mutating func array(depth: Int) -> JSONValue? {
        i += 1
        var items: [JSONValue] = []
        if next(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = value(depth: depth) else { return nil }
            items.append(item)
        } while next(UInt8(ascii: ","))
        return next(UInt8(ascii: "]")) ? .array(items) : nil
    }

    /// The string whose opening quote is at `i`.
    private mutating func string() -> String? {
        i += 1
        let start = i
        var ascii = true
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<i])
                i += 1
                return ascii ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") { return escapedString(from: start) }
            if b < 0x20 { return nil }
            if b >= 0x80 { ascii = false }
            i += 1
        }
        return nil
    }

    /// The rest of a string holding an escape, from its first byte at `start`.
    private mutating func escapedString(from start: Int) -> String? {
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""): return String(validating: out, as: UTF8.self)
            case 0..<0x20: return nil
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard let code = hex4(), let scalar = Unicode.Scalar(code) else { return nil }  // surrogates: nil
                    out.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            default: out.append(b)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - i >= 4 else { return nil }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            code = code << 4 | UInt32(digit)
            i += 1
        }
        return code
    }

    /// A number in JSON's grammar, read exactly: at most 15 significant digits scaled by at most
    /// 10²² is one correctly rounded operation on exact doubles; anything else goes to `strtod`.
    /// Zero with an exponent, and numbers beyond a double's range either way, are left to Foundation.
    private mutating func number() -> Double? {
        let start = i
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0, digits = 0, scale = 0
        guard i < bytes.count, isDigit(bytes[i]) else { return nil }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while i < bytes.count, isDigit(bytes[i]) { accumulate(&mantissa, &digits); i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { return nil }
            while i < bytes.count, isDigit(bytes[i]) {
                accumulate(&mantissa, &digits)
                scale -= 1
                i += 1
            }
        }
        var exact = digits <= 15
        let zero = mantissa == 0 && digits == 0
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            guard !zero else { return nil }  // Foundation reads `0e5` as out of range but `0e-5` as 0
            i += 1
            var sign = 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
            }
            guard i < bytes.count, isDigit(bytes[i]) else { return nil }
            var exponent = 0
            while i < bytes.count, isDigit(bytes[i]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - UInt8(ascii: "0")) }
                i += 1
            }
            scale += sign * exponent
            exact = exact && exponent < 100_000
        }
        if zero { return negative ? -0.0 : 0 }
        if exact && (-22...22).contains(scale) {
            let m = Double(mantissa)
            let value = scale < 0 ? m / Self.powers[-scale] : m * Self.powers[scale]
            if value.isFinite { return negative ? -value : value }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let value = Double(text), value.isFinite, value != 0 else { return nil }  // out of range either way
        return value
    }

    /// Adds the digit at `i` to a mantissa of at most 19 digits; `digits` counts the significant ones.
    private func accumulate(_ mantissa: inout UInt64, _ digits: inout Int) {
        guard mantissa != 0 || bytes[i] != UInt8(ascii: "0") else { return }  // leading zeros of a fraction
        digits += 1
        if digits <= 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] - UInt8(ascii: "0")) }
    }

    private func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    /// 10⁰ … 10²², each exact as a double.
    private static let powers: [Double] = (0...22).map { (0..<$0).reduce(1.0) { x, _ in x * 10 } }
}

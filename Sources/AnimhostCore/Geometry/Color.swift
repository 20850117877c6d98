/// An sRGB colour with straight (not premultiplied) alpha; components in 0…1.
public struct Color: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }

    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (hex digits in either case); nil when the
    /// text is none of those.
    public init?(hex text: String) {
        var text = text
        guard let color = text.withUTF8({ Color.parse(hex: $0) }) else { return nil }
        self = color
    }

    /// ``init(hex:)`` on UTF-8 bytes, for a caller that holds them (a Lua string) without a `String`.
    public init?(hexUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let color = Color.parse(hex: bytes) else { return nil }
        self = color
    }

    /// ``init(hex:)`` on UTF-8 bytes: one table look-up per digit.
    static func parse(hex s: UnsafeBufferPointer<UInt8>) -> Color? {
        let n = s.count - 1
        guard n == 3 || n == 4 || n == 6 || n == 8, s[0] == UInt8(ascii: "#") else { return nil }
        let short = n < 6
        var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &bytes) { out in
            for k in 0..<(short ? n : n / 2) {
                let hi = hexValues[Int(s[short ? 1 + k : 1 + 2 * k])]
                let lo = short ? hi : hexValues[Int(s[2 + 2 * k])]
                invalid |= hi | lo
                out[k] = hi << 4 | lo
            }
        }
        guard invalid < 16 else { return nil }
        return Color(r: Double(bytes.0) / 255, g: Double(bytes.1) / 255, b: Double(bytes.2) / 255, a: Double(bytes.3) / 255)
    }

    /// Each byte's value as a hex digit, 0xFF for a byte that is none.
    private static let hexValues: [UInt8] = (0...255).map { b in
        switch UInt8(b) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(b) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(b) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt8(b) - UInt8(ascii: "A") + 10
        default: return 0xFF
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        let c = hexBytes
        let bytes = [c.r, c.g, c.b] + (c.a.map { [$0] } ?? [])
        return "#" + bytes.map { $0 < 16 ? "0" + String($0, radix: 16, uppercase: true) : String($0, radix: 16, uppercase: true) }.joined()
    }

    /// The bytes ``hexString`` spells: each component clamped to 0…1 and rounded to the nearest of
    /// 0…255; alpha only when not opaque. Writers of much text spell them themselves.
    public var hexBytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8?) {
        func byte(_ v: Double) -> UInt8 { UInt8(checkedInt(Swift.min(Swift.max(v, 0), 1) * 255, .toNearestOrAwayFromZero)) }
        return (byte(r), byte(g), byte(b), a >= 1 ? nil : byte(a))
    }
}

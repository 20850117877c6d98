/// An sRGB colour with straight (not premultiplied) alpha; components in 0…1.
public struct Color: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }

    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`; nil when the text is none of those.
    public init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        var digits = Array(text.dropFirst())
        if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var values: [Double] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let v = UInt8(String(digits[i..<i + 2]), radix: 16) else { return nil }
            values.append(Double(v) / 255)
        }
        self.init(r: values[0], g: values[1], b: values[2], a: values.count == 4 ? values[3] : 1)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let n = checkedInt(Swift.min(Swift.max(v, 0), 1) * 255, .toNearestOrAwayFromZero)
            return n < 16 ? "0" + String(n, radix: 16, uppercase: true) : String(n, radix: 16, uppercase: true)
        }
        return "#" + byte(r) + byte(g) + byte(b) + (a >= 1 ? "" : byte(a))
    }
}

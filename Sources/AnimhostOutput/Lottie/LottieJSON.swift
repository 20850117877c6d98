import Foundation
import AnimhostCore

/// The JSON a Lottie document is made of, written compactly and deterministically: keys in the
/// order given, numbers rounded to a fixed number of decimals (a player needs no more, and the file
/// stays small).
indirect enum LottieJSON {
    case number(Double, decimals: Int)
    case string(String)
    case bool(Bool)
    case array([LottieJSON])
    case object([(String, LottieJSON)])

    /// A number to three decimals (points, percent, degrees).
    static func num(_ v: Double) -> LottieJSON { .number(v, decimals: 3) }
    /// A whole number.
    static func int(_ v: Int) -> LottieJSON { .number(Double(v), decimals: 0) }
    /// Numbers to three decimals.
    static func nums(_ v: [Double]) -> LottieJSON { .array(v.map(num)) }

    /// The compact text of the value.
    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .number(let v, let decimals): out += LottieJSON.format(v, decimals: decimals)
        case .string(let s): JSONString.append(s, to: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                JSONString.append(key, to: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// `v` with at most `decimals` decimals, trailing zeros dropped, never `-0` (non-finite values as 0).
    static func format(_ v: Double, decimals: Int) -> String {
        guard v.isFinite else { return "0" }
        let factor = pow(10, Double(decimals))
        let rounded = (v * factor).rounded() / factor
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var s = String(format: "%.\(decimals)f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}

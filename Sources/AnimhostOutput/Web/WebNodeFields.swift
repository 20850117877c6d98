import Foundation
import AnimhostCore

/// A node's timeline fields as the values ``CSSMapping`` reads (`NSNumber`s, strings, arrays and
/// dictionaries), the values the timeline file's JSON would parse to, without writing or parsing it:
/// numbers rounded to 1e-6 as the file writes them (``num(_:)``), colours as their hex strings.
enum WebNodeFields {
    /// The fields of `node`, by key.
    static func of(_ node: NodeSample) -> [String: Any] {
        var fields: [String: Any] = [:]
        node.forEachTimelineField { key, value in fields[key] = any(value) }
        return fields
    }

    /// `value` as the timeline file's JSON parses.
    private static func any(_ value: TimelineValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let b): return NSNumber(value: b)
        case .integer(let n): return NSNumber(value: n)
        case .number(let x): return number(x)
        case .string(let s): return s
        case .rect(let r): return [number(r.x), number(r.y), number(r.width), number(r.height)]
        case .size(let s): return [number(s.width), number(s.height)]
        case .color(let c): return c.hexString
        case .transform(let t): return [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number)
        case .point(let p): return [number(p.x), number(p.y)]
        case .transform3D(let t): return t.numbers.map(number)
        case .array(let items): return items.map(any)
        case .names(let names): return names
        case .object(let fields):
            var out: [String: Any] = [:]
            for f in fields { out[f.key] = any(f.value) }
            return out
        }
    }

    /// `x` as the timeline file writes it and JSON reads it back: rounded to 1e-6 below 1e15 in
    /// magnitude, no negative zero (``num(_:)``); null where not finite.
    private static func number(_ x: Double) -> Any {
        guard x.isFinite else { return NSNull() }
        guard abs(x) < 1e15 else { return NSNumber(value: x) }
        let r = (x * 1e6).rounded() / 1e6
        return NSNumber(value: r == 0 ? 0 : r)
    }
}

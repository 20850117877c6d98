import Foundation

/// Reads Hero's modifier strings: a name, then arguments in parentheses when it takes any.
extension Modifier {
    /// Parses one modifier such as `scale(0.8)` or `whenPresenting(fade, delay(0.1))`.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let name: String, args: [String]
        if let open = trimmed.firstIndex(of: "(") {
            guard trimmed.hasSuffix(")") else { throw ModifierError("'\(text)': expected a closing parenthesis") }
            name = String(trimmed[..<open]).trimmingCharacters(in: .whitespaces)
            args = try Modifier.split(String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]), in: text)
        } else {
            name = trimmed; args = []
        }
        self = try Modifier.make(name, args, text: text)
    }

    /// Splits an argument list at its top-level commas.
    private static func split(_ inner: String, in text: String) throws -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for c in inner {
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1; if depth < 0 { throw ModifierError("'\(text)': unbalanced parentheses") } }
            if c == "," && depth == 0 { parts.append(current); current = "" } else { current.append(c) }
        }
        guard depth == 0 else { throw ModifierError("'\(text)': unbalanced parentheses") }
        parts.append(current)
        let trimmed = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        return trimmed == [""] ? [] : trimmed
    }

    private static func make(_ name: String, _ args: [String], text: String) throws -> Modifier {
        func fail(_ usage: String) -> ModifierError { ModifierError("'\(text)': expected \(usage)") }
        func numbers(_ counts: ClosedRange<Int>, _ usage: String, min lo: Double = -1e9) throws -> [Double] {
            guard counts.contains(args.count) else { throw fail(usage) }
            return try args.map { a in
                guard let v = Double(a), v.isFinite, v >= lo, v <= 1e9 else { throw fail(usage) }
                return v
            }
        }
        switch name {
        case "fade": _ = try numbers(0...0, "fade without arguments"); return .fade
        case "opacity":
            let v = try numbers(1...1, "opacity(a) with a from 0 to 1", min: 0)
            guard v[0] <= 1 else { throw fail("opacity(a) with a from 0 to 1") }
            return .opacity(v[0])
        case "scale":
            let v = try numbers(1...2, "scale(s) or scale(x, y)")
            return .scale(x: v[0], y: v.count == 2 ? v[1] : v[0])
        case "translate": let v = try numbers(2...2, "translate(x, y)"); return .translate(x: v[0], y: v[1])
        case "rotate": return .rotate(try numbers(1...1, "rotate(radians)")[0])
        case "size": let v = try numbers(2...2, "size(width, height), not negative", min: 0); return .size(width: v[0], height: v[1])
        case "position": let v = try numbers(2...2, "position(x, y)"); return .position(x: v[0], y: v[1])
        case "cornerRadius": return .cornerRadius(try numbers(1...1, "cornerRadius(r), not negative", min: 0)[0])
        case "zPosition": return .zPosition(try numbers(1...1, "zPosition(z)")[0])
        case "delay": return .delay(try numbers(1...1, "delay(seconds), not negative", min: 0)[0])
        case "duration": return .duration(try numbers(1...1, "duration(seconds), not negative", min: 0)[0])
        case "curve":
            guard args.count == 1 else { throw fail("curve(name), such as curve(deceleration)") }
            do { _ = try Easing(spec: args[0]) } catch { throw ModifierError("'\(text)': \(error)") }
            return .curve(args[0])
        case "spring":
            let v = try numbers(2...2, "spring(stiffness, damping), stiffness > 0 and damping ≥ 0", min: 0)
            guard v[0] > 0 else { throw fail("spring(stiffness, damping), stiffness > 0 and damping ≥ 0") }
            return .spring(stiffness: v[0], damping: v[1])
        case "arc":
            let usage = "arc, arc(intensity), arc(material) or arc(materialCenter)"
            if args.count == 1, args[0] == "material" { return .arc(.material) }
            if args.count == 1, args[0] == "materialCenter" { return .arc(.materialCenter) }
            return .arc(.quadratic(try numbers(0...1, usage).first ?? 1))
        case "cascade":
            let usage = "cascade(delta[, direction]) with a direction among \(CascadeDirection.allCases.map(\.rawValue).joined(separator: ", "))"
            guard args.count <= 2 else { throw fail(usage) }
            let delta = args.isEmpty ? 0.02 : Double(args[0]) ?? -1
            guard delta >= 0, delta <= 1e9 else { throw fail(usage) }
            guard args.count < 2 else {
                guard let d = CascadeDirection(rawValue: args[1]) else {
                    let hint = closestName(to: args[1], among: CascadeDirection.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                    throw ModifierError("'\(text)': unknown cascade direction '\(args[1])'\(hint)")
                }
                return .cascade(delta: delta, direction: d)
            }
            return .cascade(delta: delta, direction: .topToBottom)
        case "source":
            guard args.count == 1, !args[0].isEmpty else { throw fail("source(tag)") }
            return .source(args[0])
        case "whenPresenting", "whenDismissing":
            guard !args.isEmpty else { throw fail("\(name)(modifier, …) with at least one modifier") }
            let inner = try args.map { try Modifier(parsing: $0) }
            return name == "whenPresenting" ? .whenPresenting(inner) : .whenDismissing(inner)
        default:
            if let option = ModifierOption(rawValue: name) {
                _ = try numbers(0...0, "\(name) without arguments")
                return .option(option)
            }
            let hint = closestName(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw ModifierError("unknown modifier '\(name)'\(hint)")
        }
    }
}

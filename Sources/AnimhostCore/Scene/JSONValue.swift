import Foundation

/// A parsed JSON document that keeps booleans and numbers apart, for precise error messages.
public enum JSONValue: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else if let o = try? c.decode([String: JSONValue].self) {
            self = .object(o)
        } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "a number too large to represent")
        }
    }

    /// Parses `data`; the error gives the line and column of a syntax error, or the line of a key given twice.
    public static func parse(_ data: Data) throws -> JSONValue {
        let scanned = data.withUnsafeBytes { JSONScanner.parse($0.bindMemory(to: UInt8.self)) }
        return try scanned ?? parseWithFoundation(data)
    }

    /// ``parse(_:)`` by Foundation's decoder: the reference ``JSONScanner`` reads as, and the
    /// reader of every document it gives up on, whose messages name the place.
    static func parseWithFoundation(_ data: Data) throws -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            throw JSONSyntaxError(detail: "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(context.debugDescription)")
        } catch {
            if let (path, number) = JSONNumberScanner.firstOutOfRange(in: [UInt8](data)) {
                throw JSONSyntaxError(detail: (path.isEmpty ? "" : "\(path): ") + "\(number) is out of range")
            }
            throw JSONSyntaxError(detail: syntaxErrorLocation(in: data))
        }
        if let twice = JSONDuplicateKeys.first(in: data) {  // the decoder keeps the last value silently
            throw JSONSyntaxError(detail: "line \(twice.line): the key '\(twice.key)' is given twice in one object; keep one")
        }
        return value
    }

    /// Foundation's parser reports a character offset; turn it into line and column.
    private static func syntaxErrorLocation(in data: Data) -> String {
        guard String(data: data, encoding: .utf8) != nil else { return "not UTF-8 text" }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "not valid JSON"
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
                let offset = Int(detail[range].split(separator: " ")[1])
            else {
                // A bad \u escape or a file cut short: Foundation names no place, so find it.
                if let bad = JSONEscapeScanner.firstBadEscape(in: [UInt8](data)) { return "invalid JSON at \(place(bad.offset, in: data)): \(bad.problem)" }
                if detail.hasPrefix("Unexpected end of file") { return "invalid JSON at \(place(data.count, in: data)): the file ends inside a value" }
                return detail
            }
            // Foundation stops at a fixed depth (hundreds of levels): valid JSON, only too deep to read.
            let what = detail.hasPrefix("Too many nested") ? "arrays and objects nested too deeply to read" : "invalid JSON"
            return "\(what) at \(place(offset, in: data))"
        }
    }

    /// `line L, column C` of the byte at `offset` in `data`.
    private static func place(_ offset: Int, in data: Data) -> String {
        let prefix = data.prefix(offset)
        let line = prefix.filter { $0 == 0x0A }.count + 1
        let column = offset - (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }

    /// A short name of the value's kind, for messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A document that is not JSON.
public struct JSONSyntaxError: Error, CustomStringConvertible {
    public let detail: String
    public var description: String { detail }
}

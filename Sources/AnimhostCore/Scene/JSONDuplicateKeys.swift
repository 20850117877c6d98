import Foundation

/// Finds a key given twice in one JSON object, which Foundation's parser silently resolves to the
/// last value: in a scene or gesture file that is almost always a mistake worth naming.
enum JSONDuplicateKeys {
    /// The first key repeated within one object of `data` (already known to be valid JSON), and its line.
    static func first(in data: Data) -> (key: String, line: Int)? {
        var objects: [Set<String>?] = []  // one entry per open container; nil for arrays
        var expectKey = false
        var line = 1
        var i = data.startIndex
        while i < data.endIndex {
            switch data[i] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "{"): objects.append([]); expectKey = true
            case UInt8(ascii: "["): objects.append(nil); expectKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = objects.popLast(); expectKey = false
            case UInt8(ascii: ","): expectKey = objects.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                while i < data.endIndex && data[i] != UInt8(ascii: "\"") { i += data[i] == UInt8(ascii: "\\") ? 2 : 1 }
                if expectKey, var keys = objects.last ?? nil {
                    let key = decode(data[start...min(i, data.endIndex - 1)])
                    if keys.contains(key) { return (key, line) }
                    keys.insert(key)
                    objects[objects.count - 1] = keys
                }
                expectKey = false
            default: break
            }
            i += 1
        }
        return nil
    }

    /// A string literal's value, escapes included.
    private static func decode(_ literal: Data) -> String {
        let inner = literal.dropFirst().dropLast()
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        return (try? JSONSerialization.jsonObject(with: Data(literal), options: [.fragmentsAllowed])) as? String
            ?? String(decoding: inner, as: UTF8.self)
    }
}

/// Finds the first number in a JSON text too large for a Double, with its JSON path, so that a
/// file's message can say where it is (Foundation's parser names the number but not the place).
enum JSONNumberScanner {
    private enum Container {
        case array(index: Int)
        case object(key: String?)
    }

    /// The path (as `nodes[3].frame[2]`) and the text of the first number out of range, or nil.
    /// One pass with a stack of its own: nesting depth never reaches the call stack.
    static func firstOutOfRange(in bytes: [UInt8]) -> (path: String, number: String)? {
        var stack: [Container] = []
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                let (text, end) = string(bytes, from: i)
                i = end
                if case .object? = stack.last, next(bytes, from: i) == UInt8(ascii: ":") { stack[stack.count - 1] = .object(key: text) }
                continue
            case UInt8(ascii: "{"): stack.append(.object(key: nil))
            case UInt8(ascii: "["): stack.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            case UInt8(ascii: ","):
                if case .array(let n)? = stack.last { stack[stack.count - 1] = .array(index: n + 1) }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = i
                while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
                let token = String(decoding: bytes[i..<end], as: UTF8.self)
                if let n = Double(token), !n.isFinite { return (path(stack), token) }
                i = end
                continue
            default: break
            }
            i += 1
        }
        return nil
    }

    private static func isNumberByte(_ b: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }

    /// The raw text of the string starting at the quote at `start`, and the index after its closing quote.
    private static func string(_ bytes: [UInt8], from start: Int) -> (String, Int) {
        var i = start + 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        return (String(decoding: bytes[(start + 1)..<min(i, bytes.count)], as: UTF8.self), i + 1)
    }

    /// The first byte at or after `i` that is not white space.
    private static func next(_ bytes: [UInt8], from i: Int) -> UInt8? {
        bytes[min(i, bytes.count)...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    private static func path(_ stack: [Container]) -> String {
        var out = ""
        for c in stack {
            switch c {
            case .array(let n): out += "[\(n)]"
            case .object(let key?): out += out.isEmpty ? key : ".\(key)"
            case .object(nil): break
            }
        }
        return out
    }
}

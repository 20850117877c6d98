import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 client over a loopback socket, as a browser or a tool talks to the preview:
/// every read is bounded by a timeout, so a silent server fails the test instead of hanging it.
struct LoopbackClient {
    let port: Int
    var timeout: Double = 10

    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request and reads the reply to the end (the connection is closed after it).
    func request(
        _ method: String, _ path: String, body: Data = Data(), type: String? = nil, host: String? = nil,
        origin: String? = nil, headers: [String: String] = [:]
    ) throws -> Reply {
        let socket = try Connection(port: port, timeout: timeout)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        if let type { head += "Content-Type: \(type)\r\n" }
        if let origin { head += "Origin: \(origin)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        try socket.send(Data((head + "\r\n").utf8) + body)
        let raw = try socket.readToEnd()
        return try Self.parse(raw)
    }

    func get(_ path: String) throws -> Reply { try request("GET", path) }

    /// The token the page carries (its `<meta name="animhost-token">`).
    func pageToken() throws -> String {
        let page = try get("/").text
        guard let start = page.range(of: "name=\"animhost-token\" content=\""), let end = page[start.upperBound...].firstIndex(of: "\"") else {
            throw ClientError("no token in the page")
        }
        return String(page[start.upperBound..<end])
    }

    /// POSTs `body` to `/params` as the page does: from the preview's own origin, with the page's token.
    func post(_ body: String, type: String = "application/json") throws -> Reply {
        try request(
            "POST", "/params", body: Data(body.utf8), type: type, origin: "http://127.0.0.1:\(port)",
            headers: ["X-Animhost-Token": try pageToken()])
    }

    /// Opens `/events` and returns the connection, to read events from as they come.
    func subscribe() throws -> EventReader {
        let socket = try Connection(port: port, timeout: timeout)
        try socket.send(Data("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8))
        return EventReader(socket: socket)
    }

    static func parse(_ raw: Data) throws -> Reply {
        guard let split = raw.range(of: Data("\r\n\r\n".utf8)) else { throw ClientError("no header end in \(raw.count) bytes") }
        let lines = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(raw[split.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Reply(status: status, headers: headers, body: body)
    }

    /// The payload of a chunked body.
    static func dechunk(_ data: Data) -> Data {
        var out = Data(), rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)),
            let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0
        {
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
            let end = rest.index(start, offsetBy: size)
            out += rest[start..<end]
            rest = rest[rest.index(end, offsetBy: min(2, rest.distance(from: end, to: rest.endIndex)))...]
        }
        return out
    }
}

/// Reads `run` events from an open `/events` connection.
final class EventReader {
    private let socket: Connection
    private var buffer = Data()

    init(socket: Connection) { self.socket = socket }

    /// The data of the next `run` event, decoded; throws when none comes within the timeout.
    func next() throws -> [String: Any] {
        let pattern = try NSRegularExpression(pattern: "event: run\\ndata: (\\{[^\\n]*\\})\\n\\n")
        while true {
            let text = String(decoding: buffer, as: UTF8.self)
            if let m = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let range = Range(m.range(at: 1), in: text), let whole = Range(m.range, in: text)
            {
                buffer = Data(text[whole.upperBound...].utf8)
                return try JSONSerialization.jsonObject(with: Data(text[range].utf8)) as! [String: Any]
            }
            buffer += try socket.read()
        }
    }

    /// Reads events until one satisfies `match` (at most `limit` of them).
    func next(limit: Int = 20, where match: ([String: Any]) -> Bool) throws -> [String: Any] {
        for _ in 0..<limit { let e = try next(); if match(e) { return e } }
        throw ClientError("no matching event in \(limit)")
    }

    func close() { socket.close() }
}

struct ClientError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// A TCP connection to 127.0.0.1 with receive and send timeouts.
final class Connection {
    private var fd: Int32

    init(port: Int, timeout: Double) throws {
        fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError("socket() failed") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else { Glibc.close(fd); throw ClientError("cannot connect to 127.0.0.1:\(port)") }
    }

    deinit { close() }

    func close() { if fd >= 0 { Glibc.close(fd); fd = -1 } }

    func send(_ data: Data) throws {
        let sent = data.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, data.count, 0) }
        guard sent == data.count else { throw ClientError("send failed") }
    }

    /// The next bytes; throws on a timeout, returns empty at the end of the stream.
    func read() throws -> Data {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &chunk, chunk.count, 0)
        guard n >= 0 else { throw ClientError("no reply within the timeout") }
        guard n > 0 else { throw ClientError("the server closed the connection") }
        return Data(chunk[0..<n])
    }

    func readToEnd() throws -> Data {
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n >= 0 else { throw ClientError("no reply within the timeout") }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }
}

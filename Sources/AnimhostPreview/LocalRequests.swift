import Foundation
import Hummingbird
import Synchronization

/// Who may use the preview: the names and the port it answers to, and the token its page holds.
///
/// The token is 32 bytes from the system's cryptographic generator (`getrandom` on Linux), made
/// anew at each server start and written into the page it serves; a change of settings must carry
/// it. Another site's page can send requests to the preview but cannot read its page (no CORS
/// headers, and a `Host` naming another site is refused), so it never learns the token.
final class PreviewAccess: Sendable {
    /// The header a change of settings carries the page's token in.
    static let tokenHeader = HTTPFields.Element.Name("X-Animhost-Token")!
    /// Host names the server is reached by: loopback's, and the address it listens on.
    let names: Set<String>
    /// The page's token, as hex.
    let token: String
    private let port: Atomic<Int>

    /// Access to a server listening on `host`:`port` (port 0 until ``bound(to:)`` tells the real one).
    init(host: String, port: Int) {
        names = Set(["127.0.0.1", "localhost", "::1", host].map { $0.lowercased() })
        var random = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(format: "%016llx", random.next() as UInt64) }.joined()
        self.port = Atomic(port)
    }

    /// Records the port the server listens on, once it does.
    func bound(to port: Int) { self.port.store(port, ordering: .sequentiallyConsistent) }

    /// Whether `authority` (a `Host` header: `name[:port]`) names this server: one of its names, with
    /// exactly its port written as a browser writes it (none for 80).
    func isOwn(authority: String) -> Bool {
        let (name, portText) = Self.split(authority)
        let port = self.port.load(ordering: .sequentiallyConsistent)
        return names.contains(name.lowercased()) && (portText.map { $0 == String(port) } ?? (port == 80))
    }

    /// Whether `candidate` is the page's token (compared in constant time).
    func isToken(_ candidate: String) -> Bool {
        let a = Array(candidate.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `authority`'s host name and port text (`[::1]:8080` → `::1`, `8080`); nil port when none is written.
    static func split(_ authority: String) -> (name: String, port: Substring?) {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            let rest = authority[authority.index(after: end)...]
            return (String(authority[authority.index(after: authority.startIndex)..<end]), rest.hasPrefix(":") ? rest.dropFirst() : rest.isEmpty ? nil : rest)
        }
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? parts[1] : nil)
    }
}

/// Refuses (403) every request that did not come from a page of the preview itself, and marks every
/// answer as the preview's alone. Refused: a `Host` other than the server's own name and port (DNS
/// rebinding: a remote site's name pointed at 127.0.0.1); an `Origin` other than the server's exact
/// one (scheme, host and port); a browser's cross-site or same-site fetch (`Sec-Fetch-Site`: an
/// `<img>` or a script of another page), a top-level navigation to `/` aside; and any method but GET
/// without both the exact `Origin` and the page's token. Answers carry no CORS headers, forbid other
/// sites from embedding them (`Cross-Origin-Resource-Policy`) and browsers from sniffing their type.
struct LocalRequests<Context: RequestContext>: RouterMiddleware {
    let access: PreviewAccess

    private static var fetchSite: HTTPFields.Element.Name { HTTPFields.Element.Name("Sec-Fetch-Site")! }
    private static var fetchMode: HTTPFields.Element.Name { HTTPFields.Element.Name("Sec-Fetch-Mode")! }
    private static var fetchDest: HTTPFields.Element.Name { HTTPFields.Element.Name("Sec-Fetch-Dest")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if let refusal = refusal(request) {
            response = Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "the preview answers only its own page: \(refusal)\n")))
        } else {
            response = try await next(request, context)
        }
        response.headers[.crossOriginResourcePolicy] = "same-origin"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPFields.Element.Name("Referrer-Policy")!] = "no-referrer"
        return response
    }

    /// Why `request` is refused, or nil.
    func refusal(_ request: Request) -> String? {
        guard let authority = request.head.authority, access.isOwn(authority: authority) else {
            return "Host must name it (a loopback name or its --host address, with its port)"
        }
        let own = "http://\(authority)"
        let origin = request.headers[.origin]
        if let origin, origin != own { return "Origin must be \(own)" }
        if let site = request.headers[Self.fetchSite], site != "same-origin", site != "none", !isNavigationToThePage(request) {
            return "another site's page may not fetch from it"
        }
        guard request.method == .get || request.method == .head else {
            guard origin == own, let token = request.headers[PreviewAccess.tokenHeader], access.isToken(token) else {
                return "a change needs Origin \(own) and the page's token in \(PreviewAccess.tokenHeader.rawName)"
            }
            return nil
        }
        return nil
    }

    /// A click on a link to the page from elsewhere: harmless, as a GET changes nothing.
    private func isNavigationToThePage(_ request: Request) -> Bool {
        request.method == .get && request.uri.path == "/" && request.headers[Self.fetchMode] == "navigate"
            && request.headers[Self.fetchDest] == "document"
    }
}

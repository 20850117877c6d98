import Hummingbird

/// Refuses requests that did not come from a page of the preview itself: a `Host` other than the
/// server's own name (DNS rebinding: a remote site's name pointed at 127.0.0.1) and a cross-site
/// `Origin` (a site in the same browser posting settings). The preview reads the files a run names.
struct LocalRequests<Context: RequestContext>: RouterMiddleware {
    /// The names the server is reached by: loopback's, and the address it listens on.
    let names: Set<String>

    init(host: String) { names = ["127.0.0.1", "localhost", "::1", host] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let origin = request.headers[.origin].map { $0.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? "" }
        guard let authority = request.head.authority, names.contains(Self.hostName(authority)),
              origin.map({ names.contains(Self.hostName($0)) }) ?? true else {
            return Response(status: .forbidden, body: ResponseBody(byteBuffer: ByteBuffer(string: "the preview answers only its own pages (Host and Origin must name it)\n")))
        }
        return try await next(request, context)
    }

    /// `authority` without its port (`[::1]:8080` → `::1`).
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}

import Foundation
import Hummingbird
import Logging
import AnimhostCore
import AnimhostOutput

/// The preview's HTTP server: the player page, the latest timeline and frames, run events and
/// settings. See docs/authoring.md for the endpoints.
public struct PreviewServer: Sendable {
    public let session: PreviewSession
    public let host: String
    public let port: Int
    /// The names and port it answers to, and its page's token.
    let access: PreviewAccess
    /// Where a gesture recorded in the page is saved (`POST /gesture`, served as `/gesture.json`).
    public let recording: GestureRecording

    /// A server for `session` on `host`:`port` (0 picks a free port), saving recorded gestures to `record`
    /// (nil: `gesture.json` beside the session's frames folder).
    public init(session: PreviewSession, host: String = "127.0.0.1", port: Int = 8080, record: URL? = nil) {
        self.session = session; self.host = host; self.port = port
        access = PreviewAccess(host: host, port: port)
        recording = GestureRecording(file: record ?? session.folder.deletingLastPathComponent().appendingPathComponent("gesture.json"))
    }

    /// Serves until the task is cancelled; `onStart` receives the base URL (with the port bound) once the
    /// server listens.
    public func run(onStart: @escaping @Sendable (String) -> Void) async throws {
        let host = self.host, access = self.access
        let app = Application(
            router: router(), configuration: .init(address: .hostname(host, port: port), serverName: "animhost"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                access.bound(to: port)
                onStart("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/")
            },
            logger: Logger(label: "animhost.preview", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await withTaskCancellationHandler {
            try await app.run()
        } onCancel: {
            session.stop()
        }
    }

    private func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: LocalRequests(access: access))
        let session = self.session, token = access.token
        router.get("/") { request, _ -> Response in
            guard PreviewSettings.fields(ofQuery: request.uri.query ?? "").isEmpty else {
                return Self.text(.badRequest, "the page takes no settings in its address: settings change only by POST /params (the page's Apply)\n")
            }
            return Self.page(token: token)
        }
        router.get("/params") { _, _ -> Response in
            var response = Self.text(.methodNotAllowed, "settings change only by POST /params, from the preview's page\n")
            response.headers[.allow] = "POST"
            return response
        }
        router.get("/preview.js") { _, _ in try Self.resource("preview.js", type: "text/javascript; charset=utf-8") }
        router.get("/record.js") { _, _ in try Self.resource("record.js", type: "text/javascript; charset=utf-8") }
        router.get("/inspect.js") { _, _ in try Self.resource("inspect.js", type: "text/javascript; charset=utf-8") }
        router.get("/state.json") { _, _ in Self.data(session.stateJSON(), type: "application/json") }
        router.get("/timeline.json") { _, _ in Self.file(session.folder.appendingPathComponent("timeline.json"), type: "application/json") }
        router.get("/frames/:file") { request, context -> Response in
            let name = context.parameters.get("file") ?? ""
            guard name.hasSuffix(".png"), let n = Int(name.dropLast(4)), n >= 0, n < 1_000_000 else {
                return Self.text(.notFound, "frames are /frames/N.png, N a frame index\n")
            }
            // `?v=N`, the run the page shows: its frames may still be being drawn.
            let version = request.uri.queryParameters.get("v").flatMap { Int($0) }
            switch await session.frames.wait(for: version) {
            case .ready: break
            case .failed(let why): return Self.text(.internalServerError, "the frames of the latest run could not be drawn: \(why)\n")
            case .missing: return Self.text(.notFound, "run \(version ?? 0) has no frames: it failed, or has not ended\n")
            }
            return Self.file(session.frames.file(n), type: "image/png")
        }
        router.get("/events") { _, _ -> Response in
            let stream = session.events()
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-cache"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    for await status in stream { try await writer.write(ByteBuffer(string: "event: run\ndata: \(status.json)\n\n")) }
                    try await writer.finish(nil)
                })
        }
        router.post("/params") { request, _ -> Response in
            do {
                let body = try await request.body.collect(upTo: 1 << 16)
                let status = try await session.update(try Self.fields(String(buffer: body), type: request.headers[.contentType]))
                return Self.data(Data(status.json.utf8), type: "application/json")
            } catch let e as SettingsError {
                return Self.text(.badRequest, "\(e)\n")
            } catch let e as HTTPResponseError where e.status == .contentTooLarge {
                return Self.text(.contentTooLarge, "the settings are more than the 64 KB a change may send\n")
            }
        }
        let recording = self.recording
        router.get("/gesture.json") { _, _ in Self.file(recording.file, type: "application/json", missing: "no gesture recorded yet") }
        router.post("/gesture") { request, _ -> Response in
            do {
                let body = try await request.body.collect(upTo: Bounds.gestureFileBytes)
                return Self.data(Data(try await recording.save(Data(buffer: body), to: session).json.utf8), type: "application/json")
            } catch let e as GestureError {
                return Self.text(.badRequest, "\(e)\n")
            } catch let e as HTTPResponseError where e.status == .contentTooLarge {
                return Self.text(.contentTooLarge, "the recorded gesture is more than the \(Bounds.gestureFileBytes >> 20) MB a gesture file may hold\n")
            }
        }
        return router
    }

    /// The fields of a POST body: a JSON object (`{"param.damping": 0.6, "operation": "pop"}`) or a form.
    static func fields(_ body: String, type: String?) throws -> [(key: String, value: String)] {
        guard type?.hasPrefix("application/json") == true else { return PreviewSettings.fields(ofQuery: body) }
        guard let object = try? JSONDecoder().decode([String: Scalar].self, from: Data(body.utf8)) else {
            throw SettingsError("the body must be a JSON object of numbers, booleans and strings, such as {\"param.damping\": 0.6}")
        }
        return object.keys.sorted().map { ($0, object[$0]!.text) }
    }

    /// A JSON value a setting may take, as the text a query string would give.
    private struct Scalar: Decodable {
        let text: String
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) {
                text = String(b)
            } else if let n = try? c.decode(Double.self) {
                text = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
            } else {
                text = try c.decode(String.self)
            }
        }
    }

    /// The page, holding `token` for its changes of settings, allowed to run only its own script.
    private static func page(token: String) -> Response {
        guard let url = Bundle.module.url(forResource: "preview.html", withExtension: nil), let text = try? String(contentsOf: url, encoding: .utf8) else {
            return text(.internalServerError, "the page's preview.html is missing from the installation\n")
        }
        var response = data(Data(text.replacingOccurrences(of: "{{token}}", with: token).utf8), type: "text/html; charset=utf-8")
        response.headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' blob:; style-src 'unsafe-inline'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return response
    }

    private static func resource(_ name: String, type: String) throws -> Response {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil), let data = try? Data(contentsOf: url) else {
            return text(.internalServerError, "the page's \(name) is missing from the installation\n")
        }
        return Self.data(data, type: type)
    }

    private static func file(_ url: URL, type: String, missing: String = "no run has succeeded") -> Response {
        guard let data = try? Data(contentsOf: url) else { return text(.notFound, "no \(url.lastPathComponent) yet: \(missing)\n") }
        return Self.data(data, type: type)
    }

    private static func data(_ data: Data, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message)))
    }
}

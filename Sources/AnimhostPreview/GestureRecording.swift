import Foundation
import AnimhostCore

/// A gesture recorded in the page: checked as `--gesture` checks a trace file, written (whole, by a
/// rename) to one file in the format `--gesture` reads, and then run as the preview's gesture, so the
/// same hand movement replays byte-identically in `animhost run`, `check` and specs.
public struct GestureRecording: Sendable {
    /// Where the trace is saved: `preview --record FILE`, else `gesture.json` beside the frames' folder.
    public let file: URL

    /// A recording saved to `file`.
    public init(file: URL) { self.file = file }

    /// Checks `body` (a trace the page sent), saves it to ``file`` and runs it as the session's gesture;
    /// the status of that run. Throws ``GestureError`` naming the sample for a bad trace, writing nothing.
    func save(_ body: Data, to session: PreviewSession) async throws -> RunStatus {
        let trace = try GestureTrace.parse(body, file: "the recorded gesture")
        do { try Self.text(trace).write(to: file, options: .atomic) } catch {
            throw GestureError("cannot write the recorded gesture to \(file.path): \(error.localizedDescription)")
        }
        return try await session.update([("gesture", file.path)], rerun: true)
    }

    /// The trace as a file `--gesture` reads: one sample a line, numbers in their shortest form.
    static func text(_ trace: GestureTrace) -> Data {
        let lines = trace.samples.map { s in
            "  {\"t\": \(formatNumber(s.time)), \"x\": \(formatNumber(s.location.x)), \"y\": \(formatNumber(s.location.y)), \"state\": \"\(s.state.rawValue)\"}"
        }
        return Data("{ \"samples\": [\n\(lines.joined(separator: ",\n"))\n] }\n".utf8)
    }
}

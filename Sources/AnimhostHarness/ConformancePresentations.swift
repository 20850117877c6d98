import Foundation
import AnimhostCore
import AnimhostLua

extension Conformance {
    /// A present or dismiss of a plugin that declares a presentation, in one session as a user sees
    /// them. A present ends where its presentation keeps it (the backdrop is the point), so its last
    /// frame is its own resting state; the dismiss that follows is the one judged against the screens at
    /// rest: it starts from the present's last frame and must end at the presenting screen at rest, with
    /// nothing left behind.
    func runPresentation(_ plugin: Plugin, _ request: TransitionRequest) throws -> Ran {
        let session = TransitionSession(plugin, scenes: catalog)
        session.maxDuration = 60
        let (from, to) = try session.scenes(for: request)
        let chrome = try session.chrome(for: request)
        let frames = FrameRecorder()
        let before: FrameSample
        if request.operation == .dismiss {
            let presented = FrameRecorder()
            _ = try session.run(request.presentBeforeDismiss, sink: presented)
            guard let last = presented.frames.last else { throw PresentationError.presentNotCompleted }
            before = last
        } else {
            before = Conformance.rest(from.isOverlay ? [to, from] : [from], chrome: chrome)
        }
        let outcome = try session.run(request, sink: frames)
        let after =
            request.operation == .dismiss
            ? Conformance.rest(to.isOverlay ? [from, to] : [to], chrome: chrome) : (frames.frames.last ?? before)
        return ran(outcome, frames.frames, before: before, after: after)
    }
}

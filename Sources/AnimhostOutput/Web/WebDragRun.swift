import Foundation
import AnimhostCore

/// The run a page's pointer drags scrub (docs/web.md): the plugin run interactively, its clock moved
/// linearly from 0 to the duration by a gesture the default rule drives, so that frame i shows the
/// scrubbed animations at the frame's time (what the plugin declares when `ctx.interactive`, e.g. a
/// linear curve), then past the duration in real time; and the rule that decides a release.
struct WebDragRun {
    var frames: [[WebNodeFrame]] = []
    var times: [Double] = []
    var spans: [CurveSpan] = []
    /// The rule, once the run has shown the plugin drives it by default; nil: the page takes no drags.
    var rule: WebDragRule?

    /// What the page's `{{DRAG}}` slot holds: the run's own elements (`#drag`, numbered from
    /// `firstElement`, hidden until a drag), the drag data and `drag.js`; empty without a rule. With the
    /// keyframes the run's elements hold. `images` maps its pictures' placeholders to the page's
    /// pictures. (The run has frames of its own just before and at the duration, so it never draws
    /// exactly the page's frames.)
    func slot(firstElement: Int, images: [Int]) throws -> (text: String, keyframes: Int) {
        guard let fields = rule?.fields, !frames.isEmpty else { return ("", 0) }
        guard let script = WebDragRun.script else { throw OutputError("the web page's drag script (drag.js) is missing beside the executable: reinstall animhost") }
        let document = WebDocument(frames: frames, times: times, spans: spans, firstElement: firstElement)
        let markup = WebImages.markup(document.html, index: images)
        let length = max((times.last ?? 0) - (times.first ?? 0), 0)
        let data = fields + #","length":\#(length),"tracks":[\#n"# + document.tracks.joined(separator: ",\n") + "]"
        let text =
            "\n" + #"<div id="drag" class="window" style="display: none">"# + markup + "</div>\n"
            + #"<script type="application/json" id="animhost-drag">{"# + data + "}</script>\n<script>\n" + script + "</script>"
        return (text, document.keyframes)
    }

    /// `Web/drag.js`, read once per process.
    private static let script: String? = Bundle.module.url(forResource: "drag", withExtension: "js")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
}

extension WebEncoder {
    /// Where the run pointer drags scrub (``WebDragRun``) sends its frames, before this encoder's own
    /// run; ``keepDrag(_:)`` then says how the page decides a release.
    public var dragFrames: FrameSink { DragFrames(self) }

    /// Gives the page its drags, with `rule`, for the frames sent to ``dragFrames``.
    public func keepDrag(_ rule: WebDragRule) { drag?.rule = rule }

    /// Leaves the drags off the page (the run failed or the plugin does not drive it by default).
    public func forgetDrag() { drag = nil }

    /// The frames of the run drags scrub, kept apart.
    private final class DragFrames: FrameSink {
        private let encoder: WebEncoder
        init(_ encoder: WebEncoder) { self.encoder = encoder }
        func begin(_ info: TimelineInfo) throws {
            try encoder.beginImages(info)
            encoder.drag = WebDragRun()
        }
        func write(_ frame: FrameSample) throws {
            let nodes = try encoder.map(frame)
            encoder.drag?.frames.append(nodes)
            encoder.drag?.times.append(frame.time)
        }
        func finish(_ result: TransitionRun.Result) throws { encoder.drag?.spans = result.curveSpans }
        func abort() {}
    }
}

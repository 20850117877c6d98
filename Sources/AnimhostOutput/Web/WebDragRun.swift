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

    /// What the page's `{{DRAG}}` slot holds: the drag data and `drag.js`, and the run's own elements
    /// (`#drag`, numbered from `firstElement`) unless the run shows what `main` shows; empty without a
    /// rule. With the keyframes the run's own elements add.
    func slot(main: WebDocument, firstElement: Int) throws -> (text: String, keyframes: Int) {
        guard let fields = rule?.fields, !frames.isEmpty else { return ("", 0) }
        let own = WebDocument(frames: frames, times: times, spans: spans)
        let same = own.html == main.html && own.tracks == main.tracks && own.times.last == main.times.last
        var out = "\n", data = fields, keyframes = 0
        if !same {
            let document = WebDocument(frames: frames, times: times, spans: spans, firstElement: firstElement)
            let markup = document.html.replacingOccurrences(of: #"src="animhost-image:"#, with: #"data-image=""#)
            out += #"<div id="drag" class="window" style="display: none">"# + markup + "</div>\n"
            keyframes = document.keyframes
            data += #","length":\#(max((times.last ?? 0) - (times.first ?? 0), 0)),"tracks":[\#n"# + document.tracks.joined(separator: ",\n") + "]"
        }
        guard let script = WebDragRun.script else { throw OutputError("the web page's drag script (drag.js) is missing beside the executable: reinstall animhost") }
        return (out + #"<script type="application/json" id="animhost-drag">{"# + data + "}</script>\n<script>\n" + script + "</script>", keyframes)
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

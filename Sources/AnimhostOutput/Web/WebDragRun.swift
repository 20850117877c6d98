import Foundation
import AnimhostCore

/// A run a page's pointer drags scrub (docs/web.md): the plugin run interactively, its clock moved
/// linearly from 0 to the duration by a gesture the default rule drives, so that frame i shows the
/// scrubbed animations at the frame's time (what the plugin declares when `ctx.interactive`, e.g. a
/// linear curve), then past the duration in real time; and the rule that decides a release.
struct WebDragRun {
    /// The interactive run's frames.
    var run: WebKeptRun
    /// The rule, once the run has shown the plugin drives it by default.
    var rule: WebDragRule

    /// What the page's `{{DRAG}}` slot holds for `drags` (the interactive run, then the one with reduced
    /// motion; nil where not made): each run's own elements (`#drag`, `#drag-reduced`, numbered from
    /// `firstElement` on, hidden until a drag) and data (`#animhost-drag`, `#animhost-drag-reduced`),
    /// then `drag.js` once; empty without a run. With the keyframes the runs' elements hold. `images`
    /// maps their pictures' placeholders to the page's pictures. (A run has frames of its own just
    /// before and at the duration, so it never draws exactly the page's frames.)
    static func slot(_ drags: [WebDragRun?], firstElement: Int, images: [Int]) throws -> (text: String, keyframes: Int) {
        var text = "", keyframes = 0, first = firstElement
        for (n, drag) in drags.enumerated() {
            guard let drag, let fields = drag.rule.fields, !drag.run.frames.isEmpty else { continue }
            let document = WebDocument(frames: drag.run.frames, times: drag.run.times, spans: drag.run.spans, firstElement: first)
            let suffix = n == 0 ? "" : "-reduced"
            let markup = WebImages.markup(document.html, index: images)
            let length = max((drag.run.times.last ?? 0) - (drag.run.times.first ?? 0), 0)
            let data = fields + #","length":\#(length),"tracks":[\#n"# + document.tracks.joined(separator: ",\n") + "]"
            text +=
                "\n" + #"<div id="drag\#(suffix)" class="window" style="display: none">"# + markup + "</div>\n"
                + #"<script type="application/json" id="animhost-drag\#(suffix)">{"# + data + "}</script>"
            keyframes += document.keyframes
            first = document.elementCount
        }
        guard !text.isEmpty else { return ("", 0) }
        guard let script = WebDragRun.script else { throw OutputError("the web page's drag script (drag.js) is missing beside the executable: reinstall animhost") }
        return (text + "\n<script>\n" + script + "</script>", keyframes)
    }

    /// `Web/drag.js`, read once per process.
    private static let script: String? = Bundle.module.url(forResource: "drag", withExtension: "js")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
}

extension WebEncoder {
    /// Gives the page drags, decided by `rule`, for the frames `side` (an interactive run) sent to ``frames(for:)``.
    public func keepDrag(_ rule: WebDragRule, for side: SideRun) { dragRules[side] = rule }
}

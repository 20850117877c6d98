import AnimhostCore

/// The `::view-transition-*` rules of a view-transitions page (docs/web.md): for each named tag, its
/// group keeps the browser's own animation from the first element's box to the last's, timed by the
/// run (`animation-duration`, `-delay` and a `cubic-bezier()` or `linear()` easing) where the flight
/// moves along that straight line, else keyframes of the flight's box; its old and new images fade
/// as the two ends' nodes do; the two screens' images (`root`) move and fade as the screens' roots do.
struct ViewTransitionStyle {
    private let times: [Double]
    private let curves: WebCurves
    private let records: [ViewTransitionFrame]
    private var rules: [String] = []
    private var keyframes: [String] = []
    /// How many groups kept the browser's animation with the run's timing (the rest: keyframes).
    private(set) var timed = 0

    /// The rules for `records` (one per frame, at `times`), keeping the curves of `spans`, for the tags
    /// `names` (tag and the name its elements carry); `fromAbove` when the first screen paints over the second.
    init(records: [ViewTransitionFrame], times: [Double], spans: [CurveSpan], names: [(tag: String, name: String)], fromAbove: Bool) {
        self.times = times
        self.records = records
        curves = WebCurves(times: times, spans: spans)
        rules.append("::view-transition-old(*), ::view-transition-new(*) { mix-blend-mode: normal; height: 100%; }")
        let dims = records.map { "brightness(\(css(1 - $0.dim)))" }
        screen("::view-transition-old(root)", records.map(\.from), z: fromAbove ? 1 : 0, filters: fromAbove ? nil : dims)
        screen("::view-transition-new(root)", records.map(\.to), z: 0, filters: fromAbove ? dims : nil)
        for (tag, name) in names { group(tag, name) }
    }

    /// The page's `<style>` text.
    var text: String { (rules + keyframes).joined(separator: "\n") }

    /// A screen's image: its root's transform and opacity at each frame (the nearest frame's where it is missing).
    /// The lower screen's image is darkened by `filters` (the dim between the screens).
    private mutating func screen(_ selector: String, _ samples: [ViewTransitionFrame.Screen?], z: Int, filters: [String]?) {
        let held = ViewTransitionStyle.held(samples)
        guard let held else { return }
        let matrices = held.map { ViewTransitionStyle.matrix($0.transform) }
        let opacities = held.map { css($0.opacity) }
        animate(
            selector, [("transform", "transform", matrices, 1), ("opacity", "opacity", opacities, 1)] + (filters.map { [("opacity", "filter", $0, 1)] } ?? []),
            extra: "transform-origin: 0 0; z-index: \(z)")
    }

    /// A tag's group and its two images.
    private mutating func group(_ tag: String, _ name: String) {
        let tags = ViewTransitionStyle.held(records.map { $0.tags[tag] }) ?? []
        guard !tags.isEmpty else { return }
        let boxes = tags.map(\.box)
        let extent = max(boxes.map { max($0.width, $0.height) }.max() ?? 1, 1)
        if let timing = timing(boxes, extent: extent) {
            rules.append("::view-transition-group(\(name)) { \(timing) }")
            timed += 1
        } else {
            let pure = boxes.allSatisfy { $0.transform.a == 1 && $0.transform.b == 0 && $0.transform.c == 0 && $0.transform.d == 1 }
            let transforms = boxes.map { pure ? "translate(\(px($0.transform.tx)), \(px($0.transform.ty)))" : ViewTransitionStyle.matrix($0.transform) }
            animate(
                "::view-transition-group(\(name))",
                [
                    (pure ? "translate" : "transform", "transform", transforms, extent), ("width", "width", boxes.map { px($0.width) }, extent),
                    ("height", "height", boxes.map { px($0.height) }, extent)
                ], extra: "transform-origin: 0 0")
        }
        animate("::view-transition-old(\(name))", [("opacity", "opacity", tags.map { css($0.from) }, 1)])
        animate("::view-transition-new(\(name))", [("opacity", "opacity", tags.map { css($0.to) }, 1)])
    }

    /// The group's timing where every frame's box lies on the straight way from the first box to the
    /// last (within half a point): its delay, duration and easing (the run's `cubic-bezier()` where the
    /// way follows one, else `linear()` through the progress at the frames kept); nil where it strays (an arc).
    private func timing(_ boxes: [(transform: Transform2D, width: Double, height: Double)], extent: Double) -> String? {
        let numbers = boxes.map { b in
            [b.transform.a * extent, b.transform.b * extent, b.transform.c * extent, b.transform.d * extent, b.transform.tx, b.transform.ty, b.width, b.height]
        }
        let first = numbers[0], last = numbers[numbers.count - 1]
        let deltas = zip(first, last).map { $1 - $0 }
        guard let reference = deltas.indices.max(by: { abs(deltas[$0]) < abs(deltas[$1]) }), abs(deltas[reference]) > 0.5 else {
            return "animation: none;"
        }
        let way = abs(deltas[reference])
        let progress = numbers.map { ($0[reference] - first[reference]) / deltas[reference] }
        for (p, n) in zip(progress, numbers) {
            for c in n.indices where abs(first[c] + p * deltas[c] - n[c]) > 0.5 { return nil }
        }
        let values = progress.map { px($0 * way) }
        var keys = curves.keys(values, property: "progress", extent: extent)
        while keys.count > 2 && keys[1].value == keys[0].value && keys[0].easing == nil { keys.removeFirst() }
        while keys.count > 2 && keys[keys.count - 2].value == keys[keys.count - 1].value && keys[keys.count - 2].easing == nil { keys.removeLast() }
        let delay = keys[0].time - times[0], duration = max(keys[keys.count - 1].time - keys[0].time, 1e-6)
        let easing: String
        if keys.count == 2, let curve = keys[0].easing, curve.hasPrefix("cubic-bezier") {
            easing = curve
        } else {
            let straight = WebCurves.linear(values, times: times, property: "progress", extent: extent).filter {
                $0.time >= keys[0].time - 1e-9 && $0.time <= keys[keys.count - 1].time + 1e-9
            }
            let stops = straight.map { key in
                let p = (WebKeyframes.parse(key.value).numbers.first ?? 0) / way
                return "\(css(p)) \(css((key.time - keys[0].time) / duration * 100))%"
            }
            easing = "linear(\(stops.joined(separator: ", ")))"
        }
        return "animation-duration: \(css(duration))s; animation-delay: \(css(delay))s; animation-timing-function: \(easing);"
    }

    /// Animations of `selector`, one per track (the tolerance's property name, the CSS property, its
    /// value at each frame, the node's extent): keyframes where a value changes, the value where it does not.
    private mutating func animate(
        _ selector: String, _ tracks: [(label: String, property: String, values: [String], extent: Double)], extra: String = ""
    ) {
        var declarations = extra.isEmpty ? [] : [extra + ";"]
        var names: [String] = [], durations: [String] = [], delays: [String] = []
        for track in tracks {
            if track.values.allSatisfy({ $0 == track.values[0] }) {
                declarations.append("\(track.property): \(track.values[0]);")
                continue
            }
            let keys = curves.keys(track.values, property: track.label, extent: track.extent)
            let start = times[0], duration = max((times.last ?? start) - start, 1e-6)
            let name = "animhost-\(keyframes.count)"
            let stops = keys.map { key -> String in
                let easing = key.easing.map { " animation-timing-function: \($0);" } ?? ""
                return "\(css((key.time - start) / duration * 100))% { \(track.property): \(key.value);\(easing) }"
            }
            keyframes.append("@keyframes \(name) { \(stops.joined(separator: " ")) }")
            names.append(name)
            durations.append(css(duration) + "s")
            delays.append("0s")
        }
        if names.isEmpty {
            declarations.append("animation: none;")
        } else {
            declarations.append(
                "animation-name: \(names.joined(separator: ", ")); animation-duration: \(durations.joined(separator: ", ")); "
                    + "animation-delay: \(delays.joined(separator: ", ")); animation-timing-function: linear; animation-fill-mode: both;")
        }
        rules.append("\(selector) { \(declarations.joined(separator: " ")) }")
    }

    /// `samples` with each missing one replaced by the nearest present before it (after it, at the
    /// start); nil when none is present.
    static func held<T>(_ samples: [T?]) -> [T]? {
        guard var last = samples.first(where: { $0 != nil }) ?? nil else { return nil }
        return samples.map { sample in
            if let sample { last = sample }
            return last
        }
    }

    /// A 2-D transform as CSS's `matrix()`.
    static func matrix(_ t: Transform2D) -> String {
        "matrix(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(css).joined(separator: ", ")))"
    }
}

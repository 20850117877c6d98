import Foundation
import AnimhostCore

/// One output format `--format` takes: its name, the files it owns in the output folder, how it is
/// written and its line of help. Every list of formats (the CLI, its help, the benchmark) comes from ``all``.
public struct OutputFormat: Sendable, Equatable {
    /// How a format is written.
    public enum Writer: Sendable {
        /// Nothing is written (`none`: evaluate only).
        case nothing
        /// A sink of its own, given the output folder and the scale.
        case sink(@Sendable (URL, Double) -> FrameSink)
        /// A sink of its own with a few words for the run's summary: known as such without a cast
        /// (a cast to a protocol scans every conformance of the program the first time).
        case summarizedSink(@Sendable (URL, Double) -> FrameSink & SummarizedOutput)
        /// An encoder fed from the one render of each frame shared by every image format, given the output folder.
        case rendered(@Sendable (URL) -> FrameEncoder)
    }

    /// The name `--format` takes.
    public let name: String
    /// The files and folders it writes in the output folder (and so replaces there).
    public let files: [String]
    /// What the output is, for `--help` (after its files).
    public let help: String
    /// How it is written.
    public let writer: Writer

    public static func == (a: OutputFormat, b: OutputFormat) -> Bool { a.name == b.name }

    /// Whether the format's frames come from the shared render.
    public var isRendered: Bool { if case .rendered = writer { return true } else { return false } }

    /// The timeline (docs/timeline.md).
    public static let json = OutputFormat(
        name: "json", files: ["timeline.json"], help: "",
        writer: .sink { TimelineWriter(url: $0.appendingPathComponent("timeline.json"), scale: $1) })
    /// One PNG per frame.
    public static let png = OutputFormat(
        name: "png", files: ["frames"], help: "(0000.png, 0001.png …)",
        writer: .rendered { PNGSequenceEncoder(folder: $0.appendingPathComponent("frames")) })
    /// A looping GIF.
    public static let gif = OutputFormat(
        name: "gif", files: ["animation.gif"], help: "",
        writer: .rendered { GIFEncoder(url: $0.appendingPathComponent("animation.gif")) })
    /// A looping animated WebP.
    public static let webp = OutputFormat(
        name: "webp", files: ["animation.webp"], help: "(the smallest: the one to share)",
        writer: .rendered { WebPEncoder(url: $0.appendingPathComponent("animation.webp")) })
    /// An H.264 video made by ffmpeg.
    public static let mp4 = OutputFormat(
        name: "mp4", files: ["animation.mp4"], help: "(needs ffmpeg)",
        writer: .rendered { VideoEncoder(url: $0.appendingPathComponent("animation.mp4")) })
    /// A self-contained HTML player.
    public static let html = OutputFormat(
        name: "html", files: ["preview.html"], help: "(a self-contained player with a scrubber)",
        writer: .rendered { HTMLPreviewEncoder(url: $0.appendingPathComponent("preview.html")) })
    /// A Lottie document (docs/lottie.md).
    public static let lottie = OutputFormat(
        name: "lottie", files: ["animation.json"],
        help: "(a Lottie document, for lottie-ios, -android and -web)",
        writer: .summarizedSink { LottieEncoder(url: $0.appendingPathComponent("animation.json"), scale: $1) })
    /// A web page of CSS animations (docs/web.md).
    public static let web = OutputFormat(
        name: "web", files: ["web"], help: "(index.html: the scene as HTML, its motion as CSS animations; a pop or dismiss follows pointer drags)",
        writer: .summarizedSink { WebEncoder(url: $0.appendingPathComponent("web/index.html"), scale: $1) })
    /// A page of the View Transitions API, for plugins built on tag matching (docs/web.md).
    public static let viewTransitions = OutputFormat(
        name: "view-transitions", files: ["view-transitions.html"],
        help: "(tagged elements as view-transition-names, the run's timing as ::view-transition-* animations)",
        writer: .summarizedSink { ViewTransitionEncoder(url: $0.appendingPathComponent("view-transitions.html"), scale: $1) })
    /// Evaluate only.
    public static let none = OutputFormat(name: "none", files: [], help: "evaluate only", writer: .nothing)

    /// Every format, in the order help lists them.
    public static let all: [OutputFormat] = [json, png, gif, webp, mp4, html, lottie, web, viewTransitions, none]

    /// The formats of a comma-separated list (`json,webp`), each once, in the order given.
    public static func parseList(_ text: String) throws -> [OutputFormat] {
        let names = text.split(separator: ",").map(trimmingSpaces)
        guard !names.isEmpty else { throw OutputError("--format needs at least one format: \(nameList)") }
        var formats: [OutputFormat] = []
        for name in names {
            guard let format = all.first(where: { $0.name == name }) else {
                throw OutputError("unknown format '\(name)' (available: \(nameList))")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }

    /// `name` without the spaces and tabs around it, as Foundation's `.whitespaces` trims them (tab,
    /// Unicode's space separators and the zero-width space), found without Foundation, which costs
    /// more on the start path than the rest of the list.
    static func trimmingSpaces(_ name: Substring) -> String {
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == "\t" || c == "\u{200B}" || c.properties.generalCategory == .spaceSeparator }
        let scalars = name.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// The names of every format, comma-separated.
    public static var nameList: String { all.map(\.name).joined(separator: ", ") }

    /// One line per format: its name, the files it writes in DIR, and what it is.
    public static var helpLines: String {
        let width = all.map(\.name.count).max() ?? 0
        return all.map { f in
            let files = f.files.map { "DIR/" + $0 }.joined(separator: ", ")
            return ["  " + f.name.padding(toLength: width, withPad: " ", startingAt: 0), files, f.help]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }.joined(separator: "\n")
    }
}

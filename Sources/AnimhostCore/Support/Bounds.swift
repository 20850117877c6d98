/// The ranges every number from a plugin, a file or the command line must lie in, checked where it
/// enters, so that no later arithmetic meets a value it cannot handle (docs/security.md lists them).
public enum Bounds {
    /// Coordinates, sizes, offsets, radii, widths and transform entries: ±1e9 points.
    public static let magnitude = 1e9
    /// Virtual seconds a transition may run: its declared duration, an animation's delay plus duration.
    public static let seconds = 600.0
    /// Frames one run may produce, refused before the run starts when its duration asks for more.
    public static let frames = 100_000
    /// Characters of text in one node, so that no text layout runs unbounded.
    public static let textLength = 10_000
    /// Bytes of one id, tag, scene name, image name or other name (not a text): a frame repeats each
    /// node's id and scene name in the timeline and the Lottie document, so a long one amplifies.
    public static let nameBytes = 256
    /// Characters of text one run may lay out, all layouts together (a text is laid out again only
    /// when its node's text or model size changes), refused before the layout that would pass it.
    public static let textLayoutCharacters = 200_000
    /// A cubic Bézier's y control points: ±1000 (CSS allows any; past this a curve is noise).
    public static let controlPoint = 1000.0
    /// A shadow's blur radius in points: its mask grows with the square of it.
    public static let shadowRadius = 1000.0
    /// A node's blur in points (the Gaussian's standard deviation): the region blurred reaches three
    /// times it past the subtree on each side, so the work grows with its square, as a shadow's does; the
    /// same 1000 points, a bound of its own so that either can change alone.
    public static let blur = 1000.0
    /// Colours (and locations) in one gradient: each stop is drawn, interpolated and exported per frame.
    public static let gradientStops = 64
    /// Samples in one gesture trace.
    public static let gestureSamples = 100_000
    /// Bytes of one gesture trace file (16 MiB: 100,000 samples written out at length), refused before
    /// it is parsed, so that a file far past the sample limit costs nothing to turn down.
    public static let gestureFileBytes = 16 << 20
    /// Bytes of any other input file read whole (a scene, a plugin, a module, a delegate, a spec, a
    /// text snapshot): 16 MiB, refused by its size before a byte is read, so that a huge or sparse
    /// file costs neither the host's memory nor its time.
    public static let inputFileBytes = 16 << 20
    /// Bytes of one path's SVG data (2 MiB), refused before it is read: room for the normal form
    /// (``ShapePath/svg``) of any path of ``pathElements`` elements, so that every path the host
    /// writes (`path.new`, a node's path read back, the timeline) reads back.
    public static let pathBytes = 2 << 20
    /// Elements of one normalised path (moves, lines, cubics, closes; an arc is up to four cubics):
    /// the renderer and the export walk every one each frame the path shows.
    public static let pathElements = 10_000
}

extension Bounds {
    /// Why `text` is too long for one node, or nil when it is not.
    public static func textProblem(_ text: String) -> String? {
        let n = text.unicodeScalars.count
        return n > textLength ? "text of \(n) characters is longer than the \(textLength) one node may hold" : nil
    }

    /// Why `name` (an id, a tag, a scene or image name) is too long, or nil when it is not.
    public static func nameProblem(_ name: String) -> String? {
        let n = name.utf8.count
        return n > nameBytes ? "\(n) bytes long, past the \(nameBytes) an id, tag or name may have: use a shorter one" : nil
    }
}

/// `value` rounded by `rule` as an `Int`, clamped to ±2^53 (NaN gives 0): a Double→Int conversion
/// that cannot trap, for every conversion of a computed value in the host.
@inline(__always)
public func checkedInt(_ value: Double, _ rule: FloatingPointRoundingRule = .towardZero) -> Int {
    let limit = 9_007_199_254_740_992.0
    guard !value.isNaN else { return 0 }
    return Int(min(max(value.rounded(rule), -limit), limit))
}

/// General flashes over 10° fields: each field's mean relative luminance followed through time, a
/// frame's change of it counted only when it changes 25 % or more of the field's pixels (so a flash
/// must cover a quarter of the field, and content sliding through the field, whose pixels each
/// brighten and darken in turn while the mean barely moves, is no flash). The fields are a third of the
/// frame each way, laid every half field across and down, and along the right and bottom edges.
struct FieldFlashes {
    /// Each field's top-left corner, in pixels.
    let origins: [(x: Int, y: Int)]
    let width: Int, height: Int, fieldWidth: Int, fieldHeight: Int
    /// Each field's mean luminance at the last frame.
    private var means: [Float]
    /// Each field's luminance as followed: the mean, less the changes of frames that changed under a quarter of it.
    private var followed: [Float]
    private var transitions: PixelTransitions
    private var previous: [Float] = []

    init(width: Int, height: Int, fieldWidth: Int, fieldHeight: Int) {
        self.width = width; self.height = height
        self.fieldWidth = min(fieldWidth, width); self.fieldHeight = min(fieldHeight, height)
        func starts(_ size: Int, _ field: Int) -> [Int] {
            let last = max(0, size - field)
            return Array(Set(Array(stride(from: 0, to: last, by: max(1, field / 2))) + [last])).sorted()
        }
        let xs = starts(width, self.fieldWidth)
        origins = starts(height, self.fieldHeight).flatMap { y in xs.map { (x: $0, y: y) } }
        means = .init(repeating: 0, count: origins.count); followed = means
        transitions = PixelTransitions(count: origins.count)
    }

    /// Takes the next frame's luminance, `width` × `height` values row by row.
    mutating func add(_ luminance: [Float], frame: Int) {
        let w = width + 1
        var sums = [Double](repeating: 0, count: w * (height + 1))
        var changed = [Int32](repeating: 0, count: w * (height + 1))
        // Summed-area tables of the luminance and of the pixels changed since the last frame, through
        // buffer pointers: a debug build pays for every array access in this loop over every pixel.
        let (width, height, first) = (self.width, self.height, previous.isEmpty)
        luminance.withUnsafeBufferPointer { luminance in
            previous.withUnsafeBufferPointer { previous in
                sums.withUnsafeMutableBufferPointer { sums in
                    changed.withUnsafeMutableBufferPointer { changed in
                        for y in 0..<height {
                            var run = 0.0, moved: Int32 = 0
                            for x in 0..<width {
                                let p = y * width + x
                                run += Double(luminance[p])
                                moved += !first && previous[p] != luminance[p] ? 1 : 0
                                sums[(y + 1) * w + x + 1] = sums[y * w + x + 1] + run
                                changed[(y + 1) * w + x + 1] = changed[y * w + x + 1] + moved
                            }
                        }
                    }
                }
            }
        }
        let area = fieldWidth * fieldHeight
        for (i, o) in origins.enumerated() {
            let (a, b, c, d) = (o.y * w + o.x, o.y * w + o.x + fieldWidth, (o.y + fieldHeight) * w + o.x, (o.y + fieldHeight) * w + o.x + fieldWidth)
            let mean = Float((sums[d] - sums[b] - sums[c] + sums[a]) / Double(max(area, 1)))
            if previous.isEmpty {
                followed[i] = mean
            } else if Double(changed[d] - changed[b] - changed[c] + changed[a]) >= FlashAnalysis.areaShare * Double(area) {
                followed[i] += mean - means[i]
            }
            means[i] = mean
            transitions.luminance(i, followed[i], frame: frame)
        }
        previous = luminance
    }

    /// The field with the most transitions after frame `since`, and how many; nil when none has one.
    func busiest(since: Int) -> (transitions: Int, field: (x: Int, y: Int, width: Int, height: Int))? {
        var best: (Int, Int)?
        for i in origins.indices {
            guard let k = (1...PixelTransitions.kept).last(where: { transitions.has(i, atLeast: $0, since: since) }) else { continue }
            if k > (best?.0 ?? 0) { best = (k, i) }
        }
        return best.map { ($0.0, (origins[$0.1].x, origins[$0.1].y, fieldWidth, fieldHeight)) }
    }
}

import Foundation

/// WCAG 2.3.1's general and red flash thresholds, applied to a run's frames as they are drawn.
///
/// Relative luminance is WCAG's (sRGB linearised). A general transition is a rise or fall of at least
/// 0.1 from the last opposite extreme where the darker state is below 0.8, each opposing the one before
/// it, of a 10° field's mean luminance, counting only changes that cover 25 % of the field
/// (``FieldFlashes``); a red transition is a pixel's change of more than 0.2 in CIE 1976 u′v′ to or
/// from a saturated red, R / (R + G + B) ≥ 0.8, and counts where such pixels cover 25 % of a field. A
/// flash is a pair of opposing transitions, so more than six transitions within one second are more
/// than three flashes. The field is the 341 × 256 px rectangle of a 1024 × 768 screen scaled to the
/// frame: a third of its width by a third of its height.
struct FlashAnalysis {
    /// The smallest change of relative luminance that is a general transition (10 % of the maximum).
    static let luminanceStep: Float = 0.1
    /// The darker state of a general transition must be below this relative luminance.
    static let darkLimit: Float = 0.8
    /// R / (R + G + B) at or above which a colour is a saturated red.
    static let redShare: Float = 0.8
    /// The distance in u′v′ past which a change to or from a saturated red is a red transition.
    static let chromaStep: Float = 0.2
    /// Below this relative luminance a colour has no chromaticity to speak of and counts as neutral (D65).
    static let chromaFloor: Float = 0.005
    /// More flashes than this in any one second fail.
    static let flashesAllowed = 3
    /// The share of a 10° field that flashing pixels may cover.
    static let areaShare = 0.25

    /// What the worst second showed: how many transitions of one kind over 25 % of a field, where and when.
    struct Finding {
        /// The most transitions that pixels covering 25 % of one field all made within one second.
        var transitions = 0
        /// The frame at which that second ends.
        var frame = 0
        /// The field, in pixels of the analysed frames: x, y, width, height.
        var field = (x: 0, y: 0, width: 0, height: 0)
        /// Flashes: pairs of opposing transitions, a half for an odd one out.
        var flashes: Double { Double(transitions) / 2 }
        /// More than three flashes in a second.
        var fails: Bool { transitions > 2 * FlashAnalysis.flashesAllowed }
    }

    let width: Int, height: Int
    /// Frames a second: a second's window of transitions.
    let fps: Int
    /// The 10° field, in pixels: a third of the frame each way (at least one pixel).
    let fieldWidth: Int, fieldHeight: Int
    private var general: FieldFlashes
    private var red: PixelTransitions
    private var luminance: [Float]
    private var frameIndex = 0
    /// The worst second of general flashes so far.
    private(set) var generalWorst = Finding()
    /// The worst second of red flashes so far.
    private(set) var redWorst = Finding()

    init(width: Int, height: Int, fps: Int) {
        self.width = width; self.height = height; self.fps = max(fps, 1)
        fieldWidth = max(1, Int((Double(width) / 3).rounded())); fieldHeight = max(1, Int((Double(height) / 3).rounded()))
        general = FieldFlashes(width: width, height: height, fieldWidth: fieldWidth, fieldHeight: fieldHeight)
        red = PixelTransitions(count: width * height)
        luminance = .init(repeating: 0, count: width * height)
    }

    /// Takes the next frame: `bgra` holds `height` rows of `stride` bytes, premultiplied blue, green,
    /// red, alpha (Cairo's order), seen over black.
    mutating func add(bgra: UnsafeRawBufferPointer, stride: Int) {
        let lut = FlashAnalysis.linear
        for y in 0..<height {
            let row = y * stride
            for x in 0..<width {
                let i = row + x * 4
                let b = lut[Int(bgra[i])], g = lut[Int(bgra[i + 1])], r = lut[Int(bgra[i + 2])]
                let p = y * width + x
                let lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
                luminance[p] = lum
                red.chroma(p, r: r, g: g, b: b, lum: lum, frame: frameIndex)
            }
        }
        general.add(luminance, frame: frameIndex)
        if let busiest = general.busiest(since: frameIndex - fps), busiest.transitions > generalWorst.transitions {
            generalWorst = Finding(transitions: busiest.transitions, frame: frameIndex, field: busiest.field)
        }
        redWorst = worse(redWorst, red)
        frameIndex += 1
    }

    /// The worse of `best` and the second ending at this frame for `kind`.
    private func worse(_ best: Finding, _ kind: PixelTransitions) -> Finding {
        let since = frameIndex - fps
        guard best.transitions < PixelTransitions.kept, kind.any(atLeast: best.transitions + 1, since: since) else { return best }
        var found = best
        // The most transitions k such that pixels with at least k cover 25 % of some field, by bisection.
        var (lo, hi) = (best.transitions + 1, PixelTransitions.kept)
        while lo <= hi {
            let k = (lo + hi) / 2
            if let field = coveredField(kind, atLeast: k, since: since) {
                found = Finding(transitions: k, frame: frameIndex, field: field)
                lo = k + 1
            } else {
                hi = k - 1
            }
        }
        return found
    }

    /// A field in which pixels with at least `k` transitions in the last second cover 25 %, nil when none.
    private func coveredField(_ kind: PixelTransitions, atLeast k: Int, since: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        let w = width + 1
        var sums = [Int32](repeating: 0, count: w * (height + 1))
        for y in 0..<height {
            var run: Int32 = 0
            for x in 0..<width {
                run += kind.has(y * width + x, atLeast: k, since: since) ? 1 : 0
                sums[(y + 1) * w + x + 1] = sums[y * w + x + 1] + run
            }
        }
        let fw = min(fieldWidth, width), fh = min(fieldHeight, height)
        let needed = Int32((FlashAnalysis.areaShare * Double(fw * fh)).rounded(.up))
        for y in 0...(height - fh) {
            for x in 0...(width - fw) {
                let s = sums[(y + fh) * w + x + fw] - sums[y * w + x + fw] - sums[(y + fh) * w + x] + sums[y * w + x]
                if s >= needed { return (x, y, fw, fh) }
            }
        }
        return nil
    }

    /// sRGB byte to linear light (IEC 61966-2-1, as WCAG 2.x's relative luminance has it).
    static let linear: [Float] = (0..<256).map { v in
        let c = Double(v) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }
}

/// Transitions of one kind, of each pixel (red) or field (general, ``FieldFlashes``): the extremes
/// since its last one, its direction, and the frames of its last few.
struct PixelTransitions {
    /// How many recent transitions each pixel keeps: a count past the limit is exact up to 16 flashes a second.
    static let kept = 32
    /// The lowest and highest luminance since the pixel's last transition.
    private var low: [Float], high: [Float]
    /// The u′v′ of the state of the last red transition, and whether it was a saturated red.
    private var refU: [Float], refV: [Float]
    private var refRed: [Bool]
    private var started: [Bool]
    /// +1 after a rise, −1 after a fall, 0 before the first.
    private var direction: [Int8]
    /// The frames of the last ``kept`` transitions of each pixel, a ring.
    private var frames: [Int32]
    /// How many transitions each pixel has made.
    private var total: [Int32]
    /// The most any pixel has made: no pixel has `k` when this is less.
    private var most: Int32 = 0

    init(count: Int) {
        low = .init(repeating: 0, count: count); high = low; refU = low; refV = low
        refRed = .init(repeating: false, count: count); started = refRed
        direction = .init(repeating: 0, count: count)
        frames = .init(repeating: -1, count: count * PixelTransitions.kept)
        total = .init(repeating: 0, count: count)
    }

    /// A general transition: luminance `lum` at `frame`, against the extremes since the last one.
    mutating func luminance(_ p: Int, _ lum: Float, frame: Int) {
        guard started[p] else { started[p] = true; low[p] = lum; high[p] = lum; return }
        low[p] = min(low[p], lum); high[p] = max(high[p], lum)
        let step = FlashAnalysis.luminanceStep, dark = FlashAnalysis.darkLimit
        if direction[p] != 1 && lum - low[p] >= step && low[p] < dark {
            record(p, 1, frame); low[p] = lum; high[p] = lum
        } else if direction[p] != -1 && high[p] - lum >= step && lum < dark {
            record(p, -1, frame); low[p] = lum; high[p] = lum
        }
    }

    /// A red transition: the linear colour at `frame`, compared in u′v′ with the state of the last one.
    mutating func chroma(_ p: Int, r: Float, g: Float, b: Float, lum: Float, frame: Int) {
        let sum = r + g + b
        let isRed = lum >= FlashAnalysis.chromaFloor && r >= FlashAnalysis.redShare * sum
        var (u, v): (Float, Float) = (0.1978, 0.4683)  // D65: black and the near-black have no hue
        if lum >= FlashAnalysis.chromaFloor {
            let x = 0.4124 * r + 0.3576 * g + 0.1805 * b, z = 0.0193 * r + 0.1192 * g + 0.9505 * b
            let d = x + 15 * lum + 3 * z
            (u, v) = (4 * x / d, 9 * lum / d)
        }
        guard started[p] else { started[p] = true; refU[p] = u; refV[p] = v; refRed[p] = isRed; return }
        let du = u - refU[p], dv = v - refV[p]
        guard du * du + dv * dv > FlashAnalysis.chromaStep * FlashAnalysis.chromaStep else { return }
        // A change of a full step to a new state; a red transition when either state is a saturated red
        // (a fade between two other colours moves the state without one).
        let red = isRed || refRed[p]
        refU[p] = u; refV[p] = v; refRed[p] = isRed
        if red { record(p, direction[p] == 1 ? -1 : 1, frame) }
    }

    private mutating func record(_ p: Int, _ dir: Int8, _ frame: Int) {
        direction[p] = dir
        frames[p * PixelTransitions.kept + Int(total[p]) % PixelTransitions.kept] = Int32(frame)
        total[p] += 1
        most = max(most, total[p])
    }

    /// Whether pixel `p` made at least `k` (at most ``kept``) transitions after frame `since`.
    func has(_ p: Int, atLeast k: Int, since: Int) -> Bool {
        let n = Int(total[p])
        guard k > 0 else { return true }
        guard n >= k else { return false }
        return frames[p * PixelTransitions.kept + (n - k) % PixelTransitions.kept] > since
    }

    /// Whether any pixel made at least `k` transitions after frame `since`.
    func any(atLeast k: Int, since: Int) -> Bool {
        guard Int(most) >= k else { return false }
        return (0..<total.count).contains { has($0, atLeast: k, since: since) }
    }
}

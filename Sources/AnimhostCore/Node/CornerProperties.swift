extension NodeProperty {
    /// `maskedCorners`, `cornerCurve` and `backdropBlur`: which corners round and how, and the blur of
    /// what lies beneath the node.
    static let cornerAndBackdropProperties: [NodeProperty] = [
        NodeProperty(
            key: "maskedCorners", kind: .choiceSet, choices: CornerMask.named.map(\.name), drawing: .drawn,
            lottie: .exported,
            read: { .names($0.maskedCorners.names) }, write: { if case .names(let n) = $1 { $0.maskedCorners = CornerMask(names: n) } }),
        string(
            "cornerCurve", .choice, choices: CornerCurve.allCases.map(\.rawValue), drawing: .drawn,
            lottie: .exported,
            get: { $0.cornerCurve.rawValue }, set: { if let c = $1.flatMap(CornerCurve.init(rawValue:)) { $0.cornerCurve = c } }),
        number(
            "backdropBlur", NumberRange(0...Bounds.blur, refusesAbove: true), .backdropBlur, field: FieldSlot(\.backdropBlur),
            drawing: .drawn, lottie: .dropped("what lies beneath shows sharp (Lottie has no backdrop filter that players share)"),
            get: { $0.backdropBlur }, set: { $0.backdropBlur = $1 })
    ]
}

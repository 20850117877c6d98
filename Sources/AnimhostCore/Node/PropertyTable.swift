/// A node property the engine can animate. Each case is declared with its key, kind and field in
/// ``NodeProperty/all``; the order of the cases is each one's slot in a node's animation bookkeeping.
public enum AnimatableProperty: Int, Hashable, Sendable, CaseIterable {
    case frame, alpha, transform, backgroundColor, cornerRadius
    case borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset
    case blur
    case gradientColors, gradientLocations, gradientStartPoint, gradientEndPoint
    case shapePath, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd, mask, shadowPath
    case transform3D, anchorPoint, sublayerTransform, zPosition
    case backdropBlur
}

extension NodeProperty {
    /// Every node property, in the order the timeline writes them and `node{}` applies them (the
    /// frame first, so that `bounds` and `center` given beside it apply to it).
    ///
    /// A new property takes a field in ``NodeProperties``, a case of ``AnimatableProperty`` when it
    /// animates, its declaration here (with how it is drawn and how the Lottie export carries it), its
    /// drawing in the renderer, and its line in the editor definitions; scene files, Lua, the timeline
    /// and spec frames take it from here.
    public static let all: [NodeProperty] = layerProperties + pathProperties

    /// The properties every `CALayer` has, declared in ``all``'s order.
    static let layerProperties: [NodeProperty] = [
        rect(
            "frame", .frame, timeline: .inContainer, field: FieldSlot(\.frame), drawing: .drawn, lottie: .exported,
            get: { $0.frame }, set: { $0.frame = $1 }),
        number(
            "alpha", NumberRange(0...1), .alpha, timeline: .always, field: FieldSlot(\.alpha), drawing: .drawn, lottie: .exported,
            get: { $0.alpha }, set: { $0.alpha = $1 }),
        NodeProperty(
            key: "transform", kind: .transform, animation: .transform, timeline: .always, field: .transform(FieldSlot(\.transform)),
            drawing: .drawn, lottie: .approximated("position, scale and rotation: a skew is dropped"),
            read: { .transform($0.transform) }, write: { if case .transform(let t) = $1 { $0.transform = t } }),
        number(
            "cornerRadius", NumberRange(0...Bounds.magnitude), .cornerRadius, timeline: .always, field: FieldSlot(\.cornerRadius),
            drawing: .drawn, lottie: .exported, get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 }),
        flag("hidden", timeline: .always, drawing: .drawn, lottie: .exported, get: { $0.hidden }, set: { $0.hidden = $1 }),
        NodeProperty(
            key: "backgroundColor", kind: .optionalColor, animation: .backgroundColor, field: .optionalColor(FieldSlot(\.backgroundColor)),
            drawing: .drawn, lottie: .exported,
            read: { .color($0.backgroundColor) }, write: { if case .color(let c) = $1 { $0.backgroundColor = c } }),
        number(
            "width", in: "border", NumberRange(0...Bounds.magnitude), .borderWidth, field: FieldSlot(\.border.width),
            drawing: .drawn, lottie: .exported, get: { $0.border.width }, set: { $0.border.width = $1 }),
        color(
            "color", in: "border", .borderColor, field: FieldSlot(\.border.color), drawing: .drawn, lottie: .exported,
            get: { $0.border.color }, set: { $0.border.color = $1 }),
        color(
            "color", in: "shadow", .shadowColor, field: FieldSlot(\.shadow.color), drawing: .drawn, lottie: .exported,
            get: { $0.shadow.color }, set: { $0.shadow.color = $1 }),
        number(
            "opacity", in: "shadow", NumberRange(0...1), .shadowOpacity, field: FieldSlot(\.shadow.opacity),
            drawing: .drawn, lottie: .exported, get: { $0.shadow.opacity }, set: { $0.shadow.opacity = $1 }),
        number(
            "radius", in: "shadow", NumberRange(0...Bounds.shadowRadius, refusesAbove: true), .shadowRadius,
            field: FieldSlot(\.shadow.radius), drawing: .drawn,
            lottie: .approximated("an image per quarter octave of radius, switched from frame to frame (Lottie has no blur that players share)"),
            get: { $0.shadow.radius }, set: { $0.shadow.radius = $1 }),
        NodeProperty(
            key: "offset", group: "shadow", kind: .size, animation: .shadowOffset, field: .size(FieldSlot(\.shadow.offset)),
            drawing: .drawn, lottie: .exported,
            read: { .size($0.shadow.offset) }, write: { if case .size(let s) = $1 { $0.shadow.offset = s } }),
        string("image", .imagePath, drawing: .drawn, lottie: .exported, get: { $0.image }, set: { $0.image = $1 }),
        string(
            "contentMode", .choice, choices: ContentMode.allCases.map(\.rawValue), drawing: .drawn, lottie: .exported,
            get: { $0.contentMode.rawValue }, set: { if let m = $1.flatMap(ContentMode.init(rawValue:)) { $0.contentMode = m } }),
        NodeProperty(
            key: "text", kind: .text, drawing: .drawn,
            lottie: .approximated("images of the text as animhost lays it out, one more for each layout whose pixels differ"),
            read: { .text($0.text) }, write: { if case .text(let t) = $1 { $0.text = t } }),
        flag("clips", drawing: .drawn, lottie: .exported, get: { $0.clips }, set: { $0.clips = $1 }),
        number(
            "zIndex", NumberRange(-Bounds.magnitude...Bounds.magnitude), drawing: .drawn,
            lottie: .approximated("a node painted beneath a sibling it was above in an earlier frame is a second layer on top (Lottie's layer order is fixed)"),
            get: { $0.zIndex }, set: { $0.zIndex = $1 }),
        string(
            "tag", .label, drawing: .notDrawn("a name matching nodes across scenes"), lottie: .dropped("not on screen"),
            get: { $0.tag }, set: { $0.tag = $1 }),
        NodeProperty(
            key: "modifiers", kind: .modifiers, timeline: .never, drawing: .notDrawn("instructions to the host for a node no tag matches"),
            lottie: .dropped("not on screen"),
            read: { .modifiers($0.modifiers) }, write: { if case .modifiers(let m) = $1 { $0.modifiers = m } }),
        number(
            "blur", NumberRange(0...Bounds.blur, refusesAbove: true), .blur, field: FieldSlot(\.blur), drawing: .drawn,
            lottie: .dropped("drawn sharp"), get: { $0.blur }, set: { $0.blur = $1 }),
        gradientType,
        gradientColors,
        gradientLocations,
        gradientPoint("startPoint", .gradientStartPoint, .startPoint, \.startPoint),
        gradientPoint("endPoint", .gradientEndPoint, .endPoint, \.endPoint),
        NodeProperty(
            key: "transform3D", kind: .transform3D, animation: .transform3D, field: .layer3D(.transform3D), drawing: .drawn,
            lottie: .approximated(Layer3D.lottieNote),
            read: { $0.hasLayer3D ? .transform3D($0.transform3D) : Layer3D.identityValue }, write: { if case .transform3D(let t) = $1 { $0.transform3D = t } }),
        NodeProperty(
            key: "anchorPoint", kind: .point, animation: .anchorPoint, field: .layer3D(.anchorPoint), drawing: .drawn, lottie: .exported,
            read: { .point($0.anchorPoint) }, write: { if case .point(let a) = $1 { $0.anchorPoint = a } }),
        NodeProperty(
            key: "sublayerTransform", kind: .transform3D, animation: .sublayerTransform, field: .layer3D(.sublayerTransform),
            drawing: .drawn, lottie: .approximated(Layer3D.lottieNote),
            read: { $0.hasLayer3D ? .transform3D($0.sublayerTransform) : Layer3D.identityValue }, write: { if case .transform3D(let t) = $1 { $0.sublayerTransform = t } }),
        NodeProperty(
            key: "zPosition", kind: .number, range: NumberRange(-Bounds.magnitude...Bounds.magnitude), animation: .zPosition,
            field: .layer3D(.zPosition), drawing: .drawn,
            lottie: .approximated("orders siblings as drawn; its depth under a perspective is carried as " + Layer3D.lottieNote),
            read: { .number($0.zPosition) }, write: { if case .number(let z) = $1 { $0.zPosition = z } }),
        NodeProperty(
            key: "maskedCorners", kind: .choiceSet, choices: CornerMask.named.map(\.name), drawing: .drawn, lottie: .exported,
            read: { .names($0.maskedCorners.names) }, write: { if case .names(let n) = $1 { $0.maskedCorners = CornerMask(names: n) } }),
        string(
            "cornerCurve", .choice, choices: CornerCurve.allCases.map(\.rawValue), drawing: .drawn, lottie: .exported,
            get: { $0.cornerCurve.rawValue }, set: { if let c = $1.flatMap(CornerCurve.init(rawValue:)) { $0.cornerCurve = c } }),
        number(
            "backdropBlur", NumberRange(0...Bounds.blur, refusesAbove: true), .backdropBlur, field: FieldSlot(\.backdropBlur),
            drawing: .drawn, lottie: .dropped("what lies beneath shows sharp (Lottie has no backdrop filter that players share)"),
            get: { $0.backdropBlur }, set: { $0.backdropBlur = $1 }),
        NodeProperty(
            key: "autoresizingMask", kind: .choiceSet, choices: AutoresizingMask.named.map(\.name),
            drawing: .notDrawn("how the frame follows the parent's size; the children's frames show it"),
            lottie: .dropped("its effect is in the frames"),
            read: { .names($0.autoresizingMask.names) }, write: { if case .names(let n) = $1 { $0.autoresizingMask = AutoresizingMask(names: n) } })
    ]
}

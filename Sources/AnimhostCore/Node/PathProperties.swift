extension NodeProperty {
    /// The path-valued properties and the shape's style, declared as every other property is (see
    /// ``all``); their values live out of line (``NodePaths``), and each one's `slot` is its position here.
    static let pathProperties: [NodeProperty] = [
        path(
            "path", in: "shape", .shapePath, slot: 0, lottie: .exported,
            get: { $0.paths.shape.path }, set: { $0.paths.shape.path = $1 }),
        NodeProperty(
            key: "fillColor", group: "shape", kind: .color, animation: .fillColor,
            field: .outOfLine(1),
            drawing: .drawn, lottie: .exported,
            read: { .color($0.paths.shape.fillColor) }, write: { if case .color(let c?) = $1 { $0.paths.shape.fillColor = c } }),
        NodeProperty(
            key: "strokeColor", group: "shape", kind: .optionalColor, animation: .strokeColor,
            field: .outOfLine(2),
            drawing: .drawn, lottie: .exported,
            read: { .color($0.paths.shape.strokeColor) }, write: { if case .color(let c) = $1 { $0.paths.shape.strokeColor = c } }),
        shapeNumber("lineWidth", NumberRange(0...Bounds.magnitude), .lineWidth, slot: 3, get: { $0.lineWidth }, set: { $0.lineWidth = $1 }),
        shapeNumber("strokeStart", NumberRange(0...1), .strokeStart, slot: 4, get: { $0.strokeStart }, set: { $0.strokeStart = $1 }),
        shapeNumber("strokeEnd", NumberRange(0...1), .strokeEnd, slot: 5, get: { $0.strokeEnd }, set: { $0.strokeEnd = $1 }),
        path(
            "mask", in: nil, .mask, slot: 6,
            lottie: .approximated("layer masks of the node's precomposition; its shadow, beneath it in the parent's composition, is not masked"),
            get: { $0.paths.mask }, set: { $0.paths.mask = $1 }),
        path(
            "shadowPath", in: nil, .shadowPath, slot: 7,
            lottie: .approximated("an image of the path's shadow per blur radius and colour, stretched with the node"),
            get: { $0.paths.shadowPath }, set: { $0.paths.shadowPath = $1 })
    ]

    /// A path, or none, animating point by point.
    private static func path(
        _ key: String, in group: String?, _ animation: AnimatableProperty, slot: Int, lottie: PropertyExport,
        get: @escaping @Sendable (borrowing NodeProperties) -> ShapePath?,
        set: @escaping @Sendable (inout NodeProperties, ShapePath?) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, group: group, kind: .path, animation: animation,
            field: .outOfLine(slot),
            drawing: .drawn, lottie: lottie,
            read: { .path(get($0)) }, write: { if case .path(let p) = $1 { set(&$0, p) } })
    }

    /// A number of the shape's style.
    private static func shapeNumber(
        _ key: String, _ range: NumberRange, _ animation: AnimatableProperty, slot: Int,
        get: @escaping @Sendable (ShapeStyle) -> Double, set: @escaping @Sendable (inout ShapeStyle, Double) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, group: "shape", kind: .number, range: range, animation: animation,
            field: .outOfLine(slot),
            drawing: .drawn, lottie: .exported,
            read: { .number(get($0.paths.shape)) }, write: { if case .number(let n) = $1 { set(&$0.paths.shape, n) } })
    }
}

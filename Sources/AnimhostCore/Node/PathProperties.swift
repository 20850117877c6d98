extension NodeProperty {
    /// The path-valued properties and the shape's style, declared as every other property is (see
    /// ``all``); their values live out of line (``NodePaths``).
    static let pathProperties: [NodeProperty] = [
        path(
            "path", in: "shape", .shapePath, lottie: .exported,
            get: { $0.paths.shape.path }, set: { $0.paths.shape.path = $1 }),
        NodeProperty(
            key: "fillColor", group: "shape", kind: .color, animation: .fillColor,
            field: outOfLine(read: { .color($0.paths.shape.fillColor) }, write: { if case .color(let c) = $1 { $0.paths.shape.fillColor = c } }),
            drawing: .drawn, lottie: .exported,
            read: { .color($0.paths.shape.fillColor) }, write: { if case .color(let c?) = $1 { $0.paths.shape.fillColor = c } }),
        NodeProperty(
            key: "strokeColor", group: "shape", kind: .optionalColor, animation: .strokeColor,
            field: outOfLine(read: { .color($0.paths.shape.strokeColor ?? .clear) }, write: { if case .color(let c) = $1 { $0.paths.shape.strokeColor = c } }),
            drawing: .drawn, lottie: .exported,
            read: { .color($0.paths.shape.strokeColor) }, write: { if case .color(let c) = $1 { $0.paths.shape.strokeColor = c } }),
        shapeNumber("lineWidth", NumberRange(0...Bounds.magnitude), .lineWidth, get: { $0.lineWidth }, set: { $0.lineWidth = $1 }),
        shapeNumber("strokeStart", NumberRange(0...1), .strokeStart, get: { $0.strokeStart }, set: { $0.strokeStart = $1 }),
        shapeNumber("strokeEnd", NumberRange(0...1), .strokeEnd, get: { $0.strokeEnd }, set: { $0.strokeEnd = $1 }),
        path(
            "mask", in: nil, .mask,
            lottie: .approximated("layer masks of the node's precomposition; its shadow, beneath it in the parent's composition, is not masked"),
            get: { $0.paths.mask }, set: { $0.paths.mask = $1 }),
        path(
            "shadowPath", in: nil, .shadowPath,
            lottie: .approximated("an image of the path's shadow per blur radius and colour, stretched with the node"),
            get: { $0.paths.shadowPath }, set: { $0.paths.shadowPath = $1 })
    ]

    private static func outOfLine(
        read: @escaping @Sendable (borrowing NodeProperties) -> AnimatableValue,
        write: @escaping @Sendable (inout NodeProperties, AnimatableValue) -> Void
    ) -> AnimatableField {
        .outOfLine(OutOfLineField(read: read, write: write))
    }

    /// A path, or none, animating point by point.
    private static func path(
        _ key: String, in group: String?, _ animation: AnimatableProperty, lottie: PropertyExport,
        get: @escaping @Sendable (borrowing NodeProperties) -> ShapePath?,
        set: @escaping @Sendable (inout NodeProperties, ShapePath?) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, group: group, kind: .path, animation: animation,
            field: outOfLine(read: { .path(get($0)) }, write: { if case .path(let p) = $1 { set(&$0, p) } }),
            drawing: .drawn, lottie: lottie,
            read: { .path(get($0)) }, write: { if case .path(let p) = $1 { set(&$0, p) } })
    }

    /// A number of the shape's style.
    private static func shapeNumber(
        _ key: String, _ range: NumberRange, _ animation: AnimatableProperty,
        get: @escaping @Sendable (ShapeStyle) -> Double, set: @escaping @Sendable (inout ShapeStyle, Double) -> Void
    ) -> NodeProperty {
        NodeProperty(
            key: key, group: "shape", kind: .number, range: range, animation: animation,
            field: outOfLine(read: { .number(get($0.paths.shape)) }, write: { if case .number(let n) = $1 { set(&$0.paths.shape, n) } }),
            drawing: .drawn, lottie: .exported,
            read: { .number(get($0.paths.shape)) }, write: { if case .number(let n) = $1 { set(&$0.paths.shape, n) } })
    }
}

/// The declarations of the `gradient` group (``Gradient``), which ``NodeProperty/all`` lists.
extension NodeProperty {
    /// `gradient.type`: axial, radial or conic, changing at once.
    static let gradientType = NodeProperty(
        key: "type", group: "gradient", kind: .choice, choices: GradientType.allCases.map(\.rawValue), drawing: .drawn,
        lottie: .approximated(
            "axial and radial are gradient fills (a radial ellipse stretches the rounded corners with it); conic, which Lottie lacks, is a flat fill of its colours' premultiplied average"
        ),
        read: { .string($0.gradient.type.rawValue) },
        write: { if case .string(let s?) = $1, let t = GradientType(rawValue: s) { $0.gradient.type = t } })

    /// `gradient.colors`: premultiplied stop by stop when the counts match, at once otherwise.
    static let gradientColors = NodeProperty(
        key: "colors", group: "gradient", kind: .colors, animation: .gradientColors, field: .gradient(.colors),
        drawing: .drawn, lottie: .approximated("the fill's stops: players blend between stops of different alphas straight, not premultiplied"),
        read: { .colors($0.gradient.colors) }, write: { if case .colors(let c) = $1 { $0.gradient.colors = c } })

    /// `gradient.locations`: each in 0…1, linearly when the counts match, at once otherwise.
    static let gradientLocations = NodeProperty(
        key: "locations", group: "gradient", kind: .numbers, range: NumberRange(0...1), animation: .gradientLocations,
        field: .gradient(.locations), drawing: .drawn, lottie: .exported,
        read: { .numbers($0.gradient.locations) }, write: { if case .numbers(let n) = $1 { $0.gradient.locations = n } })

    /// `gradient.startPoint` or `gradient.endPoint`, in unit coordinates of the bounds, linearly.
    static func gradientPoint(
        _ key: String, _ animation: AnimatableProperty, _ member: GradientMember, _ path: WritableKeyPath<Gradient, Point> & Sendable
    ) -> NodeProperty {
        NodeProperty(
            key: key, group: "gradient", kind: .point, animation: animation, field: .gradient(member), drawing: .drawn, lottie: .exported,
            read: { .point($0.gradient[keyPath: path]) }, write: { if case .point(let q) = $1 { $0.gradient[keyPath: path] = q } })
    }
}

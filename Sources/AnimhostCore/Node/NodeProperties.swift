/// How an image fills its node, as `UIView.ContentMode`.
public enum ContentMode: String, Sendable, CaseIterable {
    case fill, aspectFit, aspectFill
}

/// A layer's border, as `CALayer.borderWidth`/`borderColor`.
public struct Border: Hashable, Sendable {
    public var width: Double
    public var color: Color
    public init(width: Double = 0, color: Color = .black) { self.width = width; self.color = color }
}

/// A layer's drop shadow, with Core Animation's defaults (opacity 0, radius 3, offset (0, −3)).
public struct Shadow: Hashable, Sendable {
    public var color: Color
    public var opacity: Double
    public var radius: Double
    public var offset: Size
    public init(color: Color = .black, opacity: Double = 0, radius: Double = 3, offset: Size = Size(width: 0, height: -3)) {
        self.color = color; self.opacity = opacity; self.radius = radius; self.offset = offset
    }
}

/// Text drawn inside a node; sizes in points.
public struct TextStyle: Hashable, Sendable {
    public var string: String
    public var fontSize: Double = 17
    public var weight: String = "regular"
    public var color: Color = .black
    public var alignment: String = "left"
    public init(string: String) { self.string = string }
}

/// Every property of a node, as one value: the model (what was last set) and the presentation
/// (what is on screen at an instant) are both of this type.
public struct NodeProperties: Hashable, Sendable {
    /// The untransformed frame in the parent's coordinates.
    public var frame: Rect = .zero
    public var alpha: Double = 1
    /// Applied about the frame's centre.
    public var transform: Transform2D = .identity
    public var backgroundColor: Color? = nil
    public var cornerRadius: Double = 0
    public var border = Border()
    public var shadow = Shadow()
    /// A path relative to the scene file, or `placeholder:N`.
    public var image: String? = nil
    public var contentMode: ContentMode = .fill
    public var text: TextStyle? = nil
    public var clips = false
    public var hidden = false
    /// Paint order among siblings: higher paints later (on top), ties keep insertion order.
    public var zIndex: Double = 0
    public var tag: String? = nil
    /// How the node animates when no tag matches it (Hero's modifiers); the engine does not read them.
    public var modifiers: [Modifier] = []
    /// A Gaussian blur of the node and its subtree, as CSS's `filter: blur()`: the standard deviation in points.
    public var blur: Double = 0
    /// The gradient, boxed so that a node without one pays a null pointer (see ``gradient``).
    var gradientBox: GradientBox? = nil
    /// The shape, mask and shadow path: rare, so kept out of line.
    public var paths = NodePaths()
    /// The 3-D values (``Layer3D``), boxed: nil for a node that uses none of them.
    var layer3DBox: Layer3DBox? = nil
    /// Which corners `cornerRadius` rounds, as `CALayer.maskedCorners`.
    public var maskedCorners: CornerMask = .all
    /// How the corners curve, as `CALayer.cornerCurve`.
    public var cornerCurve: CornerCurve = .circular
    /// A Gaussian blur of what lies beneath the node, within its rounded bounds, before it draws (a
    /// `UIVisualEffectView`, CSS's `backdrop-filter: blur()`): the standard deviation in points.
    public var backdropBlur: Double = 0
    /// How the frame follows the parent's size, as `UIView.autoresizingMask` (``AutoresizingMask``).
    public var autoresizingMask: AutoresizingMask = []

    public init() {}
}

extension NodeProperties {
    /// The node's gradient (`CAGradientLayer`), drawn over the background; the default has no colours.
    public var gradient: Gradient {
        get { gradientBox?.value ?? Gradient() }
        set { gradientBox = newValue == Gradient() ? nil : GradientBox(newValue) }
    }

    /// Whether the node draws a gradient (it has colours): a check of one pointer for nodes without.
    public var hasGradient: Bool { gradientBox.map { !$0.value.colors.isEmpty } ?? false }
}

extension NodeProperties {
    /// The node's corners, from `cornerRadius`, `maskedCorners` and `cornerCurve`.
    public var cornerShape: CornerShape { CornerShape(radius: cornerRadius, corners: maskedCorners, curve: cornerCurve) }
}

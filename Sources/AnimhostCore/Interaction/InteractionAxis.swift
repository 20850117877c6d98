/// The axis or direction the default percent-driven interaction reads a gesture along, a plugin's
/// `interaction = { axis = … }`. Without one, an edge swipe is read across the screen and any other
/// gesture along the axis it first moved on.
public enum InteractionAxis: String, Equatable, Sendable, CaseIterable {
    /// Across the screen: away from the edge an edge swipe began at, else the way the gesture first moved across.
    case horizontal
    /// Up or down, the way the gesture first moved vertically.
    case vertical
    case left, right, up, down

    /// The fixed direction of a direction axis; nil for `horizontal` and `vertical`, whose sign the gesture decides.
    public var fixedDirection: DriveDirection? {
        switch self {
        case .horizontal, .vertical: return nil
        case .left: return DriveDirection(dx: -1, dy: 0)
        case .right: return DriveDirection(dx: 1, dy: 0)
        case .up: return DriveDirection(dx: 0, dy: -1)
        case .down: return DriveDirection(dx: 0, dy: 1)
        }
    }
}

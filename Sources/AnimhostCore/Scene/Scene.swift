import Foundation

/// The kind of transition, as UINavigationController's push/pop and UIKit's present/dismiss.
public enum TransitionOperation: String, Sendable, CaseIterable {
    case push, pop, present, dismiss

    /// True for push and present: the destination comes on screen.
    public var isPresenting: Bool { self == .push || self == .present }
}

/// A named screen: a root node (whose id is the scene's name) and what its default delegate answers.
public final class Scene {
    /// The scene's name, which is also its root node's id.
    public let name: String
    /// The screen's size in points.
    public let size: Size
    /// What the default delegate's `backgroundColor` answers.
    public let background: Color
    /// Shown over the screen beneath it (like `.overCurrentContext`), which stays in the container.
    public let isOverlay: Bool
    /// The shared element's node id, per operation; the `nil` key holds the default.
    public let references: [TransitionOperation?: String]
    /// The scene's view: its nodes, as loaded.
    public let root: Node
    /// The folder image paths are relative to; nil for scenes built in code.
    public let directory: URL?
    /// The scene's delegate script (the real path of a `.lua` file inside ``directory``), or nil when
    /// the default delegate answers from the scene file alone.
    public let delegate: URL?

    public init(
        name: String, size: Size, background: Color, isOverlay: Bool = false,
        references: [TransitionOperation?: String] = [:], root: Node, directory: URL? = nil, delegate: URL? = nil
    ) {
        self.name = name; self.size = size; self.background = background; self.isOverlay = isOverlay
        self.references = references; self.root = root; self.directory = directory; self.delegate = delegate
    }

    /// The id of the shared element for `operation`, if the scene names one.
    public func referenceID(for operation: TransitionOperation) -> String? {
        references[operation] ?? references[nil]
    }

    /// The node the default delegate returns as the shared element.
    public func referenceNode(for operation: TransitionOperation) -> Node? {
        referenceID(for: operation).flatMap { root.find($0) }
    }
}

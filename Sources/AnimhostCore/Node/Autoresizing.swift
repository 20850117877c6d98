/// How a node's frame follows its parent's size, as `UIView.AutoresizingMask`: the flexible parts
/// of each axis (a margin, the size) share a change of the parent's size in proportion to their
/// current sizes; the others keep theirs. No flag: the frame stays as it is.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The left margin takes a share of a change of the parent's width.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
    /// The width takes a share of a change of the parent's width.
    public static let flexibleWidth = AutoresizingMask(rawValue: 2)
    /// The right margin takes a share of a change of the parent's width.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
    /// The top margin takes a share of a change of the parent's height.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
    /// The height takes a share of a change of the parent's height.
    public static let flexibleHeight = AutoresizingMask(rawValue: 16)
    /// The bottom margin takes a share of a change of the parent's height.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)

    /// Each flag with its name in scene files, Lua and the timeline, in UIKit's order (its bit order).
    public static let named: [(name: String, flag: AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin)
    ]

    /// The flags named by `names` (each one of ``named``; an unknown name is left out: readers check first).
    public init(names: [String]) {
        self = AutoresizingMask(Self.named.filter { names.contains($0.name) }.map(\.flag))
    }

    /// The names of the flags in the mask, in UIKit's order.
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }

    /// The frame `frame` (in a parent of size `old`) takes when the parent's size becomes `new`.
    public func resize(_ frame: Rect, from old: Size, to new: Size) -> Rect {
        let (x, width) = Self.axis(
            frame.x, frame.width, old.width, new.width,
            contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin))
        let (y, height) = Self.axis(
            frame.y, frame.height, old.height, new.height,
            contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin))
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// One axis: the leading margin `origin`, the `length` and the trailing margin share the change
    /// `new − old` among the flexible ones, each in proportion to its size (a negative margin counts
    /// as 0; when every flexible part is 0 they share it equally). The length stays at least 0.
    private static func axis(
        _ origin: Double, _ length: Double, _ old: Double, _ new: Double,
        _ leading: Bool, _ middle: Bool, _ trailing: Bool
    ) -> (Double, Double) {
        let change = new - old
        guard change != 0, leading || middle || trailing else { return (origin, length) }
        let parts = [leading ? max(origin, 0) : 0, middle ? max(length, 0) : 0, trailing ? max(old - origin - length, 0) : 0]
        let total = parts[0] + parts[1] + parts[2]
        let flexible = [leading, middle, trailing].filter { $0 }.count
        func share(_ i: Int, _ on: Bool) -> Double {
            guard on else { return 0 }
            return total > 0 ? change * parts[i] / total : change / Double(flexible)
        }
        return (origin + share(0, leading), max(length + share(1, middle), 0))
    }
}

extension Node {
    /// Lays the children out for a change of this node's model size from `old`, as UIKit's
    /// `autoresizesSubviews`: each child with a mask takes its model frame for the new size (and, when
    /// `showNow`, shows it at once unless its own frame animates), and so on down.
    func autoresizeModelChildren(from old: Size, showNow: Bool) {
        var pending: [(Node, Size)] = [(self, old)]
        while let (parent, before) = pending.popLast() {
            let after = parent.storedModel.frame.size
            guard after != before else { continue }
            for child in parent.children where !child.storedModel.autoresizingMask.isEmpty {
                let was = child.storedModel.frame
                child.storedModel.frame = child.autoresizedFrame(inParentOf: after, laidOutFor: before)
                if showNow && child.motion.lane(.frame) == nil { child.presentation.frame = child.storedModel.frame }
                if !child.children.isEmpty { pending.append((child, was.size)) }
            }
        }
    }

    /// This node's frame in its parent at the size `size`, worked out from its ``LayoutOrigin``
    /// (taken now, from its model frame in a parent of size `current`, when it has none that holds).
    /// A pure function of the parent's size: a parent shrunk to nothing and grown back gives its
    /// children back their frames, and a child on screen never jumps as its parent starts to move.
    func autoresizedFrame(inParentOf size: Size, laidOutFor current: Size) -> Rect {
        let mask = storedModel.autoresizingMask
        let origin: LayoutOrigin
        if let kept = motion.layoutOrigin, kept.holds(for: self) {
            origin = kept
        } else {
            origin = LayoutOrigin(frame: storedModel.frame, parentSize: current, parent: parent.map(ObjectIdentifier.init), mask: mask)
            motion.layoutOrigin = origin
        }
        return mask.resize(origin.frame, from: origin.parentSize, to: size)
    }

    /// Whether a change of this node's size moves a child (one of them has a mask).
    var autoresizesChildren: Bool { children.contains { !$0.storedModel.autoresizingMask.isEmpty } }

    /// Lays out the presentation of the subtree below this node for its presentation size: each
    /// child with a mask whose frame does not animate itself shows its frame for the parent's
    /// presentation size. The flexible parts keep their ratios, so this is what Core Animation shows
    /// when both frames animate on the same curve.
    func layoutPresentationChildren() {
        var pending: [Node] = [self]
        while let parent = pending.popLast() {
            let model = parent.storedModel.frame.size, shown = parent.presentation.frame.size
            for child in parent.children {
                let mask = child.storedModel.autoresizingMask
                if !mask.isEmpty && child.motion.lane(.frame) == nil {
                    child.presentation.frame = child.autoresizedFrame(inParentOf: shown, laidOutFor: model)
                }
                if !child.children.isEmpty { pending.append(child) }
            }
        }
    }
}

/// Where a node's autoresizing starts from: the frame it was last given (in its scene, or by a set
/// of its own frame) and its parent's size then. Every later layout resizes this frame, so the
/// layout depends on the parent's size alone, not on the sizes it went through.
struct LayoutOrigin {
    let frame: Rect
    let parentSize: Size
    let parent: ObjectIdentifier?
    let mask: AutoresizingMask

    /// Whether it still describes `node`: the same parent and the same mask.
    func holds(for node: Node) -> Bool {
        parent == node.parent.map(ObjectIdentifier.init) && mask == node.storedModel.autoresizingMask
    }
}

import Foundation

/// What a plugin's presentation does at UIKit's moments, as a `UIPresentationController` subclass's
/// overrides do: AnimhostLua's `LuaPresentation` calls a plugin's `presentation = { … }` table. Each
/// hook runs inside the run it belongs to, so that what it animates runs with the transition.
public protocol PresentationController: AnyObject {
    /// The presented screen's frame at the end of the present, in the container's coordinates
    /// (`frameOfPresentedViewInContainerView`); nil for UIKit's default, the container's bounds.
    func frameOfPresentedView(in context: TransitionContext) throws -> Rect?
    /// Whether the presenting screen leaves the container when the present ends (`shouldRemovePresentersView`; UIKit's default false).
    func shouldRemovePresentersView(in context: TransitionContext) throws -> Bool
    /// Before the present's animations are declared (`presentationTransitionWillBegin`).
    func presentationWillBegin(in context: TransitionContext) throws
    /// Once the present completed or was cancelled (`presentationTransitionDidEnd(_:)`).
    func presentationDidEnd(_ completed: Bool, in context: TransitionContext) throws
    /// Before the dismiss's animations are declared (`dismissalTransitionWillBegin`).
    func dismissalWillBegin(in context: TransitionContext) throws
    /// Once the dismiss completed or was cancelled (`dismissalTransitionDidEnd(_:)`).
    func dismissalDidEnd(_ completed: Bool, in context: TransitionContext) throws
    /// Releases what the presentation holds in its plugin, once it is over; a second call does nothing.
    func close()
}

/// A presentation that lasts from a present to the end of its dismiss, as `UIPresentationController`
/// does: the container both transitions share, the two screens, and the views its hooks added to the
/// container (a dimming view, a bubble kept for the dismissal). A ``TransitionSession`` keeps it between
/// runs; a dismiss of the same screens runs in its container, with what the present left.
///
/// Its views go when a present is cancelled or a dismiss completes; a completed present and a
/// cancelled dismiss keep them (`presentationTransitionDidEnd(false)` and `dismissalTransitionDidEnd(true)`
/// are where UIKit's documentation has a presentation controller remove its views).
public final class Presentation {
    /// Where a presentation is in its life.
    public enum State: Equatable, Sendable {
        /// The present is under way.
        case presenting
        /// The present completed: a dismiss may follow.
        case presented
        /// A dismiss is under way.
        case dismissing
        /// The present was cancelled or the dismiss completed: the views are gone.
        case over
    }

    /// The plugin's hooks.
    public let controller: PresentationController
    /// The container both transitions run in.
    public let container: Node
    /// The screen that presents, and the one presented.
    public let presenting: Scene, presented: Scene
    /// The scene files of the two screens, when they came from files: a dismiss of these files carries the presentation.
    let files: (presenting: URL, presented: URL)?
    /// The views the presentation's hooks (any of them) added to the container, in the order added.
    public private(set) var views: [Node] = []
    /// What `shouldRemovePresentersView` answered as the present began.
    public private(set) var removesPresentersView = false
    /// Where the presentation is in its life.
    public private(set) var state = State.presenting
    /// The hook under way that runs before the animator (`presentationWillBegin`, …), where
    /// `ctx:complete` has nothing to complete yet; nil when none is.
    public private(set) var hookBeforeAnimator: String?
    /// The completion a run's ``TransitionContext/complete(_:)`` gave, waiting for its `…DidEnd` hook.
    private var pendingEnd: Bool?

    /// A presentation beginning with the present `context` runs, its screens that run's.
    init(_ controller: PresentationController, present context: TransitionContext, files: (presenting: URL, presented: URL)?) {
        self.controller = controller
        container = context.container
        presenting = context.from
        presented = context.to
        self.files = files
    }

    /// Whether a dismiss of `files` (from the presented screen to the presenting one) continues this presentation.
    func continues(dismissing files: (from: URL, to: URL)) -> Bool {
        guard state == .presented, let own = self.files else { return false }
        func same(_ a: URL, _ b: URL) -> Bool { a.standardizedFileURL.resolvingSymlinksInPath() == b.standardizedFileURL.resolvingSymlinksInPath() }
        return same(own.presented, files.from) && same(own.presenting, files.to)
    }

    /// Calls the `…WillBegin` hook of `context`'s run, before its animator declares its animations: for a
    /// present, the presented screen placed at ``PresentationController/frameOfPresentedView(in:)`` first.
    func willBegin(_ context: TransitionContext) throws {
        try keepingViews {
            if context.operation == .present {
                let frame = try controller.frameOfPresentedView(in: context) ?? Rect(origin: .zero, size: context.size)
                try PresentationError.check(frame)
                presented.root.model.frame = frame
                removesPresentersView = try beginning("shouldRemovePresentersView") { try controller.shouldRemovePresentersView(in: context) }
                context.log("presentation.presentationWillBegin")
                try beginning("presentationWillBegin") { try controller.presentationWillBegin(in: context) }
            } else {
                state = .dismissing
                context.log("presentation.dismissalWillBegin")
                try beginning("dismissalWillBegin") { try controller.dismissalWillBegin(in: context) }
            }
        }
    }

    /// Runs the hook `name`, called before the animator: while it runs, ``hookBeforeAnimator`` names it.
    private func beginning<T>(_ name: String, _ hook: () throws -> T) throws -> T {
        hookBeforeAnimator = name
        defer { hookBeforeAnimator = nil }
        return try hook()
    }

    /// Runs a hook, then counts the nodes it added to the container (other than the two screens) among
    /// the presentation's views, whichever hook added them.
    private func keepingViews(_ hook: () throws -> Void) throws {
        let before = Set(container.children.map(ObjectIdentifier.init))
        defer {
            let screens = [presenting.root, presented.root].map(ObjectIdentifier.init)
            views += container.children.filter { !before.contains(ObjectIdentifier($0)) && !screens.contains(ObjectIdentifier($0)) }
        }
        try hook()
    }

    /// Notes that `context`'s run completed (``TransitionContext/complete(_:)``); its hook runs at ``didEnd(_:)``.
    func completed(_ finished: Bool) { pendingEnd = finished }

    /// Whether a screen leaving at `complete` stays instead: the presenting one after a completed present
    /// (unless `shouldRemovePresentersView`), and after a cancelled dismiss likewise.
    func keeps(_ scene: Scene) -> Bool { scene === presenting && !removesPresentersView }

    /// Calls the `…DidEnd` hook once the run's `complete` was called, then removes the views when the
    /// presentation is over.
    func didEnd(_ context: TransitionContext) throws {
        guard let finished = pendingEnd else { return }
        pendingEnd = nil
        let presentingRun = context.operation == .present
        context.log("presentation.\(presentingRun ? "presentationDidEnd" : "dismissalDidEnd")(\(finished))")
        try keepingViews {
            if presentingRun {
                try controller.presentationDidEnd(finished, in: context)
            } else {
                try controller.dismissalDidEnd(finished, in: context)
            }
        }
        state = presentingRun == finished ? .presented : .over
        if state == .over { end() }
    }

    /// Ends the presentation: its views leave the container and its hooks' state is released.
    func end() {
        for view in views { view.removeFromParent() }
        views = []
        state = .over
        controller.close()
    }
}

/// A presentation's answer the host cannot use.
public enum PresentationError: Error, CustomStringConvertible, Equatable {
    /// `frameOfPresentedView` returned a frame of negative or non-finite numbers.
    case badFrame(Rect)
    /// The present a dismiss needs did not complete, so there is nothing to dismiss.
    case presentNotCompleted

    /// Throws ``badFrame(_:)`` unless `frame` can be a screen's: finite numbers, a size of at least 0.
    public static func check(_ frame: Rect) throws {
        let numbers = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
        guard numbers.allSatisfy(\.isFinite), frame.size.width >= 0, frame.size.height >= 0 else { throw PresentationError.badFrame(frame) }
    }

    /// `r` as a plugin writes it: `rect(x, y, width, height)`.
    public static func show(_ r: Rect) -> String {
        "rect(\([r.origin.x, r.origin.y, r.size.width, r.size.height].map(formatNumber).joined(separator: ", ")))"
    }

    public var description: String {
        switch self {
        case .badFrame(let r):
            return "frameOfPresentedView(container) must return a rect of finite numbers and a size of at least 0, got \(PresentationError.show(r))"
        case .presentNotCompleted:
            return "the present run before the dismiss (to set up the presentation it dismisses) did not complete"
        }
    }
}

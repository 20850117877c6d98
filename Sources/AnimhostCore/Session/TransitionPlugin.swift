import Foundation

/// An animator a ``TransitionSession`` can run: a Lua plugin (AnimhostLua's `Plugin`) or any Swift type.
/// For each run the session asks it for a ``PreparedAnimator`` bound to that run's context.
public protocol TransitionPlugin: AnyObject {
    /// The animator's name, as outputs' headers show it.
    var name: String { get }
    /// The file the animator came from, if any: scene names are looked up beside it first.
    var location: URL? { get }
    /// The scenes it runs on by default, for push and present (swapped for pop and dismiss).
    var defaultScenes: (from: String?, to: String?) { get }
    /// The chrome scene it runs with by default, drawn above the container; nil for none.
    var defaultChrome: String? { get }
    /// An error about this animator, naming where it came from.
    func error(_ message: String) -> Error
    /// An animator for one run in `context`, with `params` (text overrides of the declared tunables) applied.
    func prepare(_ context: TransitionContext, params: [String: String]) throws -> PreparedAnimator
}

/// One run's animator, as a ``TransitionPlugin`` prepares it.
public protocol PreparedAnimator: TransitionAnimator {
    /// Stops counting time against the animator's budget while the host works (writing frames, waiting for the next one).
    func pauseBudget()
    /// Counts time against the budget again, from where ``pauseBudget()`` left it.
    func resumeBudget()
    /// Told once the run has ended, like `animationEnded(_:)`.
    func ended(completed: Bool) throws
    /// The error to report for a run that broke the animator protocol, placed in the animator's source.
    func error(for error: TransitionError) -> Error
    /// Releases what the run holds, however the run ended; a second call does nothing.
    func close()
    /// What the run did that UIKit allows but rarely means, each placed in the animator's source.
    var warnings: [String] { get }
}

extension TransitionPlugin {
    public var defaultChrome: String? { nil }
}

extension PreparedAnimator {
    public func pauseBudget() {}
    public func resumeBudget() {}
    public func ended(completed: Bool) throws {}
    public func error(for error: TransitionError) -> Error { error }
    public func close() {}
    public var warnings: [String] { [] }

    /// Runs host work off the animator's time budget.
    func offTheBudget<T>(_ body: () throws -> T) rethrows -> T {
        pauseBudget()
        defer { resumeBudget() }
        return try body()
    }
}

/// Resolves scene names to files: AnimhostLua's `PluginCatalog`, or a host's own folders.
public protocol SceneLocating {
    /// The scene file for a name or a `.json` path, looked up beside `plugin` first when given.
    func locateScene(_ nameOrPath: String, besides plugin: URL?) throws -> URL
    /// The folders besides the plugin's own that scenes a plugin or a spec names may lie in
    /// (docs/security.md); nil (the default) when the locator answers for its files itself.
    var sceneFolders: [URL]? { get }
}

extension SceneLocating {
    public var sceneFolders: [URL]? { nil }
}

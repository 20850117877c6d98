import Foundation

/// What a ``TransitionSession`` runs: a loaded Lua plugin (AnimhostLua's `Plugin`) or any Swift type.
/// For each run the session asks it for a fresh ``TransitionAnimator`` bound to that run's context.
public protocol TransitionPlugin: AnyObject {
    /// The plugin's name, as outputs' headers show it.
    var name: String { get }
    /// The file the plugin came from, if any: scene names are looked up beside it first.
    var location: URL? { get }
    /// The scenes it runs on by default, for push and present (swapped for pop and dismiss).
    var defaultScenes: (from: String?, to: String?) { get }
    /// The chrome scene it runs with by default, drawn above the container; nil for none.
    var defaultChrome: String? { get }
    /// Whether its presents begin a ``Presentation`` that lasts until their dismiss (a Lua plugin's
    /// `presentation = { … }`), which the session keeps between runs; false by default.
    var declaresPresentation: Bool { get }
    /// The hooks of a new presentation, for a present about to begin; nil when it declares none.
    func makePresentation() throws -> PresentationController?
    /// An error about this plugin, naming where it came from.
    func error(_ message: String) -> Error
    /// An animator for one run in `context`, with `params` (text overrides of the declared tunables) applied.
    func prepare(_ context: TransitionContext, params: [String: String]) throws -> TransitionAnimator
}

extension TransitionPlugin {
    public var defaultChrome: String? { nil }
    public var declaresPresentation: Bool { false }
    public func makePresentation() throws -> PresentationController? { nil }
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

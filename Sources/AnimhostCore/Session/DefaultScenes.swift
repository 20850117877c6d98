/// The scenes a run falls back on: the plugin's declared ones, else the built-in list and its detail page.
extension TransitionPlugin {
    /// The scenes a plugin that declares none runs on: the built-in list and its detail page.
    public static var fallbackScenes: (from: String, to: String) { ("grid", "detail") }

    /// Whether the plugin names both of its scenes.
    public var declaresScenes: Bool { defaultScenes.from != nil && defaultScenes.to != nil }

    /// The scenes runs default to for push and present: the declared ones, else ``fallbackScenes``.
    public var runScenes: (from: String, to: String) {
        (defaultScenes.from ?? Self.fallbackScenes.from, defaultScenes.to ?? Self.fallbackScenes.to)
    }

    /// The line said once when a run falls back to the built-in scenes; nil when the plugin declares its own.
    public var fallbackScenesNote: String? {
        declaresScenes ? nil : "\(name) declares no scenes: running on the built-in \(runScenes.from) → \(runScenes.to) (reversed for pop and dismiss)"
    }
}

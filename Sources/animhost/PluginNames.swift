import AnimhostLua

/// Shell completion of a plugin argument: the names of the plugins found on the default search path.
enum PluginNames {
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        PluginCatalog().all().map(\.name).filter { $0.hasPrefix(prefix) }
    }
}

import CLua

/// Where a plugin declared an `animate{}` or `keyframes{}` block, as `file.lua:12`: the innermost line
/// of the plugin's own files (itself and the modules it requires) running, so that a block the
/// host's library declares for it (a preset) is placed at the plugin's call; else the library's line.
enum DeclarationPlace {
    /// The place of the block being declared in `L`; nil when no Lua line is running.
    static func current(_ L: OpaquePointer) -> String? {
        var library: String?
        var ar = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(L, level, &ar) != 0 {
            level += 1
            lua_getinfo(L, "Sl", &ar)
            guard ar.currentline > 0 else { continue }
            let source = withUnsafeBytes(of: &ar.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if source == "animhost/prelude.lua" { continue }
            let place = "\(source):\(ar.currentline)"
            if !PluginError.hostChunks.contains(source) { return place }
            if library == nil { library = place }
        }
        return library
    }
}

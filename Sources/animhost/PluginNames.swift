import AnimhostLua

/// Shell completion of a plugin argument: the names of the plugins found on the default search path.
///
/// The shells do not take the names as plain text: bash's `compgen -W` expands each one (`$(…)`,
/// backquotes, `${…}`, `~`), zsh reads `:` as the start of a description and fish a tab, and every
/// shell splits at a newline. So only names that are text in every shell are offered: letters,
/// digits, `_`, `-`, `.` and `+`, not starting with `-` (which would read as an option). Others
/// still run by their path.
enum PluginNames {
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        PluginCatalog().all().map(\.name).filter { isInert($0) && $0.hasPrefix(prefix) }
    }

    /// Whether `name` reads as itself in bash, zsh and fish completion lists.
    static func isInert(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("-")
            && name.unicodeScalars.allSatisfy { u in
                u.properties.isAlphabetic || u.properties.numericType == .decimal || "_-.+".unicodeScalars.contains(u)
            }
    }
}

import Foundation

/// The Lua files this module ships as resources (`Lua/prelude.lua`, `Library/*.lua`), read once per
/// process: every state runs the same ones.
enum LuaResources {
    private static let names = ["prelude", "shared", "modifiers", "presets"]

    /// Each file's text by name; a file missing from the bundle is absent.
    private static let sources: [String: String] = Dictionary(
        uniqueKeysWithValues: names.compactMap { name in
            Bundle.module.url(forResource: name, withExtension: "lua")
                .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
                .map { (name, $0) }
        })

    /// The text of `name.lua`, or an error saying the installation is incomplete.
    static func source(_ name: String) throws -> String {
        guard let source = sources[name] else {
            throw PluginError(file: "animhost", message: "\(name).lua is missing from the resources beside the executable: reinstall animhost")
        }
        return source
    }
}

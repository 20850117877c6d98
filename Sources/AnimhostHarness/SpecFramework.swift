import Foundation

/// The spec framework, in Lua (the module's `Lua/spec.lua`): busted's `describe`, `it`, `pending`,
/// `before_each`, `after_each`, `setup`, `teardown` and `assert`, run inside each spec file's sandbox.
/// Called with the spec chunk and a name filter; returns `{ { name, status, message }, … }`.
enum SpecFramework {
    /// The framework's source.
    static func source() throws -> String { try HarnessResource.text("spec.lua") }
}

/// The harness's Lua files (`Lua/`), shipped beside the program as SwiftPM resources.
enum HarnessResource {
    /// The text of the resource file `name` (`spec.lua`, say).
    static func text(_ name: String) throws -> String {
        let file = URL(fileURLWithPath: name)
        guard let url = Bundle.module.url(forResource: file.deletingPathExtension().lastPathComponent, withExtension: file.pathExtension),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            throw MissingResource(name: name)
        }
        return text
    }
}

/// A file of animhost's own that its installation lacks.
struct MissingResource: Error, CustomStringConvertible {
    let name: String
    var description: String { "animhost: \(name) is missing beside the executable: reinstall animhost" }
}

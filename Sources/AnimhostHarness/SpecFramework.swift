import Foundation

/// The spec framework, in Lua (the module's `Resources/spec.lua`): busted's `describe`, `it`, `pending`,
/// `before_each`, `after_each`, `setup`, `teardown` and `assert`, run inside each spec file's sandbox.
/// Called with the spec chunk and a name filter; returns `{ { name, status, message }, … }`.
enum SpecFramework {
    /// The framework's source.
    static func source() throws -> String { try HarnessResource.text("spec.lua") }
}

/// The harness's Lua files, shipped beside the program as SwiftPM resources.
enum HarnessResource {
    /// The text of the resource file `name`.
    static func text(_ name: String) throws -> String {
        let url = Bundle.module.resourceURL?.appendingPathComponent(name)
        guard let url, let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw MissingResource(name: name)
        }
        return text
    }
}

/// A file of animhost's own that its installation lacks.
struct MissingResource: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) is missing from animhost's resources (install the resource bundles beside the program)" }
}

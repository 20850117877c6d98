import XCTest
import AnimhostCore
import AnimhostTestSupport

/// The documents validated against the Lottie specification's JSON schema (PyPI's `lottie-specs`,
/// checked with `jsonschema` by scripts/validate-lottie.py).
final class SchemaTests: XCTestCase {
    func testEveryBuiltInAndExampleMatchTheSchema() throws {
        var files: [URL] = []
        let uikit = ["affine-crossfade", "fluidphoto", "list-detail", "photo-lift", "rmp-zoom", "zoom-transitioning"]
        let plugins =
            [
                "Plugins/zoom.lua", "Plugins/crossfade.lua", "Plugins/card-lift.lua", "Plugins/match.lua",
                "Examples/popup/popup.lua", "Examples/album/album.lua", "Examples/layers/fold.lua"
            ] + uikit.map { "Examples/uikit/\($0).lua" } + ["Examples/layers/circular-reveal.lua", "Examples/layers/strip-shadow.lua"]
        for plugin in plugins {
            for operation in [TransitionOperation.push, .pop] { files.append(try Export(plugin, operation: operation).write()) }
        }
        files.append(try Export("Plugins/zoom.lua", operation: .pop, gesture: "pan-down dy=300 release=down").write())
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let (status, output) = try validate(files)
        XCTAssertEqual(output, "")
        XCTAssertEqual(status, 0)
    }

    /// The validator is live: a document without its out point is refused, naming what is missing.
    func testTheValidatorRefusesABrokenDocument() throws {
        var json = try Export("Examples/popup/popup.lua").json
        json["op"] = nil
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-lottie-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let (status, output) = try validate([url])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(output.contains("'op' is a required property"), output)
    }

    private func validate(_ files: [URL]) throws -> (Int32, String) {
        let r = try runProgram(
            "/usr/bin/env", ["python3", packageRoot.appendingPathComponent("scripts/validate-lottie.py").path] + files.map(\.path), mergingErrors: true)
        return (r.status, r.out)
    }
}

import XCTest
import Foundation
@testable import AnimhostHarness
@testable import AnimhostLua

/// The editor definitions (editor/animhost.d.lua) and the bindings must name the same things.
final class DefinitionFileTests: XCTestCase {
    var repository: URL { CLI.repository }

    /// Global functions and tables, `table.member` functions, and each class's fields.
    struct Definitions {
        var globals: Set<String> = []
        var members: [String: Set<String>] = [:]
        var classes: [String: Set<String>] = [:]
    }

    func definitions() throws -> Definitions {
        let text = try String(contentsOf: repository.appendingPathComponent("editor/animhost.d.lua"), encoding: .utf8)
        var d = Definitions()
        var currentClass: String?
        for line in text.split(separator: "\n").map(String.init) {
            if let m = line.firstMatch(of: #/^---@class (\w+)/#) { currentClass = String(m.1); d.classes[currentClass!] = []; continue }
            if let m = line.firstMatch(of: #/^---@field (\w+)/#), let c = currentClass { d.classes[c]!.insert(String(m.1)); continue }
            if !line.hasPrefix("---") { currentClass = nil }
            if let m = line.firstMatch(of: #/^function (\w+)\.(\w+)\(/#) { d.members[String(m.1), default: []].insert(String(m.2)) }
            else if let m = line.firstMatch(of: #/^(\w+)\.(\w+) = /#) { d.members[String(m.1), default: []].insert(String(m.2)) }
            else if let m = line.firstMatch(of: #/^function (\w+)\(/#) { d.globals.insert(String(m.1)) }
            else if let m = line.firstMatch(of: #/^(\w+) = \{\}/#) { d.globals.insert(String(m.1)) }
        }
        return d
    }

    static let standard: Set<String> = ["assert", "collectgarbage", "coroutine", "error", "getmetatable", "ipairs", "math",
        "next", "os", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select", "setmetatable",
        "string", "table", "tonumber", "tostring", "type", "utf8", "xpcall", "_G", "_VERSION", "warn"]

    /// What a spec's state defines: globals, and the members of `transform` and `animhost`.
    func bindings() throws -> (globals: Set<String>, transform: Set<String>, animhost: Set<String>) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-defs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let spec = dir.appendingPathComponent("names_spec.lua")
        try """
        local function keys(t) local out = {} for k in pairs(t) do out[#out + 1] = k end table.sort(out) return table.concat(out, " ") end
        it(keys(_G) .. "|" .. keys(transform) .. "|" .. keys(animhost), function() end)
        """.write(to: spec, atomically: true, encoding: .utf8)
        let cases = try SpecFile.run(spec, framework: SpecFramework.source, filter: nil, limits: SandboxLimits(),
                                     snapshots: SnapshotFiles(spec: spec, update: false))
        let parts = cases[0].name.split(separator: "|", omittingEmptySubsequences: false).map { Set($0.split(separator: " ").map(String.init)) }
        return (parts[0].subtracting(Self.standard), parts[1], parts[2])
    }

    func testEveryBindingIsDefinedAndEveryDefinitionIsBound() throws {
        let defined = try definitions()
        let bound = try bindings()
        XCTAssertEqual(defined.globals, bound.globals, "globals")
        XCTAssertEqual(defined.members["transform"], bound.transform, "transform")
        XCTAssertEqual(defined.members["animhost"], bound.animhost, "animhost")
        XCTAssertEqual(defined.members["spy"], ["new", "on"], "spy")
        XCTAssertEqual(defined.classes["Node"], Set(NodeKey.allCases.map(\.rawValue)), "Node")
        XCTAssertEqual(defined.classes["Context"], Set(ContextKey.allCases.map(\.rawValue)), "Context")
        XCTAssertEqual(defined.classes["SceneDelegate"], Set(SceneBinding.delegateMethods), "SceneDelegate")
        XCTAssertEqual(defined.classes["AnimateOptions"]?.subtracting(["1"]), Set(AnimateBinding.optionKeys), "animate options")
    }
}

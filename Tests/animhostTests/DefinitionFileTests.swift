import XCTest
import Foundation
@testable import AnimhostHarness
@testable import AnimhostLua
import AnimhostCore
import AnimhostTestSupport

/// The editor definitions (editor/animhost.d.lua) and the bindings must name the same things.
final class DefinitionFileTests: XCTestCase {
    var repository: URL { packageRoot }

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
            if let m = line.firstMatch(of: #/^---@field \["(\w+)"\]/#), let c = currentClass { d.classes[c]!.insert(String(m.1)); continue }
            if !line.hasPrefix("---") { currentClass = nil }
            if let m = line.firstMatch(of: #/^function (\w+)\.(\w+)\(/#) {
                d.members[String(m.1), default: []].insert(String(m.2))
            } else if let m = line.firstMatch(of: #/^(\w+)\.(\w+) = /#) {
                d.members[String(m.1), default: []].insert(String(m.2))
            } else if let m = line.firstMatch(of: #/^function (\w+)\(/#) {
                d.globals.insert(String(m.1))
            } else if let m = line.firstMatch(of: #/^(\w+) = \{\}/#) {
                d.globals.insert(String(m.1))
            }
        }
        return d
    }

    static let standard: Set<String> = [
        "assert", "collectgarbage", "coroutine", "error", "getmetatable", "ipairs", "math",
        "next", "os", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select", "setmetatable",
        "string", "table", "tonumber", "tostring", "type", "utf8", "xpcall", "_G", "_VERSION", "warn"
    ]

    /// Runs `probe` as a spec in the real spec framework; each `it` named `label=k1 k2 …` reports a set of names.
    func probe(_ probe: String) throws -> [String: Set<String>] {
        let dir = try temporaryFolder("defs")
        let spec = dir.appendingPathComponent("names_spec.lua")
        try
            ("""
        local function keys(...)
          local seen, out = {}, {}
          for _, t in ipairs({ ... }) do for k in pairs(t) do if not seen[k] then seen[k] = true; out[#out + 1] = tostring(k) end end end
          table.sort(out)
          return table.concat(out, " ")
        end
        local function report(label, ...) it(label .. "=" .. keys(...), function() end) end

        """ + probe).write(to: spec, atomically: true, encoding: .utf8)
        let cases = try SpecFile.run(
            spec, framework: try SpecFramework.source(), filter: nil, limits: SandboxLimits(),
            snapshots: SnapshotFiles(spec: spec, update: false))
        var out: [String: Set<String>] = [:]
        for c in cases {
            let parts = c.name.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            out[String(parts[0])] = Set(parts[1].split(separator: " ").map(String.init))
        }
        return out
    }

    /// What a spec's state defines: globals, and the members of `transform`, `animhost` and `os`.
    func bindings() throws -> (globals: Set<String>, transform: Set<String>, animhost: Set<String>, os: Set<String>) {
        let names = try probe(
            """
            report("globals", _G)
            report("transform", transform)
            report("animhost", animhost)
            report("os", os)
            """)
        return (names["globals"]!.subtracting(Self.standard), names["transform"]!, names["animhost"]!, names["os"]!)
    }

    func testEveryBindingIsDefinedAndEveryDefinitionIsBound() throws {
        let defined = try definitions()
        let bound = try bindings()
        XCTAssertEqual(defined.globals.subtracting(Self.standard), bound.globals, "globals")
        XCTAssertEqual(defined.members["transform"], bound.transform, "transform")
        XCTAssertEqual(defined.members["animhost"], bound.animhost, "animhost")
        XCTAssertEqual(defined.members["os"], bound.os, "os (LuaLS's own is turned off in .luarc.json)")
        XCTAssertEqual(defined.classes["Node"], Set(NodeKey.names), "Node")
        XCTAssertEqual(defined.classes["Context"], Set(ContextKey.allCases.map(\.rawValue)), "Context")
        XCTAssertEqual(defined.classes["SceneDelegate"], Set(SceneBinding.delegateMethods), "SceneDelegate")
        XCTAssertEqual(defined.classes["AnimateOptions"]?.subtracting(["1"]), Set(AnimateBinding.optionKeys), "animate options")
        XCTAssertEqual(defined.classes["RunOptions"], Set(RunBinding.optionKeys), "animhost.run options")
    }

    /// node{}'s fields are the node keys the real binding takes: those it does not call read-only.
    func testNodeFieldsAreWhatNodeTakes() throws {
        let defined = try definitions()
        let names = NodeKey.names.map { "\"\($0)\"" }.joined(separator: ", ")
        let real = try probe(
            """
            local taken = {}
            for _, k in ipairs({ \(names) }) do
              local ok, err = pcall(node, { [k] = false })
              if ok or not tostring(err):find("read-only", 1, true) then taken[k] = true end
            end
            report("taken", taken)
            """)
        XCTAssertEqual(defined.classes["NodeFields"], real["taken"], "node{}'s fields")
        XCTAssertTrue(real["taken"]!.isSuperset(of: ["id", "children", "frame", "alpha"]), "the probe tells taken keys apart")
    }

    /// Option classes end with `[string] UnknownKey`, so each must declare exactly the keys the host
    /// takes: a missing one would be flagged where the host takes it, an extra one would hide a typo.
    func testOptionClassesDeclareTheKeysTheHostTakes() throws {
        let defined = try definitions()
        let real = try probe(
            """
            -- The shared-element library names the options it takes when it refuses one.
            local function taken(fn, ...)
              local _, err = pcall(fn, ...)
              local set = {}
              for k in tostring(err):match("%(expected ([%w_, ]+)%)$"):gmatch("[%w_]+") do set[k] = true end
              return set
            end
            local bad = { zzz = 1 }
            report("SharedOptions", taken(shared, {}, bad))
            report("ModifierOptions", taken(shared.modifiers, {}, bad))
            report("PresetOptions", taken(shared.preset, {}, "fade", bad))
            report("CrossfadeOptions", taken(shared.crossfade, {}, bad))
            """)
        for name in ["SharedOptions", "ModifierOptions", "PresetOptions", "CrossfadeOptions"] {
            XCTAssertEqual(defined.classes[name], real[name], name)
        }
        XCTAssertEqual(defined.classes["SpringParameters"], Set(TimingBinding.springKeys), "spring{}")
        for group in NodeKey.groups {
            let members = Set(group.members.map { NodeProperty.all[$0].key })
            XCTAssertEqual(defined.classes[group.key.prefix(1).uppercased() + group.key.dropFirst()], members, group.key)
        }
    }

    /// The spec API's names as the spec framework really defines them: assertions, spies, and what a run returns.
    func testTheSpecAPIIsDefinedAsTheFrameworkDefinesIt() throws {
        let defined = try definitions()
        let real = try probe(
            """
            report("assert", assert)
            report("assert.are", assert.are)
            report("assert.is", assert.is)
            report("spy", spy)
            local t = { f = function() end }
            local s = spy.on(t, "f")
            report("Spy", s)
            report("SpyAssertion", assert.spy(s))
            local run = animhost.run{ plugin = "zoom", operation = "pop", gesture = "edge-swipe to=0.6" }
            report("Run", run, getmetatable(run).__index)
            local frames, nodes = { getmetatable(run.frames[1]).__index }, {}
            for _, f in ipairs(run.frames) do
              frames[#frames + 1] = f
              for _, n in ipairs(f.nodes) do nodes[#nodes + 1] = n end
            end
            report("RunFrame", table.unpack(frames))
            report("RunNode", table.unpack(nodes))
            report("callable", { [type(getmetatable(assert).__call)] = true })
            """)
        XCTAssertEqual(defined.classes["SpecAssert"], real["assert"], "assert")
        XCTAssertEqual(defined.classes["SpecAssertAre"], real["assert.are"], "assert.are")
        XCTAssertEqual(defined.classes["SpecAssertIs"], real["assert.is"], "assert.is")
        XCTAssertEqual(defined.members["spy"], real["spy"], "spy")
        XCTAssertEqual(defined.classes["Spy"], real["Spy"], "a spy")
        XCTAssertEqual(defined.classes["SpyAssertion"], real["SpyAssertion"], "assert.spy(s)")
        XCTAssertEqual(defined.classes["Run"], real["Run"], "a run")
        XCTAssertEqual(defined.classes["RunFrame"], real["RunFrame"], "a run's frame")
        let nodeFields = try XCTUnwrap(defined.classes["RunNode"])
        XCTAssertTrue(real["RunNode"]!.isSubset(of: nodeFields), "undefined: \(real["RunNode"]!.subtracting(nodeFields))")
        let propertyKeys = NodeProperty.all.filter { $0.timeline != .never }.map { $0.group ?? $0.key }
        XCTAssertEqual(
            nodeFields, Set(["id", "scene", "snapshot", "bbox", "opacity", "z"] + propertyKeys),
            "a frame's node is defined with every field a timeline node may have")
        XCTAssertEqual(real["callable"], ["function"], "assert stays callable in specs")
        let globals = ["describe", "it", "pending", "before_each", "after_each", "setup", "teardown"]
        XCTAssertTrue(Set(globals).isSubset(of: defined.globals), "the spec functions")
    }

    /// The names the spec framework's file (Sources/AnimhostHarness/Lua/spec.lua) defines at its top
    /// level, read from the file as LuaLS reads it: each is in the editor definitions.
    func testTheSpecFrameworkFileDefinesOnlyDefinedNames() throws {
        let defined = try definitions()
        let text = try String(contentsOf: repository.appendingPathComponent("Sources/AnimhostHarness/Lua/spec.lua"), encoding: .utf8)
        var globals: Set<String> = [], members: [String: Set<String>] = [:]
        for line in text.split(separator: "\n").map(String.init) {
            if let m = line.firstMatch(of: #/^function (\w+)\.(\w+)\(/#) {
                members[String(m.1), default: []].insert(String(m.2))
            } else if let m = line.firstMatch(of: #/^(\w+)\.(\w+) = /#) {
                members[String(m.1), default: []].insert(String(m.2))
            } else if let m = line.firstMatch(of: #/^function (\w+)\(/#) {
                globals.insert(String(m.1))
            } else if let m = line.firstMatch(of: #/^(\w+) = /#) {
                globals.insert(String(m.1))
            }
        }
        XCTAssertEqual(globals, ["describe", "it", "pending", "before_each", "after_each", "setup", "teardown", "assert", "spy"])
        XCTAssertTrue(globals.isSubset(of: defined.globals), "undefined: \(globals.subtracting(defined.globals))")
        XCTAssertEqual(members["spy"], defined.members["spy"], "spy")
        let assertions = try XCTUnwrap(members["assert"])
        XCTAssertTrue(assertions.isSubset(of: defined.classes["SpecAssert"] ?? []), "assert.\(assertions)")
        XCTAssertEqual(members["animhost"], ["run"], "the framework wraps animhost.run")
        XCTAssertTrue(defined.members["animhost"]?.contains("run") ?? false)
    }

    /// The correct code check-editor.py holds to no warning (Fixtures/editor: a plugin, a shared-element
    /// plugin, a delegate script and a spec using much of the API) is code the host runs: its spec passes.
    func testTheEditorUsageFixtureRuns() throws {
        let spec = repository.appendingPathComponent("Tests/animhostTests/Fixtures/editor/usage_spec.lua")
        let result = SpecRunner().run(spec)
        XCTAssertNil(result.error)
        XCTAssertGreaterThanOrEqual(result.cases.count, 5, "the spec's tests ran")
        for c in result.cases where c.status != .pending {
            XCTAssertEqual(c.status, .passed, "\(c.name): \(c.message ?? "")")
        }
    }

    /// `animhost new`'s plugin template declares itself with the definitions' Plugin class.
    func testTheNewPluginTemplateIsTypedAsAPlugin() throws {
        let defined = try definitions()
        let text = try String(contentsOf: repository.appendingPathComponent("Sources/AnimhostHarness/Lua/new-plugin.lua"), encoding: .utf8)
        XCTAssertTrue(text.contains("\n---@type Plugin\nlocal plugin = {"), "the template starts its table with ---@type Plugin")
        XCTAssertNotNil(defined.classes["Plugin"], "editor/animhost.d.lua defines Plugin")
    }

    /// docs/editor.md: every built-in plugin and example types its table, so the editor checks all of it.
    func testEveryShippedPluginIsTypedAsAPlugin() throws {
        let plugins = try shippedFiles(in: ["Plugins", "Examples"]).filter { url in
            url.pathExtension == "lua" && !url.path.hasSuffix("_spec.lua") && !url.path.contains("/scenes/")
        }
        XCTAssertGreaterThan(plugins.count, 10, "the built-ins and the examples")
        for url in plugins {
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertNotNil(text.firstMatch(of: #/\n---@type Plugin\nlocal \w+ = \{/#), "\(url.lastPathComponent) starts its table with ---@type Plugin")
        }
    }

    /// The files of `folders` that the checkout tracks: a plugin a user saved in its `Plugins/` is not shipped.
    /// Every file there when the sources are not a git checkout.
    private func shippedFiles(in folders: [String]) throws -> [URL] {
        let git = try runProgram("/usr/bin/env", ["git", "-C", repository.path, "ls-files", "-z", "--"] + folders)
        let listed = Data(git.out.utf8)
        if git.status == 0 {
            return listed.split(separator: 0).map { repository.appendingPathComponent(String(decoding: $0, as: UTF8.self)) }
        }
        return folders.flatMap { folder in
            let walk = FileManager.default.enumerator(at: repository.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            return (walk?.allObjects as? [URL]) ?? []
        }
    }
}

import AnimhostCore
import AnimhostLua
import Foundation

/// An input that broke a promise: the parser threw something other than its own error type.
public struct FuzzFinding: Error, CustomStringConvertible {
    public let target: String
    public let input: String
    public let error: String
    public var description: String { "\(target): \(error)\n--- input ---\n\(input)" }
}

/// Feeds generated and mutated inputs to the parsers and the Lua API. A crash ends the process;
/// a wrong kind of error is a ``FuzzFinding``.
public struct Fuzzer {
    public private(set) var random: SeededRandom
    /// Inputs run so far, per target.
    public private(set) var counts: [String: Int] = [:]
    /// Inputs refused with the target's own error, per target: the rest were accepted.
    public private(set) var refused: [String: Int] = [:]
    private let seedScenes: [String]

    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
        let dir = BuiltinResources.scenesFolder
        seedScenes = BuiltinResources.builtinSceneNames.compactMap { name in
            dir.flatMap { try? String(contentsOf: $0.appendingPathComponent(name + ".json"), encoding: .utf8) }
        }
    }

    // MARK: Scenes

    /// One mutated scene document through ``SceneLoader``.
    public mutating func fuzzScene() throws {
        let text = random.chance(0.2) ? generatedScene() : mutate(random.pick(seedScenes))
        counts["scene", default: 0] += 1
        do { _ = try SceneLoader.parse(Data(text.utf8), file: "fuzz.json") } catch is SceneError { refused["scene", default: 0] += 1 } catch {
            throw FuzzFinding(target: "scene", input: text, error: "\(type(of: error)): \(error)")
        }
    }

    private mutating func mutate(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<(1 + Int(random.next() % 4)) where !bytes.isEmpty {
            let i = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 6 {
            case 0: bytes[i] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.remove(at: i)
            case 2: bytes.insert(contentsOf: Array(random.pick(["[", "]", "{", "}", ",", ":", "\"", "-1", "1e999", "null", "true", "\"id\"", "0.5"]).utf8), at: i)
            case 3:
                let j = min(bytes.count, i + Int(random.next() % 64))
                bytes.insert(contentsOf: bytes[i..<j], at: j)
            case 4:
                let j = min(bytes.count, i + Int(random.next() % 32))
                bytes.removeSubrange(i..<j)
            default:
                if let digit = bytes.indices.dropFirst(i).first(where: { (0x30...0x39).contains(bytes[$0]) }) {
                    bytes.replaceSubrange(digit...digit, with: Array(String(random.number()).utf8))
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func generatedScene() -> String {
        func value(_ depth: Int) -> String {
            switch random.next() % (depth > 4 ? 5 : 8) {
            case 0: return String(random.number())
            case 1: return "\"\(random.pick(["#FFF", "#12345678", "placeholder:3", "aspectFill", "x", ""]))\""
            case 2: return random.pick(["true", "false", "null"])
            case 3: return "[\((0..<Int(random.next() % 5)).map { _ in String(random.number()) }.joined(separator: ","))]"
            case 4: return "\"n\(random.next() % 20)\""
            default: return node(depth + 1)
            }
        }
        func node(_ depth: Int) -> String {
            let keys = ["id", "frame", "alpha", "children", "shadow", "border", "transform", "text", "image", "contentMode", "clips", "zIndex", "bogus"]
            let fields = (0..<Int(random.next() % 6)).map { _ -> String in
                let key = random.pick(keys)
                if key == "children" && depth < 70 { return "\"children\": [\(node(depth + 1))]" }
                return "\"\(key)\": \(value(depth))"
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let nodes = (0..<Int(random.next() % 4)).map { _ in node(1) }.joined(separator: ", ")
        return "{\"name\": \"s\", \"size\": [\(random.number()), \(random.number())], \"reference\": \(value(1)), \"nodes\": [\(nodes)]}"
    }

    // MARK: Easing specs

    /// One generated easing spec through ``Easing/init(spec:)``, evaluated where it parses.
    public mutating func fuzzEasing() throws {
        let spec: String
        switch random.next() % 4 {
        case 0: spec = random.pick(Easing.names) + (random.chance(0.2) ? random.pick(["x", " ", "("]) : "")
        case 1: spec = "cubic-bezier(\((0..<Int(random.next() % 6)).map { _ in String(random.number()) }.joined(separator: random.pick([",", ", ", ";"]))))"
        case 2:
            spec =
                "steps(\(random.pick(["0", "1", "3", "-2", "99999999999999999999", "x", ""]))\(random.chance(0.6) ? ", " + random.pick(Steps.Position.allCases.map(\.rawValue) + ["sideways", ""]) : ""))"
        default: spec = String(decoding: (0..<Int(random.next() % 24)).map { _ in UInt8(truncatingIfNeeded: random.next() % 128) }, as: UTF8.self)
        }
        counts["easing", default: 0] += 1
        do {
            let easing = try Easing(spec: spec)
            for _ in 0..<4 {
                let x = Double(random.next() % 3000) / 1000 - 1
                let y = easing.value(at: x)
                guard y.isFinite else { throw FuzzFinding(target: "easing", input: spec, error: "value(at: \(x)) = \(y)") }
            }
        } catch is EasingError { refused["easing", default: 0] += 1 } catch let finding as FuzzFinding { throw finding } catch {
            throw FuzzFinding(target: "easing", input: spec, error: "\(type(of: error)): \(error)")
        }
    }

    // MARK: The Lua API

    /// One generated plugin making a random sequence of API calls, run in-process.
    public mutating func fuzzPlugin(in folder: URL) throws {
        var writer = LuaCallWriter(random: random, hostile: false)
        let source = writer.plugin()
        random = writer.random
        let url = folder.appendingPathComponent("fuzz.lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        counts["plugin", default: 0] += 1
        do {
            let plugin = try Plugin(url: url, limits: SandboxLimits(maxMemory: 64 << 20, timeout: 2), printSink: { _ in })
            _ = try TransitionSession(plugin, scenes: PluginCatalog()).run(TransitionRequest(fps: Int(1 + random.next() % 120)))
        } catch is PluginError { refused["plugin", default: 0] += 1 } catch is SceneError { refused["plugin", default: 0] += 1 } catch {
            throw FuzzFinding(target: "plugin", input: source, error: "\(type(of: error)): \(error)")
        }
    }
}

import CLua
import Foundation
import AnimhostCore

/// A tunable a plugin declares in `params`, with its default's type.
public enum ParamValue: Equatable, Sendable, CustomStringConvertible {
    case number(Double), bool(Bool), string(String)

    public var description: String {
        switch self {
        case .number(let n): return formatNumber(n)
        case .bool(let b): return String(b)
        case .string(let s): return s
        }
    }

    /// The type's name, for messages.
    public var typeName: String {
        switch self {
        case .number: return "number"
        case .bool: return "boolean"
        case .string: return "string"
        }
    }

    /// Parses `text` as a value of the same type as `self`.
    func parse(_ text: String, name: String) throws -> ParamValue {
        switch self {
        case .number:
            guard let n = Double(text), n.isFinite else { throw PluginError(file: name, message: "--param \(name)=\(text): expected a number") }
            return .number(n)
        case .bool:
            guard let b = ["true": true, "false": false, "1": true, "0": false][text.lowercased()] else {
                throw PluginError(file: name, message: "--param \(name)=\(text): expected true or false")
            }
            return .bool(b)
        case .string: return .string(text)
        }
    }
}

/// A loaded animator plugin: its sandboxed state and what its table declares.
public final class Plugin {
    /// The plugin file as messages name it.
    public let file: String
    /// Where the plugin file is.
    public let url: URL
    /// The plugin table's `name`.
    public let name: String
    /// The plugin table's one-line `summary`, if it has one.
    public let summary: String?
    /// The declared tunables and their defaults, sorted by name.
    public let params: [(name: String, value: ParamValue)]
    /// The scenes the plugin runs on by default, for push/present (swapped for pop/dismiss).
    public let defaultScenes: (from: String?, to: String?)
    /// The chrome scene the plugin runs with by default (`scenes = { chrome = … }`), whatever the operation.
    public let defaultChrome: String?
    /// Whether the plugin has its own `interact(ctx, g)`.
    public let isInteractive: Bool
    /// When the default interaction finishes a released gesture: the plugin's `interaction`, else the edge-swipe defaults.
    public let interactionRule: InteractionRule
    /// Whether the plugin declares a `presentation` (``LuaPresentation``).
    /// Whether the plugin declares a `presentation` table (UIPresentationController's role).
    public let declaresPresentation: Bool
    let host: LuaHost
    let tableRef: Int32

    /// Loads and checks a plugin file. `print` lines are prefixed with the file's base name: the plugin's
    /// name is known only once the file has run. `interrupt` can stop its code from another thread.
    /// Lines `print` left out so far past the run's 1 MiB budget: a console that shows the lines can count them.
    package var printLinesLeftOut: Int { host.printLinesLeftOut }

    public init(url: URL, limits: SandboxLimits = SandboxLimits(), printSink: ((String) -> Void)? = nil, interrupt: PluginInterrupt? = nil) throws {
        self.url = url
        file = displayPath(url)
        let source: Data
        do { source = try InputFile.read(url.path) } catch let e as InputFileError {
            throw PluginError(file: file, message: "cannot read the plugin: \(e.reason)")
        }
        host = try LuaHost(chunkName: file, printPrefix: url.deletingPathExtension().lastPathComponent, limits: limits)
        if let printSink { host.printSink = printSink }
        if let interrupt { host.interruptible(by: interrupt) }
        host.moduleFolders = [url.deletingLastPathComponent()]
        host.startClock()
        try host.load(source: source, chunkName: file)
        try host.call(nargs: 0, nresults: 1)
        let L = host.L
        guard lua_type(L, -1) == LUA_TTABLE else {
            let got = typeName(L, -1)
            ah_pop(L, 1)
            throw PluginError(file: file, message: "the plugin must return a table (return { name = …, duration = …, animate = … }), got \(got)")
        }
        let t = lua_gettop(L)
        let file = self.file
        func field(_ key: String, _ type: Int32, required: Bool, hint: String) throws -> Bool {
            let got = rawField(L, t, key)
            defer { ah_pop(L, 1) }
            if got == LUA_TNIL {
                if required { throw PluginError(file: file, message: "the plugin table has no '\(key)' (\(hint))") }
                return false
            }
            guard got == type else {
                throw PluginError(file: file, message: "the plugin's '\(key)' must be a \(String(cString: lua_typename(L, type))), got \(typeName(L, -1))")
            }
            return true
        }
        func string(_ key: String) -> String? {
            rawField(L, t, key)
            defer { ah_pop(L, 1) }
            return LuaHost.string(L, -1)
        }
        do {
            _ = try field("name", LUA_TSTRING, required: true, hint: "a string naming the animator")
            _ = try field("duration", LUA_TFUNCTION, required: true, hint: "function(ctx) returning seconds")
            _ = try field("animate", LUA_TFUNCTION, required: true, hint: "function(ctx) declaring the animations")
            isInteractive = try field("interact", LUA_TFUNCTION, required: false, hint: "")
            _ = try field("ended", LUA_TFUNCTION, required: false, hint: "")
            _ = try field("summary", LUA_TSTRING, required: false, hint: "")
            name = string("name")!
            guard Plugin.isPlainName(name) else {
                throw PluginError(
                    file: file, line: Plugin.line(declaring: "name", in: source),
                    message:
                        "the plugin's name must be a plain name of at most 64 letters, digits, '.', '_' or '-', starting with a letter or digit (it names the output folder out/NAME), got '\(name)'")
            }
            summary = string("summary")
            params = try Plugin.readParams(L, table: t, file: file)
            (defaultScenes, defaultChrome) = try Plugin.readScenes(L, table: t, file: file)
            interactionRule = try Plugin.readInteraction(L, table: t, file: file) { key in  // looked up on failure only
                let start = Plugin.line(declaring: "interaction", in: source)
                guard key != "interaction", let start else { return start }
                return Plugin.line(declaring: key, in: source, from: start) ?? start
            }
            declaresPresentation = try Plugin.readPresentation(L, table: t, file: file) { key in
                let start = Plugin.line(declaring: "presentation", in: source)
                guard key != "presentation" else { return start }
                return Plugin.line(declaring: key, in: source, from: start ?? 1) ?? start
            }
            try Plugin.keep(summary: summary, params: params, in: host, file: file)
        } catch {
            ah_pop(L, 1)
            throw error
        }
        tableRef = host.ref()
        host.stopClock()
    }

    /// Counts the declarations the host keeps (the summary, the params' names and string defaults)
    /// against the plugin's memory limit, as the strings bindings keep are.
    private static func keep(summary: String?, params: [(name: String, value: ParamValue)], in host: LuaHost, file: String) throws {
        host.charge(
            params.reduce(summary?.utf8.count ?? 0) { total, p in
                if case .string(let s) = p.value { return total + p.name.utf8.count + s.utf8.count }
                return total + p.name.utf8.count
            })
        guard !host.overMemoryLimit else {
            throw PluginError(file: file, message: "the plugin ran out of memory (limit \(host.limits.maxMemory >> 20) MiB; raise it with --max-memory)")
        }
    }

    private static func readParams(_ L: OpaquePointer, table t: Int32, file: String) throws -> [(name: String, value: ParamValue)] {
        defer { ah_pop(L, 1) }
        let kind = rawField(L, t, "params")
        if kind == LUA_TNIL { return [] }
        guard kind == LUA_TTABLE else { throw PluginError(file: file, message: "the plugin's 'params' must be a table of defaults, got \(typeName(L, -1))") }
        var out: [(String, ParamValue)] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            defer { ah_pop(L, 1) }
            guard let key = lua_type(L, -2) == LUA_TSTRING ? LuaHost.string(L, -2) : nil else {
                throw PluginError(file: file, message: "params: every key must be a name")
            }
            if let problem = Bounds.nameProblem(key) { throw PluginError(file: file, message: "params: a name \(problem)") }
            switch lua_type(L, -1) {
            case LUA_TNUMBER:
                let n = lua_tonumberx(L, -1, nil)
                guard n.isFinite else { throw PluginError(file: file, message: "params.\(key): the default must be finite") }
                out.append((key, .number(n)))
            case LUA_TBOOLEAN: out.append((key, .bool(lua_toboolean(L, -1) != 0)))
            case LUA_TSTRING:
                let value = LuaHost.string(L, -1)!
                if let problem = Bounds.textProblem(value) { throw PluginError(file: file, message: "params.\(key): the default's \(problem)") }
                out.append((key, .string(value)))
            default: throw PluginError(file: file, message: "params.\(key): a default must be a number, a boolean or a string, got \(typeName(L, -1))")
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    private static func readScenes(_ L: OpaquePointer, table t: Int32, file: String) throws -> ((String?, String?), String?) {
        defer { ah_pop(L, 1) }
        let kind = rawField(L, t, "scenes")
        if kind == LUA_TNIL { return ((nil, nil), nil) }
        guard kind == LUA_TTABLE else { throw PluginError(file: file, message: "the plugin's 'scenes' must be { from = \"…\", to = \"…\" } (and optionally chrome = \"…\")") }
        rawField(L, -1, "from"); let from = LuaHost.string(L, -1); ah_pop(L, 1)
        rawField(L, -1, "to"); let to = LuaHost.string(L, -1); ah_pop(L, 1)
        rawField(L, -1, "chrome"); let chrome = LuaHost.string(L, -1); ah_pop(L, 1)
        return ((from, to), chrome)
    }

    /// The plugin's `interaction = { axis =, distance =, finishProgress =, finishVelocity =, cancelledGesture = }`,
    /// each field optional. `line(key)` is the line a message about `key` names (`"interaction"`: the table's).
    private static func readInteraction(
        _ L: OpaquePointer, table t: Int32, file: String, line: (String) -> Int?
    ) throws -> InteractionRule {
        defer { ah_pop(L, 1) }
        var rule = InteractionRule()
        let kind = rawField(L, t, "interaction")
        if kind == LUA_TNIL { return rule }
        func fail(_ message: String, _ key: String = "interaction") -> PluginError {
            PluginError(file: file, line: line(key), message: "interaction: " + message)
        }
        guard kind == LUA_TTABLE else { throw fail("expected { finishProgress = 0.33, finishVelocity = 1000, cancelledGesture = \"cancel\" }, got \(typeName(L, -1))") }
        do { try rejectUnknownKeys(L, -1, allowed: ["axis", "distance", "finishProgress", "finishVelocity", "cancelledGesture"], in: "interaction") } catch {
            throw PluginError(file: file, line: line("interaction"), message: "\(error)")
        }
        func number(_ key: String, in range: ClosedRange<Double>, above: Bool = false) throws -> Double? {
            defer { ah_pop(L, 1) }
            guard rawField(L, -1, key) != LUA_TNIL else { return nil }
            let n = lua_tonumberx(L, -1, nil)
            guard lua_type(L, -1) == LUA_TNUMBER, range.contains(n), !above || n > range.lowerBound else {
                let from = above ? "above \(formatNumber(range.lowerBound))" : "from \(formatNumber(range.lowerBound))"
                throw fail(
                    "\(key) must be a number \(from) to \(formatNumber(range.upperBound)), got \(lua_type(L, -1) == LUA_TNUMBER ? formatNumber(n) : typeName(L, -1))",
                    key)
            }
            return n
        }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) throws -> T? where T.RawValue == String {
            defer { ah_pop(L, 1) }
            guard rawField(L, -1, key) != LUA_TNIL else { return nil }
            let names = T.allCases.map { "\"\($0.rawValue)\"" }
            let text = LuaHost.string(L, -1)
            if let value = text.flatMap(T.init(rawValue:)) { return value }
            let hint = text.flatMap { closestName(to: $0, among: T.allCases.map(\.rawValue)) }.map { " (did you mean \"\($0)\"?)" } ?? ""
            let list = names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            let got = text.map { $0.count > 40 ? $0.prefix(40) + "…" : $0 } ?? typeName(L, -1)
            throw fail("\(key) must be \(list), got \(got)\(hint)", key)
        }
        if let p = try number("finishProgress", in: 0...1) { rule.finishProgress = p }
        if let v = try number("finishVelocity", in: 0...Bounds.magnitude) { rule.finishVelocity = v }
        if let d = try number("distance", in: 0...GeneratedGesture.maxTravel, above: true) { rule.distance = d }
        rule.axis = try choice("axis", InteractionAxis.self)
        rule.cancelledGesture = try choice("cancelledGesture", InteractionRule.CancelledGesture.self) ?? .cancel
        return rule
    }

    /// The plugin file, every module it has `require`d and every scene delegate script it ran so far: the
    /// Lua files a re-run would read again.
    public var luaFilesRead: [URL] { [url] + host.modulesRead }

    /// Bytes the plugin's Lua state holds at most so far.
    public var peakMemory: Int { host.peakMemory }

    /// Whether `name` can name a folder on its own: `[A-Za-z0-9][A-Za-z0-9._-]*`, at most 64 characters.
    static func isPlainName(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        func allowed(_ c: Unicode.Scalar) -> Bool { c.isASCII && (CharacterSet.alphanumerics.contains(c) || "._-".unicodeScalars.contains(c)) }
        guard let first = scalars.first, scalars.count <= 64, first.isASCII, CharacterSet.alphanumerics.contains(first) else { return false }
        return scalars.allSatisfy(allowed)
    }

    /// The first line of `source` that assigns `key` (`key = …`: the key at a line's start or after
    /// `{`, `,`, `;` or white space, then `=` but not `==`), for messages about a field's value.
    /// Lines before `from` (1-based) are skipped.
    static func line(declaring key: String, in source: Data, from: Int = 1) -> Int? {
        let key = Array(key.unicodeScalars)
        let lines = String(decoding: source, as: UTF8.self).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.dropFirst(max(from - 1, 0)).first { assigns(key, in: Array(lines[$0])) }.map { $0 + 1 }
    }

    /// Whether `line` holds `key = …` as ``line(declaring:in:)`` describes it.
    private static func assigns(_ key: [Unicode.Scalar], in line: [Unicode.Scalar]) -> Bool {
        func isSpace(_ c: Unicode.Scalar) -> Bool { c.properties.isWhitespace }
        guard !key.isEmpty, line.count > key.count else { return false }
        for start in 0...(line.count - key.count) where line[start] == key[0] {
            guard start == 0 || isSpace(line[start - 1]) || "{,;".unicodeScalars.contains(line[start - 1]),
                line[start..<start + key.count].elementsEqual(key)
            else { continue }
            var i = start + key.count
            while i < line.count && isSpace(line[i]) { i += 1 }
            if i < line.count && line[i] == "=" && (i + 1 == line.count || line[i + 1] != "=") { return true }
        }
        return false
    }

    /// Pushes the plugin's function `name`, or returns false when it has none.
    func pushFunction(_ name: String) -> Bool {
        host.pushRef(tableRef)
        rawField(host.L, -1, name)
        ah_remove(host.L, -2)
        if lua_type(host.L, -1) == LUA_TFUNCTION { return true }
        ah_pop(host.L, 1)
        return false
    }

    /// The params for a run: the defaults with `overrides` (from `--param k=v`) applied by type.
    public func resolveParams(_ overrides: [String: String]) throws -> [(name: String, value: ParamValue)] {
        for key in overrides.keys.sorted() where !params.contains(where: { $0.name == key }) {
            let known = params.map(\.name)
            let hint = closestName(to: key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw PluginError(file: file, message: "unknown param '\(key)'\(hint); \(name) takes: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
        }
        return try params.map { p in
            guard let text = overrides[p.name] else { return p }
            do { return (p.name, try p.value.parse(text, name: p.name)) } catch let e as PluginError {
                throw PluginError(file: file, message: "\(e.message) (the default is \(p.value.typeName) \(p.value))")
            }
        }
    }
}

import ArgumentParser
import AnimhostCore

/// The common forms of `run` and `list` (long options, each single-valued one at most once, values
/// that do not start with `-`), read without ArgumentParser: its first parse finds every option by
/// reflection and protocol-conformance look-ups, about as many instructions as a whole run. Anything
/// else (help, an unknown or repeated option, a value it would refuse or explain) returns nil and
/// goes through ArgumentParser, which stays the one interface: these forms mean what it would make of them.
enum CommonForms {
    /// The command `arguments` (without the executable's name) ask for, or nil when not a common form.
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        let command: ParsableCommand?
        switch name {
        case "run": command = RunCommand(common: rest)
        case "list": command = ListCommand(common: rest)
        default: command = nil
        }
        // A refusal is worded by ArgumentParser, with the usage beside it.
        guard var command, (try? command.validate()) != nil else { return nil }
        return command
    }
}

/// The options of a common form, by long name, and its positional arguments.
struct CommonArguments {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Reads `arguments` as long options taking one value (`options`), repeatable ones (`repeatable`)
    /// and flags; nil on anything else, a second value of a single-valued option or of a flag included.
    init?(_ arguments: ArraySlice<String>, options: Set<String>, repeatable: Set<String> = [], flags: Set<String> = []) {
        var i = arguments.startIndex
        while i < arguments.endIndex {
            let token = arguments[i]
            i += 1
            guard token.hasPrefix("--") else {
                guard !token.hasPrefix("-"), !token.isEmpty, token != "help" else { return nil }
                positionals.append(token)
                continue
            }
            var name = String(token.dropFirst(2)), value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                guard value == nil, self.flags.insert(name).inserted else { return nil }
                continue
            }
            guard options.contains(name) || repeatable.contains(name), repeatable.contains(name) || values[name] == nil else { return nil }
            if value == nil, i < arguments.endIndex {
                value = arguments[i]
                i += 1
            }
            guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
            values[name, default: []].append(value)
        }
    }

    /// The option's value, if given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The option's value read as `T` (nil when not given), or nil inside when it does not read as one.
    func number<T: LosslessStringConvertible>(_ name: String, as type: T.Type) -> T?? {
        guard let text = value(name) else { return .some(nil) }
        return T(text).map { .some($0) }
    }
}

extension SandboxOptions {
    /// The options `read` names; nil when a value does not read as a number.
    init?(common read: CommonArguments) {
        guard let maxMemory = read.number("max-memory", as: Int.self), let timeout = read.number("timeout", as: Double.self) else { return nil }
        self.init()
        pluginFolders = read.all("plugins")
        self.maxMemory = maxMemory ?? 256
        self.timeout = timeout ?? 5
    }

    static let options: Set<String> = ["max-memory", "timeout"]
    static let repeatable: Set<String> = ["plugins"]
}

extension SceneOptions {
    /// The options `read` names; nil when a value does not read as its type.
    init?(common read: CommonArguments) {
        guard let fps = read.number("fps", as: Int.self) else { return nil }
        let operation = read.value("operation").map(TransitionOperation.init(rawValue:))
        if case .some(.none) = operation { return nil }
        self.init()
        from = read.value("from")
        to = read.value("to")
        self.operation = operation ?? nil
        self.fps = fps
        params = read.all("param")
    }

    static var options: Set<String> { ["from", "to", "operation", "fps"] }
    static var repeatable: Set<String> { ["param"] }
}

extension RunCommand {
    /// `run PLUGIN [options]` in its common form, or nil.
    init?(common arguments: ArraySlice<String>) {
        let options: Set<String> = ["chrome", "scale", "format", "out", "gesture", "at", "progress", "speed"]
        guard
            let read = CommonArguments(
                arguments, options: options.union(SceneOptions<RunSceneHelp>.options).union(SandboxOptions.options),
                repeatable: SceneOptions<RunSceneHelp>.repeatable.union(SandboxOptions.repeatable),
                flags: ["reverse", "debug", "watch", "reduced-motion"]),
            read.positionals.count == 1,
            let scene = SceneOptions<RunSceneHelp>(common: read), let sandbox = SandboxOptions(common: read),
            let scale = read.number("scale", as: Double.self), let at = read.number("at", as: Double.self),
            let progress = read.number("progress", as: Double.self), let speed = read.number("speed", as: Double.self)
        else { return nil }
        self.init()
        plugin = read.positionals[0]
        self.scene = scene
        chrome = read.value("chrome")
        self.scale = scale ?? 2
        format = read.value("format") ?? "json,html"
        out = read.value("out")
        gesture = read.value("gesture")
        self.at = at
        self.progress = progress
        self.speed = speed ?? 1
        reverse = read.flag("reverse")
        debug = read.flag("debug")
        watch = read.flag("watch")
        reducedMotion = read.flag("reduced-motion")
        self.sandbox = sandbox
    }
}

extension ListCommand {
    /// `list [options]` in its common form, or nil.
    init?(common arguments: ArraySlice<String>) {
        guard let read = CommonArguments(arguments, options: SandboxOptions.options, repeatable: SandboxOptions.repeatable),
            read.positionals.isEmpty, let sandbox = SandboxOptions(common: read)
        else { return nil }
        self.init()
        self.sandbox = sandbox
    }
}

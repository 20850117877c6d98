import CLua
import Foundation
import AnimhostCore

extension Plugin: TransitionPlugin {
    /// The plugin file: scenes are looked up beside it first.
    public var location: URL? { url }

    /// An error naming the plugin's file.
    public func error(_ message: String) -> Error { PluginError(file: file, message: message) }

    /// Binds a run to the plugin's state: `ctx.params` and the scene tables made, the engine the
    /// context's, and the time budget started. One run at a time: the state holds one transition.
    public func prepare(_ context: TransitionContext, params overrides: [String: String]) throws -> TransitionAnimator {
        guard host.transition == nil else { throw error("the plugin is already running a transition; end it first") }
        let params = try resolveParams(overrides)
        let transition = LuaTransition(context: context)
        context.interactionRule = interactionRule
        host.begin(transition)
        host.startClock()  // before binding: the scenes' delegate scripts run on the plugin's budget
        let animator = LuaAnimator(plugin: self, transition: transition)
        do { try bind(transition, params: params) } catch {
            animator.close()
            throw error
        }
        return animator
    }

    /// Creates the Lua side of a transition: `ctx.params` and the scene tables (with the scenes' delegate scripts run).
    private func bind(_ transition: LuaTransition, params: [(name: String, value: ParamValue)]) throws {
        let L = host.L
        lua_createtable(L, 0, Int32(params.count))
        for (name, value) in params {
            switch value {
            case .number(let n): lua_pushnumber(L, n)
            case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
            case .string(let s): LuaHost.push(L, s)
            }
            lua_setfield(L, -2, name)
        }
        Bindings.makeReadOnly(L, message: "ctx.params is read-only (copy a value into a local to change it)")
        transition.paramsRef = host.ref()
        let from = try loadDelegate(of: transition.context.from, into: transition)
        let to = try loadDelegate(of: transition.context.to, into: transition)
        try SceneBinding.push(L, transition.context.from, side: "from", serial: transition.serial, script: from)
        transition.fromRef = host.ref()
        try SceneBinding.push(L, transition.context.to, side: "to", serial: transition.serial, script: to)
        transition.toRef = host.ref()
        if let chrome = transition.context.chrome {
            try SceneBinding.push(L, chrome, side: "chrome", serial: transition.serial, script: try loadDelegate(of: chrome, into: transition))
            transition.chromeRef = host.ref()
        }
    }

    /// Runs the scene's delegate script, if it names one, in the plugin's sandbox (its limits, its
    /// clock) and returns a registry reference to the table it returned.
    private func loadDelegate(of scene: Scene, into transition: LuaTransition) throws -> Int32? {
        guard let url = scene.delegate else { return nil }
        let file = displayPath(url)
        let source: Data
        do { source = try InputFile.read(url.path, within: scene.directory.map { ContainedPath.resolved($0.path) }) } catch let e as InputFileError {
            throw PluginError(file: file, message: "cannot read the delegate of scene '\(scene.name)': \(e.reason)")
        }
        if !host.modulesRead.contains(url) { host.modulesRead.append(url) }  // a file the run read, for --watch
        try host.load(source: source, chunkName: file)
        try host.call(nargs: 0, nresults: 1)
        guard lua_type(host.L, -1) == LUA_TTABLE else {
            let got = typeName(host.L, -1)
            ah_pop(host.L, 1)
            throw PluginError(file: file, message: "a delegate script must return a table of methods (return { referenceNode = function(self, ctx) … end }), got \(got)")
        }
        let ref = host.ref()
        transition.delegateRefs.append(ref)
        return ref
    }
}

/// The plugin's `duration`, `animate`, `interact` and `ended` for one run.
final class LuaAnimator: TransitionAnimator {
    let plugin: Plugin
    let transition: LuaTransition
    private var closed = false

    init(plugin: Plugin, transition: LuaTransition) { self.plugin = plugin; self.transition = transition }

    func pauseBudget() { plugin.host.pauseClock() }
    func resumeBudget() { plugin.host.resumeClock() }
    var budgetRunning: Bool { plugin.host.clockRunning }

    /// A broken protocol, placed at the line where `animate` is defined.
    func error(for error: TransitionError) -> Error {
        PluginError(file: plugin.file, line: animateLine, message: error.description)
    }

    /// A frame that failed at a node, placed at the line that last placed it or an ancestor.
    func error(for failure: NodeFailure) -> Error { PlacingSets.error(for: failure, in: transition, file: plugin.file) }

    /// Ends the run in the plugin's state: the clock stopped, what the run holds in Lua released.
    func close() {
        guard !closed else { return }
        closed = true
        plugin.host.stopClock()
        plugin.host.end(transition)
    }

    /// `ctx:complete(true)` after a cancel, at the plugin's line.
    var warnings: [String] { transition.warnings.map(\.headline) }

    /// The line where `animate` is defined, to place errors about the protocol.
    var animateLine: Int? {
        guard plugin.pushFunction("animate") else { return nil }
        var ar = lua_Debug()
        let L = plugin.host.L
        lua_getinfo(L, ">S", &ar)
        return ar.linedefined > 0 ? Int(ar.linedefined) : nil
    }

    func transitionDuration(using context: TransitionContext) throws -> Double {
        let L = plugin.host.L
        _ = plugin.pushFunction("duration")
        ContextBinding.push(L, transition)
        try plugin.host.call(nargs: 1, nresults: 1)
        defer { ah_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TNUMBER else {
            throw PluginError(file: plugin.file, line: durationLine, message: "duration(ctx) must return a number of seconds, got \(typeName(L, -1))")
        }
        let seconds = lua_tonumberx(L, -1, nil)
        guard seconds.isFinite, (0...Bounds.seconds).contains(seconds) else {
            throw PluginError(
                file: plugin.file, line: durationLine,
                message: "duration(ctx) must return a number of seconds from 0 to \(formatNumber(Bounds.seconds)), got \(LuaHost.string(L, -1) ?? "\(seconds)")")
        }
        return seconds
    }

    private var durationLine: Int? {
        guard plugin.pushFunction("duration") else { return nil }
        var ar = lua_Debug()
        lua_getinfo(plugin.host.L, ">S", &ar)
        return Int(ar.linedefined)
    }

    func animateTransition(using context: TransitionContext) throws {
        _ = plugin.pushFunction("animate")
        ContextBinding.push(plugin.host.L, transition)
        try plugin.host.call(nargs: 1, nresults: 0)
    }

    /// Hands a gesture sample to the plugin's `interact(ctx, g)`; false when it has none.
    func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool {
        transition.currentEvent = event
        guard plugin.pushFunction("interact") else { return false }
        ContextBinding.push(plugin.host.L, transition)
        GestureBinding.push(plugin.host.L, event)
        try plugin.host.call(nargs: 2, nresults: 0)
        return true
    }

    /// Calls the optional `ended(ctx, completed)`, like `animationEnded(_:)`.
    func ended(completed: Bool) throws {
        guard plugin.pushFunction("ended") else { return }
        ContextBinding.push(plugin.host.L, transition)
        lua_pushboolean(plugin.host.L, completed ? 1 : 0)
        try plugin.host.call(nargs: 2, nresults: 0)
    }
}

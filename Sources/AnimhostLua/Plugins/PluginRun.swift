import CLua
import Foundation
import AnimhostCore

/// What to run: scenes (names or files), operation, sampling rate and param overrides.
public struct TransitionRequest: Sendable {
    public var from: String?
    public var to: String?
    public var operation: TransitionOperation
    public var fps: Int
    /// `--param key=value` overrides, parsed by the type of each default.
    public var params: [String: String]
    /// A gesture trace file (`.json`) or a generator spec such as `edge-swipe to=0.6`: makes the run interactive.
    public var gesture: String?
    /// Playback speed of a non-interactive run (frame i shows t = i · speed / fps).
    public var speed: Double
    /// Emit only the state at this instant.
    public var only: TransitionRunner.Instant?

    public init(from: String? = nil, to: String? = nil, operation: TransitionOperation = .push, fps: Int = 60,
                params: [String: String] = [:], gesture: String? = nil, speed: Double = 1, only: TransitionRunner.Instant? = nil) {
        self.from = from; self.to = to; self.operation = operation; self.fps = fps; self.params = params
        self.gesture = gesture; self.speed = speed; self.only = only
    }

    /// The gesture trace file the request reads, if it names one.
    public var gestureFile: URL? { gesture.flatMap { $0.hasSuffix(".json") ? URL(fileURLWithPath: $0) : nil } }

    /// The gesture for a container of `size`: read from a file or generated from a spec.
    public func gestureTrace(size: Size) throws -> GestureTrace? {
        guard let gesture else { return nil }
        if let url = gestureFile {
            guard let data = try? Data(contentsOf: url) else { throw GestureError("\(gesture): cannot read the gesture file") }
            return try GestureTrace.parse(data, file: displayPath(url))
        }
        return try GeneratedGesture.trace(gesture, size: size)
    }
}

/// What a run produced: its header, how it ended, and the log of hooks and calls.
public struct TransitionOutcome {
    /// The run's header: plugin, operation, scenes, rate, duration, size.
    public let info: TimelineInfo
    /// How the run ended.
    public let result: TransitionRunner.Result
    /// Delegate hooks, completions and `ctx` calls, in order, with their virtual times.
    public let calls: [(time: Double, call: String)]
}

extension Plugin {
    /// The scenes for `request`: given ones, else the plugin's defaults (swapped for pop and dismiss).
    public func scenes(for request: TransitionRequest, catalog: PluginCatalog) throws -> (from: Scene, to: Scene) {
        let (fromURL, toURL) = try sceneFiles(for: request, catalog: catalog)
        func load(_ url: URL) throws -> Scene { try SceneLoader.load(contentsOf: url, displayName: displayPath(url)) }
        return (try load(fromURL), try load(toURL))
    }

    /// The scene files `request` runs on: given ones, else the plugin's defaults (swapped for pop and dismiss).
    public func sceneFiles(for request: TransitionRequest, catalog: PluginCatalog) throws -> (from: URL, to: URL) {
        let presenting = request.operation.isPresenting
        let fromName = request.from ?? (presenting ? defaultScenes.from : defaultScenes.to)
        let toName = request.to ?? (presenting ? defaultScenes.to : defaultScenes.from)
        guard let fromName, let toName else {
            throw PluginError(file: file, message: "no scenes to run on: pass --from and --to, or declare scenes = { from = …, to = … } in the plugin")
        }
        let fromURL = try catalog.locateScene(fromName, besides: url), toURL = try catalog.locateScene(toName, besides: url)
        if fromURL.standardizedFileURL.resolvingSymlinksInPath() == toURL.standardizedFileURL.resolvingSymlinksInPath() {
            throw PluginError(file: file, message: sameScene(displayPath(fromURL), request: request, defaults: (fromName, toName)))
        }
        return (fromURL, toURL)
    }

    /// Why a run whose two scenes are one file is refused, and what to pass instead.
    private func sameScene(_ path: String, request: TransitionRequest, defaults: (from: String, to: String)) -> String {
        let op = request.operation.rawValue
        let run = "\(op) \(defaults.from) → \(defaults.to)"
        guard (request.from == nil) != (request.to == nil), let declaredFrom = defaultScenes.from, let declaredTo = defaultScenes.to else {
            return "\(run): both scenes are \(path); a transition needs two"
        }
        let (given, other, defaulted) = request.from != nil ? ("--from", "--to", defaults.to) : ("--to", "--from", defaults.from)
        let declared = request.operation.isPresenting ? "the declared scenes: \(declaredFrom) → \(declaredTo)"
                                                      : "the declared scenes swapped: \(declaredTo) → \(declaredFrom)"
        return "\(run): \(other) defaults to \(defaulted) for a \(op) (\(declared)), the scene \(given) names; "
            + "name both --from and --to, or neither"
    }

    /// Runs the transition described by `request`, streaming frames into `sink`.
    public func run(_ request: TransitionRequest, catalog: PluginCatalog = PluginCatalog(), sink: FrameSink? = nil) throws -> TransitionOutcome {
        let (from, to) = try scenes(for: request, catalog: catalog)
        let size = Size(width: max(from.size.width, to.size.width), height: max(from.size.height, to.size.height))
        var runner = TransitionRunner(fps: request.fps)
        runner.speed = request.speed
        runner.only = request.only
        return try run(from: from, to: to, operation: request.operation, runner: runner,
                       params: try resolveParams(request.params), gesture: try request.gestureTrace(size: size), sink: sink)
    }

    /// Runs the transition between two loaded scenes; a `gesture` makes it interactive.
    public func run(from: Scene, to: Scene, operation: TransitionOperation, fps: Int,
                    params: [(name: String, value: ParamValue)], gesture: GestureTrace? = nil, sink: FrameSink?) throws -> TransitionOutcome {
        try run(from: from, to: to, operation: operation, runner: TransitionRunner(fps: fps), params: params, gesture: gesture, sink: sink)
    }

    /// Runs the transition between two loaded scenes with `runner`'s sampling.
    public func run(from: Scene, to: Scene, operation: TransitionOperation, runner: TransitionRunner,
                    params: [(name: String, value: ParamValue)], gesture: GestureTrace?, sink: FrameSink?) throws -> TransitionOutcome {
        let fps = runner.fps
        guard from !== to else { throw PluginError(file: file, message: "the from and to scenes must be different scenes") }
        let context = try TransitionContext(from: from, to: to, operation: operation)
        let transition = LuaTransition(context: context, serial: host.nextTransitionSerial())
        try bind(transition, params: params)
        host.engine = context.engine
        host.transition = transition
        host.startClock()
        defer {
            host.stopClock()
            host.transition = nil
            host.engine = AnimationEngine()
            for ref in [transition.paramsRef, transition.fromRef, transition.toRef, transition.ctxRef] { host.unref(ref) }
        }
        let animator = LuaAnimator(plugin: self, transition: transition)
        var info = TimelineInfo(plugin: name, operation: operation, from: from.name, to: to.name, fps: fps, duration: 0, size: context.size)
        info.imageFolders = Dictionary([from, to].compactMap { s in s.directory.map { (s.name, $0) } }, uniquingKeysWith: { a, _ in a })
        let result: TransitionRunner.Result
        var runner = runner
        runner.hostWork = { [host] work in try host.offTheClock(work) }  // sampling and writing frames are the host's time
        do {
            result = try runner.run(animator, in: context, gesture: gesture, begin: { duration in
                transition.duration = duration
                info.duration = duration
                try host.offTheClock { try sink?.begin(info) }
            }, emit: sink.map { sink in { frame in try sink.write(frame) } })
            try animator.ended(completed: result.completed)
        } catch let e as TransitionError {
            throw PluginError(file: file, line: animator.animateLine, message: e.description)
        }
        try host.offTheClock { try sink?.finish(result) }
        return TransitionOutcome(info: info, result: result, calls: context.calls)
    }

    /// Creates the Lua side of a transition: `ctx.params` and the two scene tables.
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
        SceneBinding.push(L, transition.context.from, side: "from", serial: transition.serial)
        transition.fromRef = host.ref()
        SceneBinding.push(L, transition.context.to, side: "to", serial: transition.serial)
        transition.toRef = host.ref()
    }
}

/// The plugin's `duration`, `animate` and `ended` as a ``TransitionAnimator``.
final class LuaAnimator: TransitionAnimator {
    let plugin: Plugin
    let transition: LuaTransition

    init(plugin: Plugin, transition: LuaTransition) { self.plugin = plugin; self.transition = transition }

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
            throw PluginError(file: plugin.file, line: durationLine,
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

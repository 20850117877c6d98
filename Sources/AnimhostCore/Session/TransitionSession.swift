import Foundation

/// Runs one plugin's transitions: resolves a request's scenes, has the plugin prepare an animator,
/// and makes a ``TransitionRun`` of it, which it plays on the virtual clock into a sink
/// (``run(_:sink:)``) or hands to its caller to step (``start(_:touch:)``). The command line, the
/// spec harness, the conformance suite and hosts embedding animhost all run transitions through a session.
///
/// The plugin stays loaded: running it again with other params, another operation or other scenes
/// is one more ``run(_:sink:)``, each run on freshly loaded scenes. One run at a time per plugin.
public final class TransitionSession {
    /// The plugin this session runs.
    public let plugin: TransitionPlugin
    /// Where scene names are looked up.
    public let sceneLocator: SceneLocating
    /// Virtual seconds after which a transition that has not ended is an error.
    public var maxDuration: Double = 600

    /// A session running `plugin`, with scenes found by `scenes`.
    public init(_ plugin: TransitionPlugin, scenes: SceneLocating) {
        self.plugin = plugin
        sceneLocator = scenes
    }

    /// Runs the transition `request` describes, streaming its frames into `sink`. A request no run
    /// could sample (``TransitionRequest/check()``) throws a ``RequestError``.
    public func run(_ request: TransitionRequest, sink: FrameSink? = nil) throws -> TransitionOutcome {
        try request.check()
        if let carried = try presentation(for: request) {
            return try play(request, try prepare(request, continuing: carried), sink: sink)
        }
        let (from, to) = try scenes(for: request)
        return try play(request, try prepare(request, from: from, to: to, files: plugin.declaresPresentation ? try sceneFiles(for: request) : nil), sink: sink)
    }

    /// Runs `request` between two loaded scenes (its `from` and `to` names are not used); the run takes
    /// their nodes over, so each run needs scenes of its own.
    public func run(_ request: TransitionRequest, from: Scene, to: Scene, sink: FrameSink? = nil) throws -> TransitionOutcome {
        try request.check()
        return try play(request, try prepare(request, from: from, to: to), sink: sink)
    }

    /// Plays `run` on the virtual clock into `sink` and closes it.
    private func play(_ request: TransitionRequest, _ run: TransitionRun, sink: FrameSink?) throws -> TransitionOutcome {
        defer { run.close() }
        // The run's cleanup: should the process end abruptly mid-run, the sink removes what it began.
        let cleanup = sink.map { sink in ProcessExit.register { sink.abort() } }
        defer { cleanup.map(ProcessExit.unregister) }
        let gesture = try request.gestureTrace(size: run.context.size)
        let pace = TransitionRun.Pace(fps: request.fps, speed: request.speed, only: request.only, maxDuration: maxDuration)
        if request.keepsAnimations { run.context.engine.log = AnimationLog() }
        let result = try run.play(pace, gesture: gesture, sink: sink)
        var outcome = TransitionOutcome(info: run.info, result: result, calls: run.context.calls, warnings: run.animator.warnings)
        outcome.animations = run.context.engine.log
        outcome.advice = RunAdvice.notes(for: run.context, result: result)
        return outcome
    }

    /// Starts `request` as a run its caller steps on its own clock, frame by frame; a `touch` (the
    /// gesture's first sample, at time 0) makes it interactive, driven by ``TransitionRun/touch(_:)``.
    /// The request's `fps`, `speed`, `only` and `gesture` are not used.
    public func start(_ request: TransitionRequest, touch: GestureSample? = nil) throws -> TransitionRun {
        let run: TransitionRun
        if let carried = try presentation(for: request) {
            run = try prepare(request, continuing: carried)
        } else {
            let (from, to) = try scenes(for: request)
            run = try prepare(request, from: from, to: to, files: plugin.declaresPresentation ? try sceneFiles(for: request) : nil)
        }
        try run.start(touch: touch)
        return run
    }

    /// A run of `request` between `from` and `to`, its animator prepared: the run is ``TransitionRun/Phase/prepared``.
    /// `files` are the scenes' files when the request named them: a dismiss of the same files continues
    /// the presentation a present begins.
    private func prepare(_ request: TransitionRequest, from: Scene, to: Scene, files: (from: URL, to: URL)? = nil) throws -> TransitionRun {
        let context = try makeContext(from: from, to: to, chrome: try chrome(for: request), operation: request.operation)
        context.reducedMotion = request.reducedMotion
        let run = TransitionRun(try plugin.prepare(context, params: request.params), in: context, plugin: plugin.name)
        if request.operation == .present, plugin.declaresPresentation {
            presentation?.end()
            presentation = nil
            let made: PresentationController?
            do { made = try plugin.makePresentation() } catch {
                run.close()
                throw error
            }
            guard let controller = made else { return run }
            presentation = Presentation(controller, present: context, files: files.map { ($0.from, $0.to) })
            context.presentation = presentation
        }
        return run
    }

    /// A run of `request` continuing `carried`, its animator prepared.
    private func prepare(_ request: TransitionRequest, continuing carried: Presentation) throws -> TransitionRun {
        let context = try TransitionContext(dismissing: carried, chrome: try chrome(for: request))
        context.reducedMotion = request.reducedMotion
        return TransitionRun(try plugin.prepare(context, params: request.params), in: context, plugin: plugin.name)
    }

    /// The presentation a dismiss of `request` continues, for a plugin that declares one: the one a
    /// present of the same scene files left, else a new one, set up by playing that present first,
    /// with no sink, to its end. Nil for other operations and plugins.
    public func presentation(for request: TransitionRequest) throws -> Presentation? {
        guard request.operation == .dismiss, plugin.declaresPresentation else { return nil }
        let files = try sceneFiles(for: request)
        if let kept = presentation, kept.continues(dismissing: files) { return kept }
        let outcome = try run(request.presentBeforeDismiss)
        guard outcome.result.completed, let made = presentation, made.continues(dismissing: files) else {
            throw plugin.error(PresentationError.presentNotCompleted.description)
        }
        return made
    }

    /// The presentation a present of this session's plugin left, until its dismiss completes.
    public private(set) var presentation: Presentation?

    /// The scenes for `request`: the given ones, else the plugin's defaults, else the built-in
    /// ``TransitionPlugin/fallbackScenes`` (swapped for pop and dismiss).
    public func scenes(for request: TransitionRequest) throws -> (from: Scene, to: Scene) {
        let (fromURL, toURL) = try sceneFiles(for: request)
        let roots = confinement(for: request)?.roots
        func load(_ url: URL) throws -> Scene { try SceneLoader.load(contentsOf: url, displayName: displayPath(url), within: roots) }
        return (try load(fromURL), try load(toURL))
    }

    /// The folders the plugin's declared scenes may lie in: its own, and the locator's (the search
    /// path, the built-ins); nil when the locator answers for its files itself.
    private var declaredScenes: ConfinedFiles? {
        sceneLocator.sceneFolders.map { ConfinedFiles((plugin.location.map { [$0.deletingLastPathComponent()] } ?? []) + $0, namer: "the plugin's scenes") }
    }

    /// Where `request`'s scene files may lie, all of them: nil when the command line names any of them
    /// (a plugin's declared scenes are checked where they are found).
    private func confinement(for request: TransitionRequest) -> ConfinedFiles? {
        guard let given = request.confined else {
            return request.from == nil && request.to == nil && request.chrome == nil ? declaredScenes : nil
        }
        return ConfinedFiles(given.folders + (declaredScenes?.folders ?? []), namer: given.namer)
    }

    /// The file of the scene `given` by the request, else of the plugin's `declared` one, checked
    /// against the folders each may be read from.
    private func sceneFile(given: String?, declared: String) throws -> URL {
        if let given { return try sceneLocator.locateScene(given, besides: plugin.location) }
        let isPath = declared.hasSuffix(".json") || declared.contains("/")
        let base = plugin.location?.deletingLastPathComponent()
        let name = isPath && !declared.hasPrefix("/") ? base.map { $0.appendingPathComponent(declared).path } ?? declared : declared
        let url = try sceneLocator.locateScene(name, besides: plugin.location)
        do { return try declaredScenes?.check(url, named: declared) ?? url } catch let e as ConfinementError {
            throw plugin.error(e.description)
        }
    }

    /// `url`, the file of `name` in `request`, when the request's files are confined and it lies inside.
    private func checked(_ url: URL, named name: String?, in request: TransitionRequest) throws -> URL {
        guard let name, let confined = request.confined else { return url }
        do { return try ConfinedFiles(confined.folders + (declaredScenes?.folders ?? []), namer: confined.namer).check(url, named: name) } catch let e as ConfinementError {
            throw plugin.error(e.description)
        }
    }

    /// The scene files `request` runs on (what a re-run on save watches), found as ``scenes(for:)`` finds them.
    public func sceneFiles(for request: TransitionRequest) throws -> (from: URL, to: URL) {
        let presenting = request.operation.isPresenting
        let defaults = plugin.runScenes
        let fromName = request.from ?? (presenting ? defaults.from : defaults.to)
        let toName = request.to ?? (presenting ? defaults.to : defaults.from)
        let fromURL = try checked(try sceneFile(given: request.from, declared: fromName), named: request.from, in: request)
        let toURL = try checked(try sceneFile(given: request.to, declared: toName), named: request.to, in: request)
        if fromURL.standardizedFileURL.resolvingSymlinksInPath() == toURL.standardizedFileURL.resolvingSymlinksInPath() {
            throw plugin.error(sameScene(displayPath(fromURL), request: request, defaults: (fromName, toName)))
        }
        return (fromURL, toURL)
    }

    /// The chrome scene for `request`: the given one, else the plugin's default, else none.
    public func chrome(for request: TransitionRequest) throws -> Scene? {
        guard let url = try chromeFile(for: request) else { return nil }
        return try SceneLoader.load(contentsOf: url, displayName: displayPath(url), within: confinement(for: request)?.roots)
    }

    /// The chrome scene's file for `request` (what a re-run on save watches besides ``sceneFiles(for:)``), or nil for none.
    public func chromeFile(for request: TransitionRequest) throws -> URL? {
        guard let name = request.chrome ?? plugin.defaultChrome else { return nil }
        return try checked(try sceneFile(given: request.chrome, declared: name), named: request.chrome, in: request)
    }

    /// Why a run whose two scenes are one file is refused, and what to pass instead.
    private func sameScene(_ path: String, request: TransitionRequest, defaults: (from: String, to: String)) -> String {
        let op = request.operation.rawValue
        let run = "\(op) \(defaults.from) → \(defaults.to)"
        guard (request.from == nil) != (request.to == nil) else { return "\(run): both scenes are \(path); a transition needs two" }
        let (declaredFrom, declaredTo) = plugin.runScenes
        let (given, other, defaulted) = request.from != nil ? ("--from", "--to", defaults.to) : ("--to", "--from", defaults.from)
        let declared =
            request.operation.isPresenting
            ? "the declared scenes: \(declaredFrom) → \(declaredTo)"
            : "the declared scenes swapped: \(declaredTo) → \(declaredFrom)"
        return "\(run): \(other) defaults to \(defaulted) for a \(op) (\(declared)), the scene \(given) names; "
            + "name both --from and --to, or neither"
    }

    private func makeContext(from: Scene, to: Scene, chrome: Scene?, operation: TransitionOperation) throws -> TransitionContext {
        guard from !== to else { throw plugin.error("the from and to scenes must be different scenes") }
        let scenes = [from, to] + (chrome.map { [$0] } ?? [])
        for (i, a) in scenes.enumerated() {
            for b in scenes[(i + 1)...] where a.name == b.name && folder(of: a) != folder(of: b) {
                throw plugin.error(
                    "two scenes of this run are named '\(a.name)', in \(folder(of: a) ?? "no folder") and \(folder(of: b) ?? "no folder"): "
                        + "their nodes and images could not be told apart; give one of them another \"name\"")
            }
        }
        return try TransitionContext(from: from, to: to, chrome: chrome, operation: operation)
    }

    /// The real path of the folder `scene`'s images are found in, if it has one.
    private func folder(of scene: Scene) -> String? { scene.directory.map { ContainedPath.resolved($0.standardizedFileURL.path) } }
}

import AnimhostCore
import AnimhostLua
import AnimhostOutput

/// The interactive run a web page's pointer drags scrub (docs/web.md): made before the run itself,
/// for a pop or dismiss written as a web page. The plugin runs interactively (`ctx.interactive`),
/// driven by the gesture its rule reads (an edge swipe from the left, or a pan along its axis) moving
/// the clock linearly, one sample at each frame's time: frame i shows what the gesture scrubs at that
/// time, then, released at the duration, the rest in real time. The page replays the plugin's rule
/// on the pointer's drags.
public enum WebDrag {
    /// Makes the run (with `ctx.reducedMotion` set when `reducedMotion`, for drags where the viewer
    /// prefers reduced motion: made only beside the run with reduced motion) in the session `session`
    /// makes, and gives it to the web encoder among `sinks`, if any; when the run fails, or the plugin
    /// does not follow the default rule for that gesture, leaves those drags off the page and returns
    /// the warning that says why (nil: nothing to tell).
    public static func run(
        _ session: () throws -> TransitionSession, _ request: TransitionRequest, plugin: Plugin, sinks: [FrameSink], reverse: Bool,
        reducedMotion: Bool = false
    )
        -> String?
    {
        guard let web = sinks.lazy.compactMap({ $0 as? WebEncoder }).first, request.gesture == nil, request.only == nil, !reverse,
            request.operation == .pop || request.operation == .dismiss, !reducedMotion || web.keeps(.reducedMotion)
        else { return nil }
        let side: WebEncoder.SideRun = reducedMotion ? .reducedMotionDrag : .drag
        var request = request
        request.reducedMotion = request.reducedMotion || reducedMotion
        let which = reducedMotion ? "drags where the viewer prefers reduced motion" : "drags"
        do {
            let way = Way(plugin.interactionRule)
            let (duration, completion) = try scrub(try session(), request, rule: plugin.interactionRule, way: way, into: web.frames(for: side))
            web.keepDrag(
                WebDragRule(
                    rule: plugin.interactionRule, duration: duration, completionSpeed: completion.speed, completionCurve: completion.curve,
                    begin: plugin.isInteractive ? way.begin : .any), for: side)
            return nil
        } catch let refused as Refused {
            web.forget(side)
            return refused.reason.map { "the web page takes no \(which): \($0)" }
        } catch {
            web.forget(side)
            return "the interactive run\(reducedMotion ? " with reduced motion" : "") failed, so the web page takes no \(which): \(error)"
        }
    }

    /// Why a run makes no drag run: a reason the user is told, or nil (a transition of no length: nothing to scrub).
    struct Refused: Error {
        let reason: String?
        /// The plugin's own `interact` took the gesture the page would scrub by.
        static func undriven(_ way: Way) -> Refused {
            Refused(reason: "the plugin's interact does not scrub \(way.name) by the default rule (ctx:drive()), and the page cannot run it")
        }
    }

    /// The gesture the rule's axis reads, as `animhost check`'s interactive probes choose it.
    struct Way {
        /// What the gesture is, for messages: `an edge swipe`, `a pan down`.
        let name: String
        /// The unit direction of travel.
        let dx: Double, dy: Double

        init(_ rule: InteractionRule) {
            switch rule.axis {
            case .left: (name, dx, dy) = ("a pan left", -1, 0)
            case .vertical, .down: (name, dx, dy) = ("a pan down", 0, 1)
            case .up: (name, dx, dy) = ("a pan up", 0, -1)
            default: (name, dx, dy) = ("an edge swipe", 1, 0)
            }
        }

        /// Where the gesture begins in a container of `size`: 2 pt from the left edge at mid-height, else the centre.
        func start(in size: Size) -> Point {
            dy == 0 && dx > 0 ? Point(x: 2, y: size.height / 2) : Point(x: size.width / 2, y: size.height / 2)
        }

        /// Where a drag must begin on the page for a plugin with its own `interact`: as this one began.
        var begin: WebDragRule.Begin { dy == 0 && dx > 0 ? .left : .inside }
    }

    /// Runs `request` interactively into `sink`, the clock scrubbed linearly to the duration; the
    /// duration and the completion's speed and curve; ``Refused`` when the driver did not follow the gesture.
    private static func scrub(
        _ session: TransitionSession, _ request: TransitionRequest, rule: InteractionRule, way: Way, into sink: FrameSink
    ) throws -> (Double, (speed: Double, curve: Easing)) {
        let scenes = try session.scenes(for: request)
        let size = Size(width: max(scenes.from.size.width, scenes.to.size.width), height: max(scenes.from.size.height, scenes.to.size.height))
        let start = way.start(in: size)
        let run = try session.start(request, touch: GestureSample(time: 0, location: start, state: .began))
        defer { run.close() }
        let duration = run.info.duration
        guard duration > 0, let driver = run.context.driver else { throw Refused(reason: nil) }
        let distance = rule.distance ?? (way.dx != 0 ? size.width : size.height)
        func at(_ t: Double, _ state: GestureSample.State, travel: Double) -> GestureSample {
            GestureSample(time: t, location: Point(x: start.x + way.dx * travel, y: start.y + way.dy * travel), state: state)
        }
        var info = run.info
        info.fps = request.fps
        try sink.begin(info)
        let step = 1 / Double(request.fps)
        var index = 0, tick = 0, idleSince: Double?
        func emit(_ t: Double) throws {
            let frame = try run.frame(at: t)
            try sink.write(FrameSample(index: index, time: t, nodes: frame.nodes, chromeIndex: frame.chromeIndex))
            index += 1
            idleSince = run.context.engine.isIdle ? idleSince ?? t : nil
            if let since = idleSince, t - since >= 1 { throw TransitionError.neverCompleted(idleAt: since, waited: t - since) }
            if t >= session.maxDuration { throw TransitionError.tooLong(limit: session.maxDuration) }
        }
        // Scrubbed: a sample and a frame at each frame's time before the duration, and one a millisecond
        // before it, so that the page shows the last instant before the end (a node the completion removes) there.
        func follow(_ t: Double) throws -> Bool {
            try run.touch(at(t, .changed, travel: t / duration * distance))
            return abs(driver.percentComplete - t / duration) < 1e-9
        }
        var t = 0.0, last = 0.0
        while t < duration && !run.isFinished {
            if tick > 0 { guard try follow(t) else { throw Refused.undriven(way) } }
            try emit(t)
            (last, tick) = (t, tick + 1)
            t = Double(tick) * step
        }
        let before = duration - min(0.001, (duration - last) / 2)
        if !run.isFinished && before - last > 1e-6 {
            guard try follow(before) else { throw Refused.undriven(way) }
            try emit(before)
        }
        guard !run.isFinished else { throw Refused.undriven(way) }
        // Released at the duration, at the end of the way: the clock then runs on in real time.
        try run.touch(at(duration, .changed, travel: distance))
        try run.touch(at(duration, .ended, travel: 2 * distance))
        let completion = (speed: driver.completionSpeed, curve: driver.completionCurve)
        guard driver.state == .finishing else { throw Refused.undriven(way) }
        try emit(duration)
        while !run.isFinished {
            t = Double(tick) * step
            tick += 1
            if t > duration { try emit(t) }
        }
        var result = TransitionRun.Result(frameCount: index, completed: true, cancelled: false, endTime: t)
        result.curveSpans = run.context.engine.curveSpans
        try sink.finish(result)
        return (duration, completion)
    }
}

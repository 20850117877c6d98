import XCTest
import Foundation
@testable import AnimhostCore

/// A session runs any ``TransitionPlugin``: here a Swift one, with no Lua anywhere.
final class SessionTests: XCTestCase {
    /// Fades the destination in, linearly, over `params["duration"]` seconds (default 0.5).
    final class Fade: TransitionPlugin {
        let name = "fade"
        let location: URL? = nil
        let defaultScenes: (from: String?, to: String?) = ("a", "b")
        var prepared: [Animator] = []
        var neverCompletes = false
        var ignoresTouches = false

        struct Failure: Error, Equatable { let message: String }
        func error(_ message: String) -> Error { Failure(message: message) }

        func prepare(_ context: TransitionContext, params: [String: String]) throws -> TransitionAnimator {
            let animator = Animator(duration: Double(params["duration"] ?? "0.5")!, completes: !neverCompletes)
            animator.ignoresTouches = ignoresTouches
            prepared.append(animator)
            return animator
        }
    }

    final class Animator: TransitionAnimator {
        let duration: Double
        let completes: Bool
        var endedWith: [Bool] = []
        var closed = 0
        var ignoresTouches = false
        init(duration: Double, completes: Bool) { self.duration = duration; self.completes = completes }

        /// Takes every touch itself when `ignoresTouches`, doing nothing with it.
        func interact(with event: GestureEvent, using context: TransitionContext) throws -> Bool { ignoresTouches }

        func transitionDuration(using context: TransitionContext) throws -> Double { duration }
        func animateTransition(using ctx: TransitionContext) throws {
            try ctx.container.add(ctx.to.root)
            ctx.to.root.model.alpha = 0
            try ctx.engine.animate(
                AnimationOptions(duration: duration, timing: .curve(.linear)),
                changes: {
                    ctx.engine.set(.alpha, of: ctx.to.root, to: .number(1))
                }, completion: { [completes] _ in if completes { try ctx.complete(!ctx.isCancelled) } })
        }
        func ended(completed: Bool) throws { endedWith.append(completed) }
        func error(for error: TransitionError) -> Error { Fade.Failure(message: "fade: \(error)") }
        func close() { closed += 1 }
    }

    /// Scene files in a folder of their own, found by name.
    struct Folder: SceneLocating {
        let url: URL
        func locateScene(_ name: String, besides plugin: URL?) throws -> URL { url.appendingPathComponent(name + ".json") }
    }

    final class Recorder: FrameSink {
        var info: TimelineInfo?
        var frames: [FrameSample] = []
        var result: TransitionRun.Result?
        func begin(_ info: TimelineInfo) throws { self.info = info }
        func write(_ frame: FrameSample) throws { frames.append(frame) }
        func finish(_ result: TransitionRun.Result) throws { self.result = result }
    }

    var scenes: Folder!

    override func setUpWithError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try #"{"name": "\#(name)", "size": [100, 200], "nodes": []}"#.write(to: dir.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
        }
        scenes = Folder(url: dir)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scenes.url) }

    func testARunGoesFromTheRequestToTheSinkWithTheDurationTheAnimatorDeclared() throws {
        let plugin = Fade(), sink = Recorder()
        let outcome = try TransitionSession(plugin, scenes: scenes).run(TransitionRequest(fps: 10, params: ["duration": "0.3"]), sink: sink)
        XCTAssertEqual(sink.info?.duration, 0.3, "the header the sink begins with")
        XCTAssertEqual(outcome.info.duration, 0.3)
        XCTAssertEqual([outcome.info.from, outcome.info.to], ["a", "b"], "the plugin's default scenes")
        XCTAssertEqual(sink.frames.map(\.time), [0, 0.1, 0.2, 0.30000000000000004], "t = i / fps up to the duration")
        XCTAssertEqual(sink.frames[1].node("b")?.opacity ?? -1, 0.1 / 0.3, accuracy: 1e-12, "linear")
        XCTAssertEqual(sink.result, outcome.result)
        XCTAssertTrue(outcome.result.completed)
        XCTAssertEqual(plugin.prepared.map(\.endedWith), [[true]])
        XCTAssertEqual(plugin.prepared.map(\.closed), [1])
    }

    /// A request the command line would refuse is refused by the library too, before the plugin is
    /// asked for anything: no frame carries a time that is not a number, no run spins to the frame limit,
    /// and the error names the request, not the plugin.
    func testARequestNoRunCouldSampleIsRefusedBeforeThePluginRuns() throws {
        let cases: [(TransitionRequest, String)] = [
            (TransitionRequest(fps: 0), "TransitionRequest.fps must be a whole number from 1 to 1000, got 0"),
            (TransitionRequest(fps: -5), "TransitionRequest.fps must be a whole number from 1 to 1000, got -5"),
            (TransitionRequest(fps: 1001), "TransitionRequest.fps must be a whole number from 1 to 1000, got 1001"),
            (TransitionRequest(speed: .nan), "TransitionRequest.speed must be from 0.01 to 100, got nan"),
            (TransitionRequest(speed: 0), "TransitionRequest.speed must be from 0.01 to 100, got 0"),
            (TransitionRequest(speed: -1), "TransitionRequest.speed must be from 0.01 to 100, got -1"),
            (TransitionRequest(speed: .infinity), "TransitionRequest.speed must be from 0.01 to 100, got inf"),
            (TransitionRequest(only: .time(.nan)), "TransitionRequest.only: .time must be a number of seconds from 0 to 600, got nan"),
            (TransitionRequest(only: .time(-5)), "TransitionRequest.only: .time must be a number of seconds from 0 to 600, got -5"),
            (TransitionRequest(only: .progress(.infinity)), "TransitionRequest.only: .progress must be from 0 to 1, got inf")
        ]
        let plugin = Fade()
        let session = TransitionSession(plugin, scenes: scenes)
        for (request, message) in cases {
            let sink = Recorder()
            XCTAssertThrowsError(try session.run(request, sink: sink)) {
                XCTAssertTrue($0 is RequestError, "\(type(of: $0)): \($0)")
                XCTAssertEqual("\($0)", message)
            }
            XCTAssertTrue(sink.frames.isEmpty)
        }
        XCTAssertTrue(plugin.prepared.isEmpty, "the plugin was never asked")
        for request in [TransitionRequest(fps: 1, speed: 0.01), TransitionRequest(fps: 1000, speed: 100), TransitionRequest(only: .time(600))] {
            XCTAssertNoThrow(try session.run(request), "the ends of the ranges run")
        }
    }

    func testAPopSwapsTheDefaultScenesAndOneSceneTwiceIsRefused() throws {
        let session = TransitionSession(Fade(), scenes: scenes)
        let pop = try session.scenes(for: TransitionRequest(operation: .pop))
        XCTAssertEqual([pop.from.name, pop.to.name], ["b", "a"])
        XCTAssertThrowsError(try session.run(TransitionRequest(from: "b"))) {
            XCTAssertEqual(
                ($0 as? Fade.Failure)?.message,
                "push b → b: --to defaults to b for a push (the declared scenes: a → b), "
                    + "the scene --from names; name both --from and --to, or neither")
        }
    }

    func testABrokenProtocolIsReportedByTheAnimatorAndTheRunIsClosed() throws {
        let plugin = Fade()
        plugin.neverCompletes = true
        XCTAssertThrowsError(try TransitionSession(plugin, scenes: scenes).run(TransitionRequest(fps: 10))) {
            XCTAssertTrue(($0 as? Fade.Failure)?.message.hasPrefix("fade: ctx:complete was never called") ?? false, "\($0)")
        }
        XCTAssertEqual(plugin.prepared.map(\.closed), [1])
        XCTAssertEqual(plugin.prepared.map(\.endedWith), [[]])
    }

    /// The percent-driven model: a left-edge swipe's travel over the width is the fraction; past a third on release it finishes.
    func testASteppedRunFollowsTouchesOnTheCallersClock() throws {
        let plugin = Fade()
        let run = try TransitionSession(plugin, scenes: scenes).start(
            TransitionRequest(),
            touch: GestureSample(time: 0, location: Point(x: 5, y: 50), state: .began))
        XCTAssertEqual(run.info.duration, 0.5)
        XCTAssertTrue(run.context.isInteractive)
        for (t, x) in [(0.1, 30.0), (0.25, 45.0)] {
            let event = try run.touch(GestureSample(time: t, location: Point(x: x, y: 50), state: .changed))
            XCTAssertEqual(event.translation.x, x - 5)
            XCTAssertEqual(try run.frame(at: t).node("b")?.opacity ?? -1, (x - 5) / 100, accuracy: 1e-12)
        }
        try run.touch(GestureSample(time: 0.3, location: Point(x: 45, y: 50), state: .ended))
        var t = 0.3
        while !run.isFinished && t < 5 { t += 0.05; _ = try run.frame(at: t) }
        XCTAssertTrue(run.isFinished)
        XCTAssertEqual(run.context.completion, true)
        let last = try run.frame(at: t + 0.05)
        XCTAssertEqual(last.nodes.filter { $0.depth == 1 }.map(\.id), ["b"], "the from-scene left on completion")
        XCTAssertEqual(last.node("b")?.opacity, 1)
        XCTAssertEqual(plugin.prepared.first?.endedWith, [true])
        XCTAssertEqual(run.phase, .ended)
    }

    /// As in a run: a release that neither finishes nor cancels the transition is the animator's error.
    func testASteppedReleaseLeftUndecidedIsAnErrorThatClosesTheRun() throws {
        let plugin = Fade()
        plugin.ignoresTouches = true
        let run = try TransitionSession(plugin, scenes: scenes).start(
            TransitionRequest(),
            touch: GestureSample(time: 0, location: Point(x: 5, y: 50), state: .began))
        try run.touch(GestureSample(time: 0.1, location: Point(x: 40, y: 50), state: .changed))
        XCTAssertThrowsError(try run.touch(GestureSample(time: 0.2, location: Point(x: 40, y: 50), state: .ended))) {
            XCTAssertTrue(($0 as? Fade.Failure)?.message.hasPrefix("fade: the gesture ended but the transition was neither finished nor cancelled") ?? false, "\($0)")
        }
        XCTAssertEqual(run.phase, .closed)
        XCTAssertEqual(plugin.prepared.map(\.closed), [1])
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostLua

/// Where flights fly and Hero's placement and timing modifiers, with Hero's behaviour as the oracle
/// (HeroContext.swift, HeroDefaultAnimator.swift, HeroCoreAnimationViewContext.swift,
/// SourcePreprocessor.swift) and the numbers worked out by hand from the built-in grid → detail
/// scenes: grid `photo-4` is (199, 289, 183, 177), detail `photo` (0, 96, 390, 260).
final class FlightPlacementTests: XCTestCase {
    /// Runs `body` in `animate` on grid → detail at 60 fps and returns the frames.
    private func frames(_ body: String) throws -> [FrameSample] {
        let plugin = try makePlugin(animatorSource(body, duration: "0.5"))
        let recorder = FrameRecorder()
        _ = try plugin.run(TransitionRequest(fps: 60), sink: recorder)
        return recorder.frames
    }

    /// A close button above the detail's photo (a later sibling, over its top-left corner), the
    /// screens pushed and the photo flying with the given modifiers on the destination.
    private func closeButtonRun(_ modifiers: String) throws -> [FrameSample] {
        try frames(
            """
            local detail = ctx.to.view
            detail:add(node{ id = "close", frame = rect(16, 110, 44, 44), backgroundColor = "#ff0000" })
            detail:find("photo").modifiers = { \(modifiers) }
            local parts = 2
            local function done() parts = parts - 1; if parts == 0 then ctx:complete(true) end end
            shared.preset(ctx, "push(left)", { duration = 0.4, completion = done })
            shared(ctx, { duration = 0.3, completion = done })
            """)
    }

    /// The flight's copy of grid `photo-4`.
    private func flight(_ frame: FrameSample) -> NodeSample? {
        frame.nodes.first { $0.id == "photo-4" && $0.scene == "grid" && $0.isSnapshot }
    }

    func testACloseButtonAboveTheFlyingPhotoStaysAboveItAndRidesItsScreen() throws {
        let run = try closeButtonRun("")
        var seen = 0
        for frame in run {
            guard let copy = flight(frame) else { continue }
            seen += 1
            let close = try XCTUnwrap(frame.node("close"), "t = \(frame.time)")
            let screen = try XCTUnwrap(frame.node("detail", scene: "detail"), "t = \(frame.time)")
            XCTAssertGreaterThan(close.z, copy.z, "t = \(frame.time): the close button under the flight")
            XCTAssertGreaterThan(close.opacity, 0, "t = \(frame.time)")
            // It keeps its place in the screen the preset slides in: (16, 110) from the screen's corner.
            XCTAssertEqual(close.bbox.origin.x - screen.bbox.origin.x, 16, accuracy: 1e-6, "t = \(frame.time)")
            XCTAssertEqual(close.bbox.origin.y - screen.bbox.origin.y, 110, accuracy: 1e-6, "t = \(frame.time)")
            XCTAssertEqual(close.bbox.size.width, 44, accuracy: 1e-6)
        }
        XCTAssertGreaterThan(seen, 10)
        // Back in its screen afterwards, at rest.
        let last = try XCTUnwrap(run.last?.node("close"))
        XCTAssertEqual(last.depth, 2)
    }

    /// A lifted node keeps its own animation: a close button fading in by its `fade` modifier fades in
    /// above the flight.
    func testALiftedNodeKeepsItsModifierAnimation() throws {
        let run = try frames(
            """
            local detail = ctx.to.view
            detail:add(node{ id = "close", frame = rect(16, 110, 44, 44), backgroundColor = "#ff0000",
                             modifiers = { "fade", "duration(0.3)", "curve(linear)" } })
            ctx.container:add(detail)
            local parts = 2
            local function done() parts = parts - 1; if parts == 0 then ctx:complete(true) end end
            shared.modifiers(ctx, { completion = done })
            shared(ctx, { duration = 0.3, completion = done })
            """)
        var seen = 0
        for frame in run where frame.time < 0.29 {
            guard let copy = flight(frame), let close = frame.node("close") else { continue }
            seen += 1
            XCTAssertGreaterThan(close.z, copy.z, "t = \(frame.time)")
            XCTAssertEqual(close.opacity, frame.time / 0.3, accuracy: 1e-9, "t = \(frame.time): a linear fade-in over 0.3 s")
        }
        XCTAssertGreaterThan(seen, 10)
    }

    func testUseGlobalCoordinateSpaceFliesAboveTheCloseButton() throws {
        var seen = 0
        for frame in try closeButtonRun("'useGlobalCoordinateSpace'") {
            guard let copy = flight(frame) else { continue }
            seen += 1
            let close = try XCTUnwrap(frame.node("close"))
            XCTAssertLessThan(close.z, copy.z, "t = \(frame.time): the flight under the close button")
            XCTAssertEqual(close.depth, 2, "t = \(frame.time): the close button left its screen")
        }
        XCTAssertGreaterThan(seen, 10)
    }

    /// Hero's useGlobalCoordinateSpace on a node animating by its modifiers: it leaves its screen, so
    /// the push that moves the grid by −130 (a third of 390) no longer moves it; only its own
    /// translate does: at t = 0.25 of a linear 0.3 s, x = 8 + 100 · 5/6.
    func testUseGlobalCoordinateSpaceTakesAModifierNodeOutOfItsScreen() throws {
        func run(_ modifiers: String) throws -> [FrameSample] {
            try frames(
                """
                ctx.from.view:find("photo-1").modifiers = { "translate(100, 0)", "duration(0.3)", "curve(linear)", \(modifiers) }
                local parts = 2
                local function done() parts = parts - 1; if parts == 0 then ctx:complete(true) end end
                shared.preset(ctx, "push(left)", { duration = 0.3, completion = done })
                shared.modifiers(ctx, { pairs = {}, completion = done })
                """)
        }
        func photo(_ frames: [FrameSample], at t: Double) throws -> NodeSample {
            try XCTUnwrap(frames.first { abs($0.time - t) < 1e-9 }?.node("photo-1", scene: "grid"))
        }
        let global = try photo(run("'useGlobalCoordinateSpace'"), at: 0.25)
        XCTAssertEqual(global.bbox.origin.x, 8 + 100 * 5.0 / 6, accuracy: 1e-9)
        XCTAssertEqual(global.bbox.origin.y, 104, accuracy: 1e-9)
        XCTAssertEqual(global.depth, 1)
        let local = try photo(run(""), at: 0.25)
        XCTAssertLessThan(local.bbox.origin.x, 8 + 100 * 5.0 / 6 - 50, "the push no longer moves it along")
        XCTAssertEqual(local.depth, 2)
    }

    /// A pair given by the plugin whose destination lies outside the destination screen (here under the
    /// screen, in the container) flies above everything: there is no hierarchy of the screen to keep.
    func testADestinationOutsideTheScreenFliesGlobally() throws {
        let lines = try evalLua(
            """
            local target = ctx.container:add(node{ id = "target", frame = rect(0, 96, 390, 260) })
            ctx.container:add(ctx.to.view)
            local flights = shared(ctx, { duration = 0.1, pairs = { { tag = "t", from = ctx.from.view:find("photo-4"), to = target } } })
            print(#flights, flights[1].snapshot.parent == ctx.container, #ctx.to.view.children)
            """)
        XCTAssertEqual(lines, ["1\ttrue\t11"])
    }

    func testUseNoSnapshotFliesTheNodeItself() throws {
        let run = try frames(
            """
            ctx.container:add(ctx.to.view)
            ctx.from.view:find("photo-4").modifiers = { "useNoSnapshot" }
            shared(ctx, { duration = 0.3, curve = "linear", completion = function() ctx:complete(true) end })
            """)
        XCTAssertFalse(run.contains { $0.nodes.contains(where: \.isSnapshot) }, "a snapshot in the timeline")
        let first = try XCTUnwrap(run.first?.node("photo-4", scene: "grid"))
        XCTAssertEqual(first.bbox, Rect(x: 199, y: 289, width: 183, height: 177))
        XCTAssertEqual(first.depth, 1, "the node itself in the container")
        // Halfway along a linear 0.3 s flight: the frame midway between the two.
        let mid = try XCTUnwrap(run.first { abs($0.time - 0.15) < 1e-9 }?.node("photo-4", scene: "grid"))
        XCTAssertEqual(mid.bbox.origin.x, 99.5, accuracy: 1e-6)
        XCTAssertEqual(mid.bbox.origin.y, 192.5, accuracy: 1e-6)
        XCTAssertEqual(mid.bbox.size.width, 286.5, accuracy: 1e-6)
        XCTAssertEqual(mid.bbox.size.height, 218.5, accuracy: 1e-6)
        XCTAssertEqual(mid.opacity, 1)
    }

    /// HeroDefaultAnimator.animate: a duration of .infinity (durationMatchLongest) becomes the longest
    /// of the others' durations, their delays left out.
    func testDurationMatchLongestTakesTheLongestFlightsDuration() throws {
        let lines = try evalLua(
            """
            local to = ctx.to.view
            to:find("photo").modifiers = { "durationMatchLongest" }
            to:find("detail-caption").modifiers = { "duration(0.5)", "delay(0.2)" }
            to:find("detail-line-1").modifiers = { "duration(0.25)" }
            local from = ctx.from.view
            local pairs = { { tag = "a", from = from:find("photo-4"), to = to:find("photo") },
                            { tag = "b", from = from:find("photo-1"), to = to:find("detail-caption") },
                            { tag = "c", from = from:find("photo-2"), to = to:find("detail-line-1") } }
            for _, f in ipairs(shared.plan(ctx, { pairs = pairs }).flights) do print(f.tag, f.duration, f.delay) end
            to:find("photo").modifiers = {}
            print(("%.6f"):format(shared.plan(ctx, { pairs = { pairs[1] } }).flights[1].duration))
            """)
        XCTAssertEqual(lines, ["a\t0.5\t0", "b\t0.5\t0.2", "c\t0.25\t0", "0.342036"])
    }

    /// HeroCoreAnimationViewContext.viewState: with useScaleBasedSizeChange the size change is a scale
    /// by target ÷ current size; the bounds stay. 390 / 183 and 260 / 177.
    func testUseScaleBasedSizeChangeKeepsTheBoundsAndScales() throws {
        let run = try frames(
            """
            ctx.container:add(ctx.to.view)
            ctx.to.view:find("photo").modifiers = { "useScaleBasedSizeChange" }
            shared(ctx, { duration = 0.3, curve = "linear", completion = function() ctx:complete(true) end })
            """)
        let copies = run.compactMap { self.flight($0) }
        XCTAssertGreaterThan(copies.count, 10)
        for copy in copies {
            XCTAssertEqual(copy.properties.frame.size, Size(width: 183, height: 177))
        }
        // At t = 0.25 (5/6 of the way, linear): the scale is 1 + 5/6·(390/183 − 1) by 1 + 5/6·(260/177 − 1),
        // so the drawn box is 183 + 5/6·207 = 355.5 by 177 + 5/6·83 wide and high, as a bounds change
        // would draw it, about the centre (290.5 − 5/6·95.5, 377.5 − 5/6·151.5).
        let late = try XCTUnwrap(run.first { abs($0.time - 0.25) < 1e-9 }.flatMap { flight($0) })
        let k = 5.0 / 6
        XCTAssertEqual(late.properties.transform.a, 1 + k * (390.0 / 183 - 1), accuracy: 1e-9)
        XCTAssertEqual(late.properties.transform.d, 1 + k * (260.0 / 177 - 1), accuracy: 1e-9)
        XCTAssertEqual(late.bbox.size.width, 355.5, accuracy: 1e-6)
        XCTAssertEqual(late.bbox.size.height, 177 + k * 83, accuracy: 1e-6)
        XCTAssertEqual(late.bbox.origin.x + 355.5 / 2, 290.5 - k * 95.5, accuracy: 1e-6)
        XCTAssertEqual(late.bbox.origin.y + late.bbox.size.height / 2, 377.5 - k * 151.5, accuracy: 1e-6)
        // Halfway the scale is linear, (1 + 390/183)/2, about a centre midway.
        let mid = try XCTUnwrap(run.first { abs($0.time - 0.15) < 1e-9 }.flatMap { flight($0) })
        let midScale: Double = (1 + 390.0 / 183) / 2
        let midX: Double = mid.bbox.origin.x + mid.bbox.size.width / 2
        XCTAssertEqual(mid.properties.transform.a, midScale, accuracy: 1e-9)
        XCTAssertEqual(midX, (290.5 + 195) / 2, accuracy: 1e-6)
    }

    /// A size modifier with useScaleBasedSizeChange on an appearing node: it starts scaled by
    /// 100 / 358 and 50 / 28 with its bounds unchanged.
    func testASizeModifierBecomesAScale() throws {
        let lines = try evalLua(
            """
            ctx.to.view:find("detail-caption").modifiers = { "size(100, 50)", "useScaleBasedSizeChange" }
            local item = shared.plan(ctx).modifiers[1]
            local t = item.start.transform
            print(item.node.id, tostring(item.start.frame), ("%.9f %.9f"):format(t.a, t.d))
            """)
        XCTAssertEqual(lines, ["detail-caption\trect(16, 372, 358, 28)\t" + String(format: "%.9f %.9f", 100.0 / 358, 50.0 / 28)])
    }

    /// HeroContext.process registers no view outside the container unless it says forceAnimate.
    func testForceAnimateAnimatesANodeOutsideTheContainer() throws {
        let lines = try evalLua(
            """
            local line = ctx.to.view:find("detail-line-8")
            line.frame = rect(16, 900, 220, 14)
            line.modifiers = { "fade" }
            print(#shared.plan(ctx).modifiers)
            line.modifiers = { "fade", "forceAnimate" }
            print(#shared.plan(ctx).modifiers, shared.plan(ctx).modifiers[1].node.id)
            """)
        XCTAssertEqual(lines, ["0", "1\tdetail-line-8"])
    }

    /// SourcePreprocessor.prepareFor: source(tag) takes the other node's position, bounds, transform,
    /// corner radius and shadow, not its alpha.
    func testSourceCarriesTheSourcesLook() throws {
        let lines = try evalLua(
            """
            local cell = ctx.from.view:find("photo-4")
            cell.cornerRadius, cell.alpha = 12, 0.5
            cell.shadow = { opacity = 0.3, radius = 8, offset = size(0, 4) }
            ctx.to.view:find("detail-caption").modifiers = { "source(photo-4)" }
            local s = shared.plan(ctx).modifiers[1].start
            print(tostring(s.frame), s.cornerRadius, s.alpha, s.shadow.opacity, s.shadow.radius, tostring(s.shadow.offset))
            """)
        XCTAssertEqual(lines, ["rect(199, 289, 183, 177)\t12.0\t1.0\t0.3\t8.0\tsize(0, 4)"])
    }

    func testPlacementModifiersParseAndRoundTrip() throws {
        XCTAssertEqual(
            try evalLua(
                """
                local n = node{ modifiers = { "useGlobalCoordinateSpace", "useNoSnapshot", "forceAnimate",
                                              "durationMatchLongest", " useScaleBasedSizeChange " } }
                print(table.concat(n.modifiers, " | "))
                """),
            ["useGlobalCoordinateSpace | useNoSnapshot | forceAnimate | durationMatchLongest | useScaleBasedSizeChange"])
        XCTAssertTrue(luaError("node{}.modifiers = { 'forceAnimate(1)' }").hasSuffix("'forceAnimate(1)': expected forceAnimate without arguments"))
        XCTAssertTrue(luaError("node{}.modifiers = { 'useNoSnapshots' }").hasSuffix("(did you mean 'useNoSnapshot'?)"))
    }
}

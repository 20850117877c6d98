import XCTest
import AnimhostCore
@testable import AnimhostLua

/// `ctx:matches()`, `node.modifiers` and the shared-element library as a plugin sees them.
final class SharedLibraryTests: XCTestCase {
    func testMatchesPairTheGridsTaggedPhotoWithTheDetailsPhoto() throws {
        let lines = try evalLua(
            """
            for _, m in ipairs(ctx:matches()) do print(m.tag, m.from.id, m.from.scene, m.to.id, m.to.scene) end
            """)
        XCTAssertEqual(lines, ["photo-4\tphoto-4\tgrid\tphoto\tdetail"])
    }

    func testModifiersRoundTripAndNameTheClosestOnError() throws {
        XCTAssertEqual(
            try evalLua(
                """
                local n = node{ modifiers = { "fade", " scale( 0.5 ) ", "whenPresenting(delay(0.1))" } }
                print(table.concat(n.modifiers, " | "))
                n.modifiers = nil
                print(#n.modifiers)
                """), ["fade | scale(0.5, 0.5) | whenPresenting(delay(0.1))", "0"])
        XCTAssertTrue(
            luaError("node{}.modifiers = { 'fade', 'fdae' }").hasSuffix("node.modifiers[2]: unknown modifier 'fdae' (did you mean 'fade'?)"),
            luaError("node{}.modifiers = { 'fade', 'fdae' }"))
        XCTAssertTrue(luaError("node{}.modifiers = 'fade'").contains("node.modifiers: expected an array of strings"))
    }

    func testTheLibraryKeepsItsOwnReferencesWhenAPluginReplacesGlobals() throws {
        // The flight must still run, land and complete with the globals it uses gone.
        let lines = try evalLua(
            """
            animate, keyframes, keyframe, rect, point, spring, node, transform = nil, nil, nil, nil, nil, nil, nil, nil
            ipairs, pairs, math = nil, nil, nil
            shared.automaticDuration = function() return 99 end
            print(("%.5f"):format(shared.plan(ctx).duration))
            local flights = shared(ctx, { duration = 0.2, completion = function(ok) print("done", ok) ctx:complete(true) end })
            print(#flights, tostring(flights[1].toFrame), flights[1].from.hidden, flights[1].to.hidden)
            """, complete: false)
        XCTAssertEqual(lines, ["0.34204", "1\trect(0, 96, 390, 260)\ttrue\ttrue", "done\ttrue"])
    }

    /// A pair whose text differs (here its string; size, weight, colour and alignment count too)
    /// cross-fades by default, so the last moving frame already shows the destination's type; a pair
    /// of the same text, or of no text, flies one copy, and a fade given is kept.
    func testAFlightCrossFadesByDefaultOnlyWhenItsTextLooksDifferent() throws {
        func fade(_ texts: String, _ options: String = "") throws -> [String] {
            try evalLua(
                """
                local m = ctx:matches()[1]
                \(texts)
                local flights = shared(ctx, { duration = 0 \(options) })
                print(flights[1].fade, flights[1].destinationSnapshot ~= nil)
                """)
        }
        XCTAssertEqual(try fade(""), ["none\tfalse"])
        XCTAssertEqual(try fade("m.from.text, m.to.text = 'Bridge', 'Bridge'"), ["none\tfalse"])
        XCTAssertEqual(try fade("m.from.text, m.to.text = 'Bridge', 'New bridge'"), ["cross\ttrue"])
        XCTAssertEqual(try fade("m.to.text = 'Bridge'"), ["cross\ttrue"])
        XCTAssertEqual(try fade("m.from.text, m.to.text = 'Bridge', 'New bridge'", ", fade = 'none'"), ["none\tfalse"])
    }

    func testTheLibraryCompiledOnFirstUseReadsTheLibrariesAsTheyWereBeforeThePlugin() throws {
        // The library's files run when a plugin first uses it: what they read must be what the
        // sandbox held before any plugin code, not the plugin's replacements.
        let lines = try evalLua(
            """
            local format, print = string.format, print
            math.sqrt, math.max = function() return 0 end, function() return 0 end
            string.format, table.sort, table.concat = nil, nil, nil
            transform.scale, transform.identity = nil, nil
            easing, tostring, type, error = nil, nil, nil, nil
            print(format("%.5f", shared.plan(ctx).duration))
            """)
        XCTAssertEqual(lines, ["0.34204"])
    }

    func testTheLibraryFirstUsedInsideACoroutineWorks() throws {
        let lines = try evalLua(
            """
            local co = coroutine.create(function() return shared.automaticDuration(rect(0, 0, 10, 10), rect(300, 400, 10, 10)) end)
            local ok, d = coroutine.resume(co)
            print(ok, ("%.5f"):format(d), ("%.5f"):format(shared.automaticDuration(rect(0, 0, 10, 10), rect(0, 0, 10, 10))))
            """)
        // Hero's formula: 0.208 s plus the distance (500 points, clamped to 500) over 3000.
        XCTAssertEqual(lines, ["true\t0.37467\t0.20800"])
    }

    func testTheLibrarysNamesAreThereBeforeFirstUse() throws {
        let lines = try evalLua(
            """
            local names = {}
            for k, v in pairs(shared) do names[#names + 1] = k .. ":" .. type(v) end
            table.sort(names)
            print(table.concat(names, " "), type(getmetatable(shared).__call))
            """)
        XCTAssertEqual(
            lines,
            [
                "arcControl:function arcPath:function arcPoint:function automaticCurve:function automaticDuration:function "
                    + "crossfade:function modifiers:function parsePreset:function plan:function preset:function\tfunction"
            ])
    }

    func testFormulasMatchHerosNumbers() throws {
        let lines = try evalLua(
            """
            local function d(a, b) print(("%.9f"):format(shared.automaticDuration(a, b))) end
            d(rect(0, 0, 10, 10), rect(30, 40, 10, 10))    -- the centre moves 50
            d(rect(0, 0, 10, 10), rect(-40, 30, 10, 10))   -- the centre moves 50 (sizes equal)
            d(rect(0, 0, 10, 10), rect(-5, -5, 20, 20))    -- the size changes by (10, 10): √200
            d(rect(0, 0, 10, 10), rect(0, 0, 10, 10))      -- nothing moves
            d(rect(0, 0, 10, 10), rect(900, 0, 10, 10))    -- clamped at 500
            print(shared.arcControl(point(0, 100), point(100, 0), 1))                   -- from.y > to.y: (to.x, from.y)
            print(shared.arcControl(point(0, 0), point(100, 100), 0.5))                 -- halfway to (from.x, to.y)
            print(shared.arcControl(point(0, 0), point(100, 0.5), 1))                   -- under a point: straight
            print(shared.automaticCurve(rect(-400, 0, 10, 10), rect(0, 0, 10, 10), rect(0, 0, 390, 844)))
            print(shared.automaticCurve(rect(0, 0, 10, 10), rect(0, 900, 10, 10), rect(0, 0, 390, 844)))
            """)
        XCTAssertEqual(
            lines,
            [
                "0.224666667", "0.224666667", String(format: "%.9f", 0.208 + 200.0.squareRoot() / 3000), "0.208000000", "0.374666667",
                "point(100, 100)", "point(25, 75)", "nil", "deceleration", "acceleration"
            ])
    }

    func testBadOptionsPointAtThePluginsLine() {
        XCTAssertEqual(luaError("shared(ctx, { fade = 'sideways' })"), "p.lua:4: shared.fade: expected auto, none, cross, in, out, got 'sideways'")
        XCTAssertEqual(
            luaError("shared(ctx, { arcs = true })"),
            "p.lua:4: shared: unknown option 'arcs' (expected arc, completion, curve, delay, duration, fade, pairs, properties, spring, zIndex)")
        XCTAssertEqual(luaError("shared(ctx, { arc = 'yes' })"), "p.lua:4: shared.arc: expected true, false, an intensity, \"material\" or \"materialCenter\"")
        XCTAssertEqual(
            luaError("shared.parsePreset('spin')"),
            "p.lua:4: preset 'spin': expected one of cover, fade, none, pageIn, pageOut, pull, push, slide, uncover, zoom, zoomOut, zoomSlide, or autoReverse(preset)")
        XCTAssertEqual(luaError("shared.preset(ctx, 'push(sideways)')"), "p.lua:4: preset 'push(sideways)': the direction is left, right, up or down")
        XCTAssertEqual(
            luaError("shared.modifiers(ctx, { fade = 'cross' })"),
            "p.lua:4: shared.modifiers: unknown option 'fade' (expected completion, curve, delay, duration, pairs, spring)")
        XCTAssertTrue(
            luaError("shared(ctx, { curve = 'wobbly' })").hasPrefix("p.lua:4: shared.curve: unknown easing 'wobbly'"),
            luaError("shared(ctx, { curve = 'wobbly' })"))
        XCTAssertTrue(luaError("shared.modifiers(ctx, { curve = 'wobbly' })").hasPrefix("p.lua:4: shared.modifiers.curve: unknown easing 'wobbly'"))
        XCTAssertEqual(luaError("shared.crossfade(ctx, { scale = '0.9' })"), "p.lua:4: shared.crossfade.scale: expected a number")
        XCTAssertEqual(luaError("shared.crossfade(ctx, { fade = 1 })"), "p.lua:4: shared.crossfade: unknown option 'fade' (expected curve, scale)")
    }

    /// A `source(tag)` no node carries names the plugin's file and the line that asked for the animation
    /// or the plan, whichever the library was called through.
    func testASourceTagFoundNowherePointsAtThePluginsLine() {
        let missing = "modifier source(nowhere) on 'detail-caption': no visible node has that tag in the other scene"
        let tagged = "ctx.to.view:find('detail-caption').modifiers = { 'source(nowhere)' }\n"
        XCTAssertEqual(luaError(tagged + "shared.modifiers(ctx)"), "p.lua:5: " + missing)
        XCTAssertEqual(luaError(tagged + "local unused = 0\nshared.plan(ctx)"), "p.lua:6: " + missing)
    }

    func testASpringModifierLastsItsSettlingTimeInThePlan() throws {
        let lines = try evalLua(
            """
            ctx.to.view:find("detail-caption").modifiers = { "fade", "spring(300, 20)" }
            ctx.to.view:find("photo").modifiers = { "whenPresenting(spring(200, 10))", "whenDismissing(duration(1))" }
            local plan = shared.plan(ctx)
            print(#plan.modifiers, plan.modifiers[1].node.id, plan.modifiers[1].duration == spring{ stiffness = 300, damping = 20 }.settlingDuration)
            print(#plan.flights, plan.flights[1].duration == spring{ stiffness = 200, damping = 10 }.settlingDuration)
            """)
        XCTAssertEqual(lines, ["1\tdetail-caption\ttrue", "1\ttrue"])
    }

    /// Hero keeps a modified view in its modified state until the whole transition completes: a
    /// leaving node that fades and slides away in 0.1 s stays gone for the rest of a 0.4 s push, and
    /// the screens stay where the preset left them until `ctx:complete`.
    func testModifiedStatesHoldUntilTheTransitionCompletes() throws {
        let plugin = try makePlugin(
            """
            local p = { name = "probe", scenes = { from = "grid", to = "detail" } }
            function p.duration(ctx) return 0.5 end
            function p.animate(ctx)
              ctx.from.view:find("grid-bar").modifiers = { "fade", "translate(-40, 0)", "duration(0.1)" }
              local parts = 2
              local function done() parts = parts - 1; if parts == 0 then ctx:complete(not ctx.cancelled) end end
              shared.preset(ctx, "push(left)", { duration = 0.3, completion = done })
              shared.modifiers(ctx, { pairs = {}, completion = function()
                animate{ duration = 0.2, function() end, completion = done }
              end })
            end
            return p
            """)
        let recorder = FrameRecorder()
        _ = try plugin.run(TransitionRequest(fps: 60), sink: recorder)
        let frames = recorder.frames.dropLast()  // the last is the state after complete, the source gone
        XCTAssertGreaterThan(frames.filter { $0.time >= 0.1 }.count, 8)  // the 0.2 s after the modifiers' end
        for frame in frames where frame.time >= 0.1 {
            let bar = try XCTUnwrap(frame.node("grid-bar", scene: "grid"))
            XCTAssertEqual(bar.properties.alpha, 0, "t = \(frame.time)")
            let screen = try XCTUnwrap(frame.node("grid", scene: "grid"))
            XCTAssertFalse(screen.properties.transform.isIdentity, "t = \(frame.time): the source screen back at rest before the end")
        }
        XCTAssertNil(recorder.frames.last?.node("grid-bar", scene: "grid"))
    }

    /// Flutter's `MaterialRectArcTween` (arc.dart): from (0, 0, 100, 100) to (200, 400, 200, 200) the
    /// centres move down-right, so the top-left and bottom-right corners lead, each on a
    /// `MaterialPointArcTween`. Top-left (0, 0) → (200, 400): taller than wide, so the centre lies level
    /// with the end, at (200 − r, 400) with r = d²/|Δx|/2 = 200000/200/2 = 500; the sweep is
    /// 2·asin(d/2r) = 2·asin(√0.2) and the angle runs from −sweep to 0. Bottom-right (100, 100) →
    /// (400, 600): r = 340000/300/2 = 566⅔, centre (400 − r, 600). `MaterialRectCenterArcTween` moves
    /// the centre (50, 50) → (300, 500) the same way and the size linearly.
    func testFlutterArcsFollowArcDartsGeometry() throws {
        func pointOnArc(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ s: Double) -> (Double, Double) {
            let dx = bx - ax, dy = by - ay, d2 = dx * dx + dy * dy
            let r = d2 / abs(dx) / 2, sweep = 2 * asin(d2.squareRoot() / (2 * r))
            let angle = -sweep * (1 - s)  // Δx < Δy, moving right and down: from −sweep to 0
            return (bx - r + cos(angle) * r, by + sin(angle) * r)
        }
        for (arc, s) in [("material", 0.25), ("material", 0.5), ("materialCenter", 0.5), ("material", 0.75)] {
            let out = try evalLua(
                """
                local f0, f1 = rect(0, 0, 100, 100), rect(200, 400, 200, 200)
                local path = shared.arcPath(f0, f1, "\(arc)")
                local f = path(\(s))
                print(string.format("%.6f %.6f %.6f %.6f", f.x, f.y, f.width, f.height))
                """)
            let v = out[0].split(separator: " ").compactMap { Double($0) }
            let expected: [Double]
            if arc == "material" {
                let (x0, y0) = pointOnArc(0, 0, 200, 400, s), (x1, y1) = pointOnArc(100, 100, 400, 600, s)
                expected = [x0, y0, x1 - x0, y1 - y0]
            } else {
                let (cx, cy) = pointOnArc(50, 50, 300, 500, s), size = 100 + 100 * s
                expected = [cx - size / 2, cy - size / 2, size, size]
            }
            for (got, want) in zip(v, expected) { XCTAssertEqual(got, want, accuracy: 1e-5, "\(arc) at \(s): \(out)") }
        }
        // At s = 0.5 the leading corner sits at a hand-checked point: angle −asin(√0.2), so
        // (−300 + 500·cos, 400 − 500·sin) = (−300 + 447.2136, 400 − 223.6068).
        let mid = try evalLua("local f = shared.arcPath(rect(0, 0, 100, 100), rect(200, 400, 200, 200), 'material')(0.5)\nprint(f.x, f.y)")
        let xy = mid[0].split(separator: "\t").compactMap { Double($0) }
        XCTAssertEqual(xy[0], 147.2136, accuracy: 1e-4)
        XCTAssertEqual(xy[1], 176.3932, accuracy: 1e-4)
    }
}

import XCTest
import AnimhostCore
@testable import AnimhostLua
import AnimhostTestSupport

/// A plugin's `presentation = { … }` against UIKit's documentation of `UIPresentationController`:
/// the order of its calls ("Creating Custom Presentations", View Controller Programming Guide for
/// iOS: `presentationTransitionWillBegin`, the presentation, `presentationTransitionDidEnd(_:)`;
/// `dismissalTransitionWillBegin`, the dismissal, `dismissalTransitionDidEnd(_:)`), its views lasting
/// from the present to the end of the dismiss, and what a cancel keeps.
final class PresentationTests: XCTestCase {
    /// A plugin whose presentation adds a hidden "bubble" and a "dim" to the container and prints each
    /// call; `hooks` replaces or adds fields of the presentation table.
    private func source(hooks: String = "", animate: String = "") -> String {
        """
        local p = { name = "p", scenes = { from = "grid", to = "detail" }, params = { cancel = false } }
        p.presentation = {
          frameOfPresentedView = function(self, container)
            print("frameOfPresentedView", container.id)
            return rect(0, 100, container.bounds.width, container.bounds.height - 100)
          end,
          presentationWillBegin = function(self, ctx)
            print("presentationWillBegin", ctx.operation)
            self.bubble = node{ id = "bubble", frame = rect(0, 0, 10, 10), hidden = true }
            self.dim = node{ id = "dim", frame = rect(0, 0, 10, 10) }
            ctx.container:add(self.dim)
            ctx.container:add(self.bubble)
          end,
          presentationDidEnd = function(self, ctx, completed) print("presentationDidEnd", completed) end,
          dismissalWillBegin = function(self, ctx)
            print("dismissalWillBegin", ctx.container:find("bubble") == self.bubble, self.bubble.hidden)
          end,
          dismissalDidEnd = function(self, ctx, completed) print("dismissalDidEnd", completed) end,
          \(hooks)
        }
        function p.duration(ctx) return 0.1 end
        function p.animate(ctx)
          print("animateTransition")
          \(animate)
          if ctx.presenting then ctx.container:add(ctx.to.view) end
          animate{ duration = 0.1, function() ctx.container.alpha = 0.5 end, completion = function()
            print("completeTransition")
            ctx:complete(not ctx.params.cancel)
          end }
        end
        function p.ended(ctx, completed) print("animationEnded", completed) end
        return p
        """
    }

    private func session(_ source: String, printed: @escaping (String) -> Void = { _ in }, limits: SandboxLimits = SandboxLimits()) throws -> TransitionSession {
        TransitionSession(try makePlugin(source, limits: limits) { printed(String($0.dropFirst(4))) }, scenes: PluginCatalog())
    }

    func testHooksRunInTheOrderUIKitDocuments() throws {
        var calls: [String] = []
        let s = try session(source()) { calls.append($0) }
        _ = try s.run(TransitionRequest(operation: .present))
        _ = try s.run(TransitionRequest(operation: .dismiss))
        let documented = [
            "presentationWillBegin\tpresent", "animateTransition", "completeTransition", "presentationDidEnd\ttrue",
            "dismissalWillBegin\ttrue\ttrue", "animateTransition", "completeTransition", "dismissalDidEnd\ttrue"
        ]
        XCTAssertEqual(calls.filter { !$0.hasPrefix("frameOf") && !$0.hasPrefix("animationEnded") }, documented)
        // frameOfPresentedView: asked with the container before the presentation begins, once per present
        XCTAssertEqual(calls.first, "frameOfPresentedView\tcontainer")
        XCTAssertEqual(calls.filter { $0.hasPrefix("frameOf") }.count, 1)
        // animationEnded comes once each transition is at rest, after the presentation heard of its end
        XCTAssertEqual(calls.firstIndex(of: "animationEnded\ttrue"), calls.firstIndex(of: "presentationDidEnd\ttrue")! + 1)
    }

    func testTheViewsLastFromThePresentToTheEndOfTheDismiss() throws {
        let s = try session(source())
        let present = FrameRecorder(), dismiss = FrameRecorder()
        _ = try s.run(TransitionRequest(operation: .present), sink: present)
        XCTAssertNotNil(present.frames.last?.node("dim"))
        XCTAssertEqual(present.frames.last?.node("detail")?.properties.frame, Rect(x: 0, y: 100, width: 390, height: 744))
        _ = try s.run(TransitionRequest(operation: .dismiss), sink: dismiss)
        // the dismiss starts where the present ended: the same container, its views, the screen's frame
        XCTAssertNotNil(dismiss.frames.first?.node("dim"))
        XCTAssertEqual(dismiss.frames.first?.node("container")?.properties.alpha, 0.5)
        XCTAssertEqual(dismiss.frames.first?.node("detail")?.properties.frame, Rect(x: 0, y: 100, width: 390, height: 744))
        // and the views go when it ends
        XCTAssertNil(dismiss.frames.last?.node("dim"))
        XCTAssertEqual(s.presentation?.state, .over)
    }

    func testADismissOnItsOwnRunsThePresentFirstOffScreen() throws {
        var calls: [String] = []
        let s = try session(source()) { calls.append($0) }
        let frames = FrameRecorder()
        let outcome = try s.run(TransitionRequest(operation: .dismiss), sink: frames)
        XCTAssertTrue(outcome.result.completed)
        XCTAssertEqual(outcome.info.operation, .dismiss)
        XCTAssertTrue(calls.starts(with: ["frameOfPresentedView\tcontainer", "presentationWillBegin\tpresent"]))
        XCTAssertNotNil(frames.frames.first?.node("dim"))
        XCTAssertEqual(frames.frames.first?.time, 0)
    }

    func testACancelledPresentRemovesTheViews() throws {
        var calls: [String] = []
        let s = try session(source()) { calls.append($0) }
        let frames = FrameRecorder()
        _ = try s.run(TransitionRequest(operation: .present, params: ["cancel": "true"]), sink: frames)
        XCTAssertTrue(calls.contains("presentationDidEnd\tfalse"))
        XCTAssertNotNil(frames.frames.first?.node("dim"))
        XCTAssertNil(frames.frames.last?.node("dim"))
        XCTAssertNil(frames.frames.last?.node("detail"))
        XCTAssertEqual(s.presentation?.state, .over)
    }

    func testACancelledDismissKeepsTheViewsForTheNextDismiss() throws {
        var calls: [String] = []
        let s = try session(source()) { calls.append($0) }
        _ = try s.run(TransitionRequest(operation: .present))
        let cancelled = FrameRecorder(), again = FrameRecorder()
        _ = try s.run(TransitionRequest(operation: .dismiss, params: ["cancel": "true"]), sink: cancelled)
        XCTAssertTrue(calls.contains("dismissalDidEnd\tfalse"))
        XCTAssertNotNil(cancelled.frames.last?.node("dim"))
        XCTAssertNotNil(cancelled.frames.last?.node("grid"))  // the presenting screen stays, as UIKit's does
        XCTAssertEqual(s.presentation?.state, .presented)
        _ = try s.run(TransitionRequest(operation: .dismiss), sink: again)
        XCTAssertEqual(calls.filter { $0.hasPrefix("presentationWillBegin") }.count, 1)  // not presented again
        XCTAssertNotNil(again.frames.first?.node("dim"))
        XCTAssertNil(again.frames.last?.node("dim"))
    }

    func testShouldRemovePresentersViewTakesThePresentingScreenOutUntilTheDismiss() throws {
        let s = try session(source(hooks: "shouldRemovePresentersView = true,"))
        let present = FrameRecorder(), dismiss = FrameRecorder()
        _ = try s.run(TransitionRequest(operation: .present), sink: present)
        XCTAssertNil(present.frames.last?.node("grid"))
        _ = try s.run(TransitionRequest(operation: .dismiss), sink: dismiss)
        let first = try XCTUnwrap(dismiss.frames.first)
        XCTAssertEqual(first.nodes.first { $0.depth == 1 }?.id, "grid")  // back at the bottom of the container
        XCTAssertNotNil(dismiss.frames.last?.node("grid"))
    }

    func testWithoutFrameOfPresentedViewThePresentedScreenFillsTheContainer() throws {
        let s = try session(source().replacingOccurrences(of: "frameOfPresentedView = function", with: "unused = function"))
        let present = FrameRecorder()
        _ = try s.run(TransitionRequest(operation: .present), sink: present)
        XCTAssertEqual(present.frames.last?.node("detail")?.properties.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    }

    // MARK: Hostile presentations

    private func error(_ source: String, limits: SandboxLimits = SandboxLimits(), operation: TransitionOperation = .present) -> String {
        do {
            _ = try session(source, limits: limits).run(TransitionRequest(operation: operation))
            XCTFail("expected an error")
            return ""
        } catch let e as PluginError {
            return withoutTemporaryFolder(e.headline)
        } catch {
            return "\(error)"
        }
    }

    /// A view a `…DidEnd` hook adds is the presentation's as much as one a `…WillBegin` hook adds:
    /// UIKit leaves it in the container until the presentation controller removes it, so it lasts
    /// into the dismiss, goes when the dismiss completes, and is not reported as left behind.
    func testAViewAddedInADidEndHookLastsUntilTheDismissCompletes() throws {
        let hooks = """
            presentationDidEnd = function(self, ctx, completed)
              ctx.container:add(node{ id = "late", frame = rect(0, 0, 10, 10) })
            end,
            """
        let s = try session(source(hooks: hooks))
        let present = FrameRecorder(), dismiss = FrameRecorder()
        let presented = try s.run(TransitionRequest(operation: .present), sink: present)
        XCTAssertNotNil(present.frames.last?.node("late"))
        XCTAssertEqual(presented.warnings.filter { $0.contains("late") }, [])
        let dismissed = try s.run(TransitionRequest(operation: .dismiss), sink: dismiss)
        XCTAssertNotNil(dismiss.frames.first?.node("late"))
        XCTAssertNil(dismiss.frames.last?.node("late"))
        XCTAssertEqual(dismissed.warnings.filter { $0.contains("late") }, [])
    }

    func testAHookThatRaisesIsReportedAtItsLine() {
        let text = error(source(hooks: "dismissalDidEnd = function() error(\"no bubble\") end,"), operation: .dismiss)
        XCTAssertEqual(text, "p.lua:19: no bubble")
    }

    /// A `…WillBegin` hook runs before the animator (UIKit's presentation controller has no
    /// `completeTransition`): a `ctx:complete` there is refused at its line, not counted as the run's
    /// completion and then reported as a second call at the animator's.
    func testCtxCompleteInAWillBeginHookIsRefusedAtItsLine() {
        let refusal = "ctx:complete was called in presentation.%@, before the animator ran: the animator completes the transition, in its last completion"
        XCTAssertEqual(
            error(source(hooks: "presentationWillBegin = function(self, ctx) ctx:complete(true) end,")),
            "p.lua:19: " + String(format: refusal, "presentationWillBegin"))
        XCTAssertEqual(
            error(source(hooks: "dismissalWillBegin = function(self, ctx) ctx:complete(false) end,"), operation: .dismiss),
            "p.lua:19: " + String(format: refusal, "dismissalWillBegin"))
    }

    func testAHookThatLoopsRunsOutOfTime() {
        var limits = SandboxLimits()
        limits.timeout = 0.2
        let text = error(source(hooks: "presentationDidEnd = function() while true do end end,"), limits: limits)
        XCTAssertEqual(text, "p.lua:19: the plugin ran past its time limit of 0.2 s (an endless loop? raise the limit with --timeout)")
    }

    func testAFrameOfTheWrongTypeNamesTheHook() {
        let text = error(source().replacingOccurrences(of: "return rect(0, 100, container.bounds.width, container.bounds.height - 100)", with: "return 'top'"))
        XCTAssertEqual(text, "p.lua:3: presentation.frameOfPresentedView(container) must return a rect, got string")
    }

    func testANegativeFrameNamesTheHook() {
        let text = error(source().replacingOccurrences(of: "container.bounds.height - 100)", with: "-1)"))
        XCTAssertEqual(text, "p.lua:3: presentation.frameOfPresentedView(container) must return a rect of finite numbers and a size of at least 0, got rect(0, 100, 390, -1)")
    }

    /// `rect()` takes finite numbers only, and a conversion through nested huge scales that would
    /// overflow is refused where it happens, so a frame a hook returns is finite.
    func testAFrameConvertedPastFiniteNumbersIsRefusedAtTheConversion() {
        let huge = "local n = container; for _ = 1, 40 do local c = node{ transform = transform.scale(1e9, 1e9) }; n:add(c); n = c end; return n:convert(rect(0, 0, 1, 1), container)"
        let text = error(source().replacingOccurrences(of: "return rect(0, 100, container.bounds.width, container.bounds.height - 100)", with: huge))
        XCTAssertEqual(text, "p.lua:5: node:convert: the transforms between the two nodes carry the value past any finite number")
    }

    /// A dismiss on its own presents first; when that present is cancelled there is nothing to dismiss.
    func testADismissWhosePresentIsCancelledSaysSo() throws {
        let s = try session(source())
        XCTAssertThrowsError(try s.run(TransitionRequest(operation: .dismiss, params: ["cancel": "true"]))) {
            XCTAssertEqual(withoutTemporaryFolder(($0 as? PluginError)?.headline ?? "\($0)"), "p.lua: " + PresentationError.presentNotCompleted.description)
        }
    }

    /// The plugin's table is its own: a `presentation` removed after loading is said at the next present.
    func testAPresentationTableRemovedAfterLoadingIsNamed() throws {
        let s = try session(source().replacingOccurrences(of: "function p.ended(ctx, completed)", with: "function p.ended(ctx, completed) p.presentation = nil;"))
        _ = try s.run(TransitionRequest(operation: .present))
        XCTAssertThrowsError(try s.run(TransitionRequest(operation: .present))) {
            XCTAssertEqual(withoutTemporaryFolder(($0 as? PluginError)?.headline ?? "\($0)"), "p.lua: the plugin's 'presentation' table is gone")
        }
    }

    /// A request no run could sample is refused before anything runs, a dismiss's present included.
    func testABadRequestIsRefusedBeforeTheDismissPresents() throws {
        var calls: [String] = []
        let s = try session(source()) { calls.append($0) }
        XCTAssertThrowsError(try s.run(TransitionRequest(operation: .dismiss, fps: 0)))
        XCTAssertEqual(calls, [])
    }

    func testAWrongShouldRemovePresentersViewNamesItsLine() {
        let text = error(source(hooks: "shouldRemovePresentersView = function() return 1 end,"))
        XCTAssertEqual(text, "p.lua:19: presentation.shouldRemovePresentersView must be or return true or false, got number")
        XCTAssertEqual(
            error(source(hooks: "shouldRemovePresentersView = 'yes',")), "p.lua:19: presentation.shouldRemovePresentersView must be true, false or a function, got string")
    }

    func testAMisspeltHookNamesTheRightOne() {
        XCTAssertEqual(
            error(source(hooks: "presentationWillBgin = function() end,")),
            "p.lua:19: presentation.presentationWillBgin: not a hook of a presentation (did you mean 'presentationWillBegin'?)")
        XCTAssertEqual(
            error("local p = { name = 'p', presentation = 3, duration = function() return 0 end, animate = function() end }\nreturn p"),
            "p.lua:1: the plugin's 'presentation' must be a table of hooks ({ presentationWillBegin = function(self, ctx) … end }), got number")
    }

    /// Hooks under a misspelt name would leave the plugin without its presentation, in silence: any
    /// field of the plugin holding a table with a hook is named.
    func testAPresentationUnderAnotherNameIsNamed() {
        let misspelt = source().replacingOccurrences(of: "p.presentation = {", with: "p.Presentaton = {")
        XCTAssertEqual(error(misspelt), "p.lua: the plugin's 'Presentaton' holds presentation hooks, which the host reads only from 'presentation' (name it so)")
        // a table of anything else is the plugin's own business
        XCTAssertNoThrow(try session("local p = { name = 'p', style = { dim = 1 }, duration = function() return 0 end, animate = function() end }\nreturn p"))
    }

    func testAPresentationMakingAHundredThousandViewsMeetsTheMemoryLimit() {
        var limits = SandboxLimits()
        limits.maxMemory = 32 << 20
        let text = error(
            source(hooks: "presentationWillBegin = function(self, ctx) for i = 1, 100000 do ctx.container:add(node{ }) end end,"), limits: limits)
        XCTAssertEqual(text, "p.lua:19: not enough memory (the plugin's memory limit)")
    }
}

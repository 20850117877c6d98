import XCTest
@testable import AnimhostCore

final class AnimationEngineTests: XCTestCase {
    var engine: AnimationEngine!
    var box: Node!

    override func setUp() {
        engine = AnimationEngine()
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        box = Node(id: "box", properties: p)
    }

    func alpha(at t: Double) throws -> Double {
        try engine.advance(to: t)
        engine.updatePresentation()
        return box.presentation.alpha
    }

    func testModelChangesAtOnceAndPresentationFollowsTheCurve() throws {
        engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear))) {
            engine.set(.alpha, of: box, to: .number(0))
        }
        XCTAssertEqual(box.model.alpha, 0)
        XCTAssertEqual(try alpha(at: 0), 1)
        XCTAssertEqual(try alpha(at: 0.25), 0.75, accuracy: 1e-12)
        XCTAssertEqual(try alpha(at: 1), 0)
        XCTAssertTrue(engine.isIdle)
    }

    func testRetargetingContinuesFromThePresentationValue() throws {
        var finished: [Bool] = []
        engine.animate(
            AnimationOptions(duration: 1, timing: .curve(.linear)),
            changes: {
                engine.set(.alpha, of: box, to: .number(0))
            }, completion: { finished.append($0) })
        XCTAssertEqual(try alpha(at: 0.5), 0.5, accuracy: 1e-12)
        engine.animate(
            AnimationOptions(duration: 1, timing: .curve(.linear)),
            changes: {
                engine.set(.alpha, of: box, to: .number(1))
            }, completion: { finished.append($0) })
        engine.updatePresentation()
        XCTAssertEqual(box.presentation.alpha, 0.5, accuracy: 1e-12, "no jump when retargeted")
        XCTAssertEqual(try alpha(at: 1.0), 0.75, accuracy: 1e-12)
        XCTAssertEqual(finished, [false], "the replaced block completes unfinished, once")
        XCTAssertEqual(try alpha(at: 1.5), 1)
        XCTAssertEqual(finished, [false, true])
        try engine.advance(to: 5)
        XCTAssertEqual(finished, [false, true])
    }

    func testABlockClosingLaterReplacesANestedBlocksAnimation() throws {
        // As in UIKit, a nested block's animations are added when it closes, the enclosing block's
        // when that one closes: the later addition of the same property wins.
        var log: [String] = []
        let linear = AnimationOptions(duration: 1, timing: .curve(.linear))
        engine.animate(
            linear,
            changes: {
                engine.set(.alpha, of: box, to: .number(0.5))
                engine.animate(
                    linear,
                    changes: {
                        engine.set(.alpha, of: box, to: .number(0))
                        engine.set(.cornerRadius, of: box, to: .number(10))
                    }, completion: { log.append("inner \($0) at \(self.engine.now)") })
                engine.set(.alpha, of: box, to: .number(0.2))
            }, completion: { log.append("outer \($0) at \(self.engine.now)") })
        XCTAssertEqual(box.model.alpha, 0.2)
        XCTAssertEqual(try alpha(at: 0.5), 0.6, accuracy: 1e-12, "the enclosing block runs 1 → 0.2")
        XCTAssertEqual(box.presentation.cornerRadius, 5, accuracy: 1e-12, "the nested block's other change still runs")
        XCTAssertEqual(log, [])
        XCTAssertEqual(try alpha(at: 1), 0.2)
        XCTAssertEqual(
            log, ["inner false at 1.0", "outer true at 1.0"],
            "the nested block ends unfinished (one of its animations was replaced), first: it closed first")
    }

    func testABlockThatFailsShowsItsChangesWithoutAnimating() throws {
        struct Failure: Error {}
        for keyframes in [false, true] {
            setUp()
            let changes = {
                try self.engine.keyframeIfNeeded(keyframes) { self.engine.set(.alpha, of: self.box, to: .number(0)) }
                throw Failure()
            }
            let options = AnimationOptions(duration: 1)
            XCTAssertThrowsError(try keyframes ? engine.animateKeyframes(options, changes: changes) : engine.animate(options, changes: changes))
            XCTAssertTrue(engine.isIdle)
            XCTAssertEqual(box.presentation.alpha, 0, "keyframes: \(keyframes)")
            XCTAssertEqual(try alpha(at: 0.5), 0)
        }
    }

    func testCompletionRunsOnceWhenTheLastAnimationOfTheBlockEnds() throws {
        var calls: [(Double, Bool)] = []
        let other = Node(id: "other")
        engine.animate(
            AnimationOptions(duration: 0.3, delay: 0.2),
            changes: {
                engine.set(.alpha, of: box, to: .number(0))
                engine.set(.cornerRadius, of: other, to: .number(8))
            }, completion: { calls.append((self.engine.now, $0)) })
        try engine.advance(to: 0.49)
        XCTAssertTrue(calls.isEmpty)
        try engine.advance(to: 0.6)
        XCTAssertEqual(calls.count, 1)
        XCTAssertEqual(calls[0].0, 0.5, accuracy: 1e-12, "completion runs at the exact end, not at the next frame")
        XCTAssertTrue(calls[0].1)
    }

    func testDelayHoldsTheStartValue() throws {
        engine.animate(AnimationOptions(duration: 1, delay: 0.5, timing: .curve(.linear))) {
            engine.set(.alpha, of: box, to: .number(0))
        }
        XCTAssertEqual(try alpha(at: 0.4), 1)
        XCTAssertEqual(try alpha(at: 1.0), 0.5, accuracy: 1e-12)
    }

    func testDirectSetEndsTheAnimationUnfinished() throws {
        var finished: Bool?
        engine.animate(
            AnimationOptions(duration: 1), changes: { engine.set(.alpha, of: box, to: .number(0)) },
            completion: { finished = $0 })
        try engine.advance(to: 0.5)
        engine.set(.alpha, of: box, to: .number(0.3))
        XCTAssertEqual(try alpha(at: 0.5), 0.3)
        XCTAssertEqual(finished, false)
    }

    func testAnAnimationEndedEarlyNoLongerWritesItsValue() throws {
        // The block keeps animating the frame; the alpha set directly must stay as set.
        engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear))) {
            engine.set(.alpha, of: box, to: .number(0))
            engine.set(.frame, of: box, to: .rect(Rect(x: 100, y: 0, width: 100, height: 100)))
        }
        try engine.advance(to: 0.25)
        engine.set(.alpha, of: box, to: .number(0.3))
        XCTAssertEqual(try alpha(at: 0.5), 0.3)
        XCTAssertEqual(box.presentation.frame.x, 50, accuracy: 1e-9)
        XCTAssertEqual(try alpha(at: 0.75), 0.3)
    }

    func testABlockDeclaredWhileAnEmptiedBlockWaitsToCompleteAnimates() throws {
        var finished: [Bool] = []
        engine.animate(
            AnimationOptions(duration: 1), changes: { engine.set(.alpha, of: box, to: .number(0)) },
            completion: { finished.append($0) })
        try engine.advance(to: 0.25)
        engine.set(.alpha, of: box, to: .number(0.5))  // the first block has nothing left in flight
        engine.animate(
            AnimationOptions(duration: 1, timing: .curve(.linear)),
            changes: {
                engine.set(.frame, of: box, to: .rect(Rect(x: 100, y: 0, width: 100, height: 100)))
            }, completion: { finished.append($0) })
        XCTAssertEqual(try alpha(at: 0.75), 0.5)
        XCTAssertEqual(box.presentation.frame.x, 50, accuracy: 1e-9)
        XCTAssertEqual(finished, [false])
        try engine.advance(to: 1.25)
        XCTAssertEqual(finished, [false, true])
    }

    func testCompletionsMayChainAtTheirExactEnd() throws {
        var starts: [Double] = []
        engine.animate(
            AnimationOptions(duration: 0.3, timing: .curve(.linear)),
            changes: {
                engine.set(.alpha, of: box, to: .number(0.5))
            },
            completion: { _ in
                starts.append(self.engine.now)
                self.engine.animate(AnimationOptions(duration: 0.2, timing: .curve(.linear))) {
                    self.engine.set(.alpha, of: self.box, to: .number(0))
                }
            })
        XCTAssertEqual(try alpha(at: 0.4), 0.25, accuracy: 1e-9)
        XCTAssertEqual(starts, [0.3])
    }

    func testKeyframesRunEachWindowAndHoldBetween() throws {
        try engine.animateKeyframes(AnimationOptions(duration: 1, timing: .curve(.linear))) {
            try engine.keyframe(start: 0, length: 0.25) { engine.set(.alpha, of: box, to: .number(0.5)) }
            try engine.keyframe(start: 0.5, length: 0.5) { engine.set(.alpha, of: box, to: .number(0)) }
        }
        XCTAssertEqual(try alpha(at: 0.125), 0.75, accuracy: 1e-12)
        XCTAssertEqual(try alpha(at: 0.4), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try alpha(at: 0.75), 0.25, accuracy: 1e-12)
        XCTAssertEqual(try alpha(at: 1), 0)
    }

    func testKeyframeOutsideABlockOrRangeIsAnError() {
        XCTAssertThrowsError(try engine.keyframe(start: 0, length: 1) {}) { XCTAssertEqual($0 as? AnimationError, .keyframeOutsideKeyframes) }
        XCTAssertThrowsError(
            try engine.animateKeyframes(AnimationOptions()) {
                try engine.keyframe(start: 0.8, length: 0.5) {}
            })
    }

    func testColoursBlendPremultiplied() throws {
        box.model.backgroundColor = Color(r: 1, g: 0, b: 0, a: 1)
        engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear))) {
            engine.set(.backgroundColor, of: box, to: .color(.clear))
        }
        try engine.advance(to: 0.5)
        engine.updatePresentation()
        let c = box.presentation.backgroundColor!
        XCTAssertEqual(c.r, 1, accuracy: 1e-12, "fading to clear keeps the hue (no darkening through black)")
        XCTAssertEqual(c.a, 0.5, accuracy: 1e-12)
    }

    func testEmptyBlockCompletesAtOnce() throws {
        var done = false
        engine.animate(AnimationOptions(duration: 1), changes: {}, completion: { done = $0 })
        try engine.advance(to: 0)
        XCTAssertTrue(done)
    }

    func testUIKitSpringEndsExactlyAtItsDuration() throws {
        var end: Double?
        engine.animate(
            AnimationOptions(duration: 0.5, timing: .spring(Spring(duration: 0.5, dampingRatio: 0.5))),
            changes: {
                engine.set(.frame, of: box, to: .rect(Rect(x: 100, y: 0, width: 100, height: 100)))
            }, completion: { _ in end = self.engine.now })
        try engine.advance(to: 0.12)
        engine.updatePresentation()
        XCTAssertGreaterThan(box.presentation.frame.x, 100, "damping 0.5 overshoots")
        try engine.advance(to: 1)
        XCTAssertEqual(end, 0.5)
    }

    /// Only plain blocks on a curve are recorded as curve spans, from their delayed start to their end:
    /// not springs, keyframe blocks or blocks that change nothing.
    func testCurveSpansAreThePlainCurveTimedBlocks() throws {
        engine.animate(
            AnimationOptions(duration: 0.3, delay: 0.1, timing: .curve(.easeIn)),
            changes: {
                engine.set(.alpha, of: box, to: .number(0.5))
            })
        engine.animate(
            AnimationOptions(duration: 0.5, timing: .spring(Spring(duration: 0.5, dampingRatio: 0.5))),
            changes: {
                engine.set(.cornerRadius, of: box, to: .number(8))
            })
        try engine.animateKeyframes(
            AnimationOptions(duration: 0.4, timing: .curve(.linear)),
            changes: {
                try engine.keyframe(start: 0, length: 1) { engine.set(.borderWidth, of: box, to: .number(2)) }
            })
        engine.animate(AnimationOptions(duration: 0.2, timing: .curve(.linear)), changes: {})
        XCTAssertEqual(engine.curveSpans, [CurveSpan(begin: 0.1, end: 0.4, easing: .easeIn)])
    }
}

private extension AnimationEngine {
    /// Runs `changes` inside a keyframe spanning the whole block when `keyframes`, else as it is.
    func keyframeIfNeeded(_ keyframes: Bool, _ changes: () throws -> Void) throws {
        if keyframes { try keyframe(start: 0, length: 1, changes: changes) } else { try changes() }
    }
}

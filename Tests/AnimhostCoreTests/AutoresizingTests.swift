import XCTest
@testable import AnimhostCore

/// `autoresizingMask`, against UIKit's documented rule (`UIView.autoresizingMask`: the flexible
/// parts of an axis share the parent's size change in proportion to their sizes, the others stay)
/// worked out by hand: a child at (30, 20, 120, 80) in a 300 × 200 parent that grows to 450 × 260
/// (+150, +60). Its margins are left 30, right 150, top 20, bottom 100.
final class AutoresizingTests: XCTestCase {
    private let child = Rect(x: 30, y: 20, width: 120, height: 80)
    private let old = Size(width: 300, height: 200), new = Size(width: 450, height: 260)

    private func resized(_ names: [String]) -> Rect {
        AutoresizingMask(names: names).resize(child, from: old, to: new)
    }

    func testEachHorizontalCombinationSharesTheChangeAsUIKitDoes() {
        let cases: [([String], x: Double, width: Double)] = [
            ([], 30, 120),
            (["flexibleLeftMargin"], 180, 120),  // the left margin takes all 150
            (["flexibleWidth"], 30, 270),
            (["flexibleRightMargin"], 30, 120),
            (["flexibleLeftMargin", "flexibleWidth"], 60, 240),  // 30 : 120 of 150
            (["flexibleWidth", "flexibleRightMargin"], 30, 120 + 150 * 120 / 270),  // 120 : 150
            (["flexibleLeftMargin", "flexibleRightMargin"], 55, 120),  // 30 : 150
            (["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin"], 45, 180)  // all scale by 1.5
        ]
        for (names, x, width) in cases {
            let r = resized(names)
            XCTAssertEqual(r.x, x, accuracy: 1e-9, "\(names)")
            XCTAssertEqual(r.width, width, accuracy: 1e-9, "\(names)")
            XCTAssertEqual(r.y, 20, "\(names): the vertical axis has no flag")
            XCTAssertEqual(r.height, 80, "\(names)")
        }
    }

    func testEachVerticalCombinationSharesTheChangeAsUIKitDoes() {
        let cases: [([String], y: Double, height: Double)] = [
            (["flexibleTopMargin"], 80, 80),
            (["flexibleHeight"], 20, 140),
            (["flexibleBottomMargin"], 20, 80),
            (["flexibleTopMargin", "flexibleHeight"], 32, 128),  // 20 : 80 of 60
            (["flexibleHeight", "flexibleBottomMargin"], 20, 80 + 60 * 80 / 180.0),  // 80 : 100
            (["flexibleTopMargin", "flexibleBottomMargin"], 30, 80),  // 20 : 100
            (["flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"], 26, 104)  // all scale by 1.3
        ]
        for (names, y, height) in cases {
            let r = resized(names)
            XCTAssertEqual(r.y, y, accuracy: 1e-9, "\(names)")
            XCTAssertEqual(r.height, height, accuracy: 1e-9, "\(names)")
            XCTAssertEqual(r.x, 30, "\(names)")
            XCTAssertEqual(r.width, 120, "\(names)")
        }
    }

    func testAShrinkingParentNeverGivesANegativeSize() {
        let r = AutoresizingMask.flexibleWidth.resize(child, from: old, to: Size(width: 100, height: 200))
        XCTAssertEqual(r.width, 0, "120 − 200 is clamped at 0")
        XCTAssertEqual(AutoresizingMask(names: ["flexibleWidth", "nonsense"]).names, ["flexibleWidth"])
    }

    // MARK: In the engine

    private func tree(_ names: [String]) -> (Node, Node, Node) {
        var p = NodeProperties()
        p.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        let parent = Node(id: "parent", properties: p)
        var c = NodeProperties()
        c.frame = child
        c.autoresizingMask = AutoresizingMask(names: names)
        let kid = Node(id: "child", properties: c)
        var g = NodeProperties()
        g.frame = Rect(x: 10, y: 10, width: 100, height: 60)
        g.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let grandchild = Node(id: "grandchild", properties: g)
        try? parent.add(kid)
        try? kid.add(grandchild)
        return (parent, kid, grandchild)
    }

    func testSettingAFrameLaysOutTheChildrenAndTheirChildren() {
        let engine = AnimationEngine()
        let (parent, kid, grandchild) = tree(["flexibleWidth", "flexibleHeight"])
        engine.set(.frame, of: parent, to: .rect(Rect(x: 5, y: 5, width: 450, height: 260)))
        XCTAssertEqual(kid.model.frame, Rect(x: 30, y: 20, width: 270, height: 140))
        XCTAssertEqual(kid.presentation.frame, kid.model.frame)
        XCTAssertEqual(grandchild.model.frame, Rect(x: 10, y: 10, width: 250, height: 120), "the child grew by 150 × 60")
        engine.set(.frame, of: parent, to: .rect(Rect(x: 9, y: 9, width: 450, height: 260)))
        XCTAssertEqual(kid.model.frame.width, 270, "a move without a size change lays out nothing")
    }

    func testAnAnimatedParentCarriesItsChildrenAsCoreAnimationWouldOnTheSameCurve() throws {
        // UIKit lays the child out once, in the block, and Core Animation runs the child's frame from
        // its old value to the new one on the parent's curve: at progress p the child is the blend.
        let engine = AnimationEngine()
        let (parent, kid, grandchild) = tree(["flexibleWidth", "flexibleRightMargin", "flexibleTopMargin"])
        let before = kid.model.frame
        engine.animate(AnimationOptions(duration: 1, timing: .curve(.easeInOut))) {
            engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 450, height: 260)))
        }
        let after = kid.model.frame
        XCTAssertEqual(after.width, 120 + 150 * 120 / 270, accuracy: 1e-9)
        XCTAssertEqual(after.y, 80)
        for t in [0.0, 0.2, 0.5, 0.8] {
            try engine.advance(to: t)
            engine.updatePresentation()
            let p = Easing.easeInOut.value(at: t)
            let shown = kid.presentation.frame
            XCTAssertEqual(shown.x, before.x + (after.x - before.x) * p, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(shown.width, before.width + (after.width - before.width) * p, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(shown.y, before.y + (after.y - before.y) * p, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(grandchild.presentation.frame.width, shown.width - 20, accuracy: 1e-9, "t = \(t): its margins stay 10")
        }
        try engine.advance(to: 1.5)
        engine.updatePresentation()
        XCTAssertEqual(kid.presentation.frame, after)
        XCTAssertEqual(grandchild.presentation.frame, grandchild.model.frame)
    }

    func testAChildWhoseOwnFrameAnimatesKeepsItsAnimation() throws {
        let engine = AnimationEngine()
        let (parent, kid, _) = tree(["flexibleWidth"])
        engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear))) {
            engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 450, height: 260)))
            engine.set(.frame, of: kid, to: .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        }
        try engine.advance(to: 0.5)
        engine.updatePresentation()
        // Its own animation, from the model value the parent's set laid out (270, as UIKit's block
        // takes the model value at the set as the animation's start) to 10, not the parent's layout.
        XCTAssertEqual(kid.presentation.frame.width, 140, accuracy: 1e-9)
        try engine.advance(to: 1)
        engine.updatePresentation()
        XCTAssertEqual(kid.presentation.frame.width, 10)
    }

    func testAnInteractivelyCancelledParentTakesItsChildrenBack() throws {
        // UIKit's cancelled percent-driven transition puts the model back where it began; the
        // children laid out for the new size go back with it.
        let engine = AnimationEngine()
        let (parent, kid, grandchild) = tree(["flexibleWidth", "flexibleHeight"])
        let clock = ScrubbedClock(duration: 1)
        engine.scrubbedClock = clock
        engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear))) {
            engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 450, height: 260)))
        }
        clock.pause(atFraction: 0.5)
        engine.updatePresentation()
        XCTAssertEqual(kid.presentation.frame.width, 120 + 75, accuracy: 1e-9, "halfway: 375 wide")
        clock.run(toEnd: false, now: 0, speed: 1, curve: .linear)
        try engine.advance(to: 2)
        engine.updatePresentation()
        XCTAssertEqual(parent.model.frame.size, Size(width: 300, height: 200))
        XCTAssertEqual(kid.model.frame, child)
        XCTAssertEqual(kid.presentation.frame, child)
        XCTAssertEqual(grandchild.model.frame, Rect(x: 10, y: 10, width: 100, height: 60))
    }

    func testAParentShrunkToNothingAndGrownBackGivesItsChildrenBackTheirFrames() {
        // Every flexible part of the child reaches 0 on the way; the frames it was given still hold.
        let engine = AnimationEngine()
        let (parent, kid, grandchild) = tree(["flexibleLeftMargin", "flexibleWidth", "flexibleTopMargin", "flexibleHeight"])
        engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 0, height: 0)))
        XCTAssertEqual(kid.model.frame.size, Size(width: 0, height: 0))
        engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 300, height: 200)))
        XCTAssertEqual(kid.model.frame, child)
        XCTAssertEqual(grandchild.model.frame, Rect(x: 10, y: 10, width: 100, height: 60))
        engine.set(.frame, of: kid, to: .rect(Rect(x: 0, y: 0, width: 50, height: 50)))
        engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 350, height: 200)))
        XCTAssertEqual(kid.model.frame, Rect(x: 0, y: 0, width: 100, height: 50), "a frame given later is the one kept")
    }

    func testAChildKeepsItsFixedMarginsAsItsParentShrinksPastThem() throws {
        // 30 + 150 of the parent's width are fixed margins: the child narrows by what the parent
        // loses until it has no width left, and is on screen where it was at the first frame.
        let engine = AnimationEngine()
        let (parent, kid, _) = tree(["flexibleWidth"])
        engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear))) {
            engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 100, height: 200)))
        }
        for (t, width) in [(0.0, 120.0), (0.25, 70), (0.5, 20), (0.75, 0)] {
            try engine.advance(to: t)
            engine.updatePresentation()
            XCTAssertEqual(kid.presentation.frame.width, width, accuracy: 1e-9, "t = \(t): parent \(300 - 200 * t) wide")
            XCTAssertEqual(kid.presentation.frame.x, 30, "t = \(t)")
        }
    }

    func testACancelledChildWithItsOwnAnimationGoesBackToItsOwnStartWhicheverWasSetFirst() throws {
        // Both the parent's frame and the child's own frame animate in one block, cancelled: each
        // returns to where its animation started, whatever the order of the lanes, and a later
        // resize of the parent lays the child out from there.
        for childFirst in [true, false] {
            let engine = AnimationEngine()
            let (parent, kid, _) = tree(["flexibleWidth"])
            let clock = ScrubbedClock(duration: 1)
            engine.scrubbedClock = clock
            engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear))) {
                let small = AnimatableValue.rect(Rect(x: 0, y: 0, width: 10, height: 10))
                if childFirst { engine.set(.frame, of: kid, to: small) }
                engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 450, height: 260)))
                if !childFirst { engine.set(.frame, of: kid, to: small) }
            }
            clock.pause(atFraction: 0.5)
            engine.updatePresentation()
            clock.run(toEnd: false, now: 0, speed: 1, curve: .linear)
            try engine.advance(to: 2)
            engine.updatePresentation()
            // Its animation started from its model value at its set: 120, or 270 once the parent's
            // set had laid it out (`testAChildWhoseOwnFrameAnimatesKeepsItsAnimation`).
            let start = childFirst ? 120.0 : 270
            XCTAssertEqual(parent.model.frame.size, Size(width: 300, height: 200))
            XCTAssertEqual(kid.model.frame, Rect(x: 30, y: 20, width: start, height: 80), "child set first: \(childFirst)")
            XCTAssertEqual(kid.presentation.frame, kid.model.frame, "child set first: \(childFirst)")
            engine.set(.frame, of: parent, to: .rect(Rect(x: 0, y: 0, width: 400, height: 200)))
            XCTAssertEqual(kid.model.frame.width, start + 100, "child set first: \(childFirst): the 100 the parent grew")
        }
    }
}

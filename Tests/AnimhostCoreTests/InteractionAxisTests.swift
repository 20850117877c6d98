import XCTest
@testable import AnimhostCore

/// The default rule on a declared axis and distance, against `UIPercentDrivenInteractiveTransition` as a
/// pan's handler drives it: `update(translation along the axis / distance)`, clamped to 0…1, and on
/// release `finish()` or `cancel()` by the progress and the velocity along the axis. Each expected
/// value is worked out by hand from the samples: a 100 × 200 pt screen, a 1 s linear fade of the
/// from-screen (so its opacity is 1 − progress), the last sample the release, velocity from the
/// previous sample when they are 0.1 s apart (the tracker looks back 50 ms), else from the oldest
/// sample within 50 ms.
final class InteractionAxisTests: XCTestCase {
    func run(_ points: [(Double, Point)], rule: InteractionRule) throws -> (TransitionRun.Result, [Double], TransitionContext) {
        func scene(_ name: String) -> Scene {
            var p = NodeProperties()
            p.frame = Rect(x: 0, y: 0, width: 100, height: 200)
            return Scene(name: name, size: Size(width: 100, height: 200), background: .white, root: Node(id: name, scene: name, properties: p))
        }
        let ctx = try TransitionContext(from: scene("a"), to: scene("b"), operation: .pop)
        ctx.interactionRule = rule
        let samples = points.enumerated().map { i, p in
            GestureSample(time: p.0, location: p.1, state: i == points.count - 1 ? .ended : .changed)
        }
        let (result, frames) = try play(PercentDrivenTests.Fade(), in: ctx, fps: 10, gesture: try GestureTrace(samples: samples))
        return (result, frames.map { $0.node("a")?.opacity ?? -1 }, ctx)
    }

    func testADistanceSetsTheTravelThatIsTheWholeWay() throws {
        // down by 20, 60, 100 pt over 80 pt: 0.25, 0.75, then 1.25 clamped to 1; released past a third
        let (result, alphas, _) = try run(
            [(0, Point(x: 50, y: 40)), (0.1, Point(x: 50, y: 60)), (0.2, Point(x: 50, y: 100)), (0.3, Point(x: 50, y: 140)), (0.4, Point(x: 50, y: 141))],
            rule: InteractionRule(axis: .down, distance: 80))
        XCTAssertEqual(alphas[1], 0.75, accuracy: 1e-9)
        XCTAssertEqual(alphas[2], 0.25, accuracy: 1e-9)
        XCTAssertEqual(alphas[3], 0, accuracy: 1e-9)
        XCTAssertTrue(result.completed)
    }

    func testADirectionIgnoresTravelTheOtherWay() throws {
        // up 20 first (−20 / 200, clamped to 0), then 40 below the start: 0.2; released 41 pt down at
        // 10 pt/s: under both bars, so it cancels. Without an axis the first move (up) sets the direction.
        let points = [(0, Point(x: 50, y: 100)), (0.1, Point(x: 50, y: 80)), (0.2, Point(x: 50, y: 140)), (0.3, Point(x: 50, y: 141))]
        let (result, alphas, ctx) = try run(points, rule: InteractionRule(axis: .down))
        XCTAssertEqual(alphas[1], 1, accuracy: 1e-9)
        XCTAssertEqual(alphas[2], 0.8, accuracy: 1e-9)
        XCTAssertEqual(ctx.driver?.direction, DriveDirection(dx: 0, dy: 1))
        XCTAssertTrue(result.cancelled)
        let (_, free, freeCtx) = try run(points, rule: InteractionRule())
        XCTAssertEqual(freeCtx.driver?.direction, DriveDirection(dx: 0, dy: -1))
        XCTAssertEqual(free[1], 0.9, accuracy: 1e-9, "20 of 200 pt up")
    }

    func testVelocityAlongTheAxisDecides() throws {
        // released 22 pt up after 20 ms: 0.11 of the height, at 22 / 0.02 = 1100 pt/s up: past 1000, so up
        // finishes; read downwards it is negative travel at −1100 pt/s, so down cancels
        let fling = [(0, Point(x: 50, y: 150)), (0.01, Point(x: 50, y: 140)), (0.02, Point(x: 50, y: 128))]
        XCTAssertTrue(try run(fling, rule: InteractionRule(axis: .up)).0.completed)
        XCTAssertTrue(try run(fling, rule: InteractionRule(axis: .down)).0.cancelled)
        XCTAssertTrue(try run(fling, rule: InteractionRule(axis: .vertical)).0.completed, "vertical: the way it first moved, up")
    }

    func testAnAxisOverridesAnEdgeSwipesDirection() throws {
        // from the left edge, 28 pt right and 40 pt down: vertical reads 40 / 200 = 0.2 down
        let (_, vertical, ctx) = try run(
            [(0, Point(x: 2, y: 50)), (0.1, Point(x: 30, y: 90)), (0.2, Point(x: 30, y: 90))], rule: InteractionRule(axis: .vertical))
        XCTAssertEqual(ctx.driver?.direction, DriveDirection(dx: 0, dy: 1))
        XCTAssertEqual(vertical[1], 0.8, accuracy: 1e-9)
        // away from the edges, 10 pt left and 50 pt down: horizontal reads 10 / 100 leftwards
        let (_, horizontal, hctx) = try run(
            [(0, Point(x: 60, y: 100)), (0.1, Point(x: 50, y: 150)), (0.2, Point(x: 50, y: 150))], rule: InteractionRule(axis: .horizontal))
        XCTAssertEqual(hctx.driver?.direction, DriveDirection(dx: -1, dy: 0))
        XCTAssertEqual(horizontal[1], 0.9, accuracy: 1e-9)
        // a left-edge swipe on the horizontal axis goes rightwards: 28 / 100
        let (_, edge, _) = try run(
            [(0, Point(x: 2, y: 50)), (0.1, Point(x: 30, y: 90)), (0.2, Point(x: 30, y: 90))], rule: InteractionRule(axis: .horizontal))
        XCTAssertEqual(edge[1], 0.72, accuracy: 1e-9)
    }
}

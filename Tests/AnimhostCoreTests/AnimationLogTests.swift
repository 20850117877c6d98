import XCTest
@testable import AnimhostCore

/// The engine's log of declared animations: what each block declared, how each flight ended, bounded.
final class AnimationLogTests: XCTestCase {
    func testAFlightSetOutsideABlockIsStoppedAndTheLogKeepsTheFirstOnes() throws {
        let engine = AnimationEngine(), log = AnimationLog(limit: 2)
        engine.log = log
        let box = Node(id: "box")
        engine.animate(AnimationOptions(duration: 1, delay: 0.5, timing: .curve(.linear)), origin: "a.lua:3") {
            engine.set(.alpha, of: box, to: .number(0))
            engine.set(.cornerRadius, of: box, to: .number(8))
        }
        engine.animate(AnimationOptions(duration: 2), origin: "a.lua:7") { engine.set(.shadowRadius, of: box, to: .number(4)) }
        try engine.advance(to: 0.75)
        engine.set(.alpha, of: box, to: .number(1))  // outside a block: the flight stops where it is
        try engine.advance(to: 3)
        XCTAssertEqual(log.count, 3, "every animation declared is counted")
        XCTAssertEqual(log.animations.map(\.property), ["alpha", "cornerRadius"], "the first two are kept")
        XCTAssertEqual(log.animations.map(\.origin), ["a.lua:3", "a.lua:3"])
        XCTAssertEqual(log.animations.map(\.begin), [0.5, 0.5])
        XCTAssertEqual(log.animations[0].ended?.how, .stopped)
        XCTAssertEqual(log.animations[0].ended?.time, 0.75)
        XCTAssertEqual(log.animations[1].ended?.how, .ran)
        XCTAssertEqual(log.animations[1].ended?.time, 1.5, "the block's end: its delay and its duration")
        XCTAssertEqual(log.animations[1].completed?.finished, false, "a block one of whose flights stopped completes unfinished")
        XCTAssertFalse(log.animations.contains { $0.retargets })
    }
}

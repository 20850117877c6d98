import XCTest
@testable import AnimhostCore

/// How long the engine and the tree keep nodes: an animation lane holds its node (counted by hand,
/// see ``Lane``) exactly until the flight ends, and a child's link to its parent never outlives the
/// parent. A lane that forgot to retain would free a node still animated; one that forgot to
/// release would keep every animated node for good.
final class NodeLifetimeTests: XCTestCase {
    let linear = AnimationOptions(duration: 1, timing: .curve(.linear))

    /// A node with nothing but `engine` animating `property` to `value`; the caller keeps only a weak reference.
    func animatedNode(_ engine: AnimationEngine, _ property: AnimatableProperty, to value: AnimatableValue) -> Node {
        let node = Node(id: "n")
        engine.animate(linear) { engine.set(property, of: node, to: value) }
        return node
    }

    func testAFlyingNodeStaysAliveUntilItsFlightEndsThenIsFreed() throws {
        let cases: [(AnimatableProperty, AnimatableValue)] = [
            (.alpha, .number(0)),  // a number lane
            (.frame, .rect(Rect(x: 1, y: 2, width: 3, height: 4))),  // a rectangle lane
            (.backgroundColor, .color(Color(r: 1, g: 0, b: 0, a: 1)))  // a path lane
        ]
        for (property, value) in cases {
            let engine = AnimationEngine()
            weak let node = animatedNode(engine, property, to: value)
            try engine.advance(to: 0.5)
            engine.updatePresentation()
            XCTAssertNotNil(node, "\(property): freed while in flight")
            try engine.advance(to: 1)
            XCTAssertNil(node, "\(property): still held once the flight ended")
        }
    }

    func testAFlightEndedEarlyReleasesItsNode() throws {
        let engine = AnimationEngine()
        weak let node = animatedNode(engine, .alpha, to: .number(0))
        engine.removeAnimations(of: try XCTUnwrap(node))
        XCTAssertNil(node)
        try engine.advance(to: 1)
        engine.updatePresentation()  // the retired lane writes into the engine's parking, not the freed node
    }

    func testAnEngineDroppedMidFlightReleasesItsNodes() {
        var engine: AnimationEngine? = AnimationEngine()
        weak let node = animatedNode(engine!, .frame, to: .rect(Rect(x: 0, y: 0, width: 1, height: 1)))
        XCTAssertNotNil(node)
        engine = nil
        XCTAssertNil(node)
    }

    func testAChildOutlivingItsParentHasNone() throws {
        var parent: Node? = Node(id: "parent")
        let child = Node(id: "child")
        try parent!.add(child)
        XCTAssertTrue(child.parent === parent)
        parent = nil
        XCTAssertNil(child.parent)
        let other = Node(id: "other")
        try other.add(child)
        XCTAssertTrue(child.parent === other)
        XCTAssertEqual(child.convert(Point(x: 1, y: 1), to: nil), Point(x: 1, y: 1))
    }
}

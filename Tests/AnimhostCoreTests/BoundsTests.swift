import XCTest
@testable import AnimhostCore

/// The engine's limits on depth and size, and the conversions that cannot trap.
final class BoundsTests: XCTestCase {
    /// A chain `levels` nodes deep below a fresh root; returns the root and the last node.
    func chain(_ levels: Int) throws -> (root: Node, leaf: Node) {
        let root = Node(id: "n0")
        var leaf = root
        for i in 1...levels {
            let c = Node(id: "n\(i)")
            try leaf.add(c)
            leaf = c
        }
        return (root, leaf)
    }

    func testTreesNestAtMostTheLimitWhicheverWayTheyAreBuilt() throws {
        let (root, leaf) = try chain(Node.maxDepth)
        XCTAssertThrowsError(try leaf.add(Node(id: "deeper"))) {
            XCTAssertEqual($0 as? NodeError, .tooDeep(child: "deeper", parent: "n128", limit: 128))
        }
        // Bottom up: a subtree of height 1 under a node 127 levels down reaches 129.
        let pair = Node(id: "pair")
        try pair.add(Node(id: "below"))
        let parent = try XCTUnwrap(root.find("n127"))
        XCTAssertThrowsError(try parent.insert(pair, at: .front))
        XCTAssertThrowsError(try parent.add(pair))
        // A snapshot of the whole chain is itself 128 deep: it fits alone, not under anything.
        let copy = root.snapshot()
        XCTAssertThrowsError(try Node(id: "holder").add(copy))
        XCTAssertEqual(copy.subtree().count, Node.maxDepth + 1)
        XCTAssertTrue(copy.subtree().allSatisfy(\.isSnapshot))
    }

    func testWalksOverTheDeepestTreeVisitEveryNodeInOrder() throws {
        let (root, _) = try chain(Node.maxDepth - 1)
        let container = Node(id: "container")
        try container.add(root)
        XCTAssertEqual(container.find("n127")?.id, "n127")
        XCTAssertNil(container.find("missing"))
        let sample = FrameSampler(container: container).sample(index: 0, time: 0)
        XCTAssertEqual(sample.nodes.map(\.id), ["container"] + (0..<Node.maxDepth).map { "n\($0)" })
        XCTAssertEqual(sample.nodes.map(\.depth), Array(0...Node.maxDepth))
        XCTAssertEqual(sample.nodes.map(\.z), Array(0...Node.maxDepth))
    }

    func testSamplingKeepsPaintOrderAmongSiblingsAndCousins() throws {
        // a(b(c, d), e) with e raised by zIndex: paint order a, b, c, d, e; then z reorders only siblings.
        let a = Node(id: "a"), b = Node(id: "b"), c = Node(id: "c"), d = Node(id: "d"), e = Node(id: "e")
        try a.add(b); try b.add(c); try b.add(d); try a.add(e)
        let container = Node(id: "container")
        try container.add(a)
        XCTAssertEqual(FrameSampler(container: container).sample(index: 0, time: 0).nodes.map(\.id), ["container", "a", "b", "c", "d", "e"])
        b.model.zIndex = 1
        XCTAssertEqual(FrameSampler(container: container).sample(index: 0, time: 0).nodes.map(\.id), ["container", "a", "e", "b", "c", "d"])
        XCTAssertEqual(FrameSampler(container: container).sample(index: 0, time: 0).nodes.map(\.depth), [0, 1, 2, 2, 3, 3])
    }

    func testCheckedIntClampsInsteadOfTrapping() {
        XCTAssertEqual(checkedInt(2.5), 2)
        XCTAssertEqual(checkedInt(2.5, .up), 3)
        XCTAssertEqual(checkedInt(-2.5, .down), -3)
        XCTAssertEqual(checkedInt(2.5, .toNearestOrAwayFromZero), 3)
        XCTAssertEqual(checkedInt(1e300), 1 << 53)
        XCTAssertEqual(checkedInt(-Double.greatestFiniteMagnitude, .up), -(1 << 53))
        XCTAssertEqual(checkedInt(.infinity), 1 << 53)
        XCTAssertEqual(checkedInt(.nan), 0)
    }

    func testEasingControlPointsAreBounded() {
        XCTAssertNoThrow(try Easing(spec: "cubic-bezier(0, 1000, 1, -1000)"))
        XCTAssertThrowsError(try Easing(spec: "cubic-bezier(0, 1e300, 1, -1e300)")) {
            XCTAssertTrue("\($0)".contains("y1 and y2 must lie in -1000…1000"), "\($0)")
        }
    }

    func testGestureTracesAreBoundedInTimeCountAndPlace() {
        func trace(_ samples: [GestureSample]) -> String {
            do { _ = try GestureTrace(samples: samples); return "accepted" } catch { return "\(error)" }
        }
        let p = Point(x: 1, y: 1)
        XCTAssertEqual(trace([GestureSample(time: 600, location: p, state: .began)]), "accepted")
        XCTAssertEqual(
            trace([GestureSample(time: 600.5, location: p, state: .began)]),
            "samples[0]: t = 600.5 is past the 600 s a transition may last")
        XCTAssertEqual(
            trace([GestureSample(time: 0, location: Point(x: 0, y: -2e9), state: .began)]),
            "samples[0]: positions must lie within ±1e9 points")
        XCTAssertEqual(
            trace(Array(repeating: GestureSample(time: 0, location: p, state: .changed), count: 100_001)),
            "100001 samples is more than the 100000 a gesture may have")
    }

    func testJSONNumbersOutOfRangeAreNamedByPath() {
        func path(_ json: String) -> String? {
            JSONNumberScanner.firstOutOfRange(in: Array(json.utf8)).map { "\($0.path): \($0.number)" }
        }
        XCTAssertEqual(path(#"{"a": [1, 2, {"b \"q\"": "1e999", "c": [0, -1E+400]}]}"#), #"a[2].c[1]: -1E+400"#)
        XCTAssertEqual(path("[[1], [2, 1.7e308, 1.8e308]]"), "[1][2]: 1.8e308")
        XCTAssertEqual(path("1e400"), ": 1e400")
        XCTAssertNil(path(#"{"x": 1e-400, "y": true, "z": null}"#))
    }

    func testTextLongerThanTheLimitIsNamed() {
        XCTAssertNil(Bounds.textProblem(String(repeating: "é", count: 10_000)))
        XCTAssertEqual(
            Bounds.textProblem(String(repeating: "x", count: 10_001)),
            "text of 10001 characters is longer than the 10000 one node may hold")
    }
}

import XCTest
@testable import AnimhostCore

final class NodeTreeTests: XCTestCase {
    func node(_ id: String, _ frame: Rect) -> Node {
        var p = NodeProperties()
        p.frame = frame
        return Node(id: id, scene: "s", properties: p)
    }

    func testConvertGoesThroughEveryAncestor() throws {
        let root = node("root", Rect(x: 0, y: 0, width: 400, height: 800))
        let card = node("card", Rect(x: 10, y: 100, width: 200, height: 200))
        let badge = node("badge", Rect(x: 20, y: 30, width: 10, height: 10))
        try root.add(card); try card.add(badge)
        XCTAssertEqual(badge.frame(in: root), Rect(x: 30, y: 130, width: 10, height: 10))
        card.model.transform = .scale(0.5, 0.5)
        XCTAssertEqual(badge.frame(in: root), Rect(x: 70, y: 165, width: 5, height: 5))
        XCTAssertEqual(root.convert(Point(x: 70, y: 165), to: badge), Point(x: 0, y: 0))
    }

    func testSnapshotIsADeepCopyMarkedAsSnapshot() throws {
        let card = node("card", Rect(x: 10, y: 100, width: 200, height: 200))
        try card.add(node("badge", Rect(x: 1, y: 2, width: 3, height: 4)))
        let copy = card.snapshot()
        XCTAssertTrue(copy.isSnapshot)
        XCTAssertEqual(copy.id, "card")
        XCTAssertEqual(copy.scene, "s")
        XCTAssertEqual(copy.children.first?.model.frame, Rect(x: 1, y: 2, width: 3, height: 4))
        copy.children[0].model.alpha = 0.5
        XCTAssertEqual(card.children[0].model.alpha, 1)
        XCTAssertFalse(copy.children[0] === card.children[0])
    }

    func testInsertBelowAndAboveAndPaintOrder() throws {
        let root = node("root", .zero)
        let a = node("a", .zero), b = node("b", .zero), c = node("c", .zero)
        try root.add(a); try root.add(b)
        try root.insert(c, at: .below(a))
        XCTAssertEqual(root.children.map(\.id), ["c", "a", "b"])
        try root.insert(c, at: .above(b))
        XCTAssertEqual(root.children.map(\.id), ["a", "b", "c"])
        a.model.zIndex = 1
        XCTAssertEqual(root.paintOrderedChildren(presentation: false).map(\.id), ["b", "c", "a"])
    }

    func testTreeRefusesCyclesAndStrangers() throws {
        let root = node("root", .zero), child = node("child", .zero), stranger = node("x", .zero)
        try root.add(child)
        XCTAssertThrowsError(try child.add(root)) { XCTAssertEqual($0 as? NodeError, .cycle(child: "root", parent: "child")) }
        XCTAssertThrowsError(try root.insert(stranger, at: .below(stranger)))
        XCTAssertThrowsError(try root.insert(stranger, at: .above(node("y", .zero))))
    }
}

import XCTest
@testable import AnimhostCore

/// The property declarations, and the scene reader and timeline fields derived from them: each
/// declared property must reach both, so that forgetting one anywhere fails here.
final class PropertyTableTests: XCTestCase {
    /// A valid value of each kind that differs from every declared default, as JSON and as the value it means.
    func sample(_ p: NodeProperty) -> (json: String, value: PropertyValue) {
        switch p.kind {
        case .number: return ("0.5", .number(0.5))
        case .rect: return ("[1, 2, 3, 4]", .rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        case .size: return ("[5, 6]", .size(Size(width: 5, height: 6)))
        case .color, .optionalColor: return ("\"#123456\"", .color(Color(r: 0x12 / 255.0, g: 0x34 / 255.0, b: 0x56 / 255.0)))
        case .transform: return ("[2, 0, 0, 3, 4, 5]", .transform(Transform2D(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5)))
        case .flag: return p.defaultValue == .flag(true) ? ("false", .flag(false)) : ("true", .flag(true))
        case .label: return ("\"label\"", .string("label"))
        case .choice: return ("\"\(p.choices.last!)\"", .string(p.choices.last!))
        case .imagePath: return ("\"placeholder:3\"", .string("placeholder:3"))
        case .text: return ("\"hello\"", .text(TextStyle(string: "hello")))
        case .modifiers: return ("[\"fade\", \"scale(0.8)\"]", .modifiers([.fade, .scale(x: 0.8, y: 0.8)]))
        case .point: return ("[0.25, 0.75]", .point(Point(x: 0.25, y: 0.75)))
        case .colors: return ("[\"#FF0000\", \"#0000FF80\"]", .colors([Color(r: 1, g: 0, b: 0), Color(r: 0, g: 0, b: 1, a: 128 / 255.0)]))
        case .numbers: return ("[0.25, 0.75]", .numbers([0.25, 0.75]))
        case .path:
            return ("\"M1 2 l2 2 Z\"", .path(ShapePath(elements: [.move(Point(x: 1, y: 2)), .line(Point(x: 3, y: 4)), .close])))
        case .transform3D:
            return ("[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]", .transform3D(.perspective(500)))
        case .choiceSet: return ("[\"\(p.choices.last!)\"]", .names([p.choices.last!]))
        }
    }

    func testEveryAnimatablePropertyIsDeclaredOnceAndHasASlot() {
        for property in AnimatableProperty.allCases {
            XCTAssertEqual(NodeProperty.all.filter { $0.animation == property }.count, 1, "\(property)")
        }
        XCTAssertLessThanOrEqual(AnimatableProperty.allCases.count, NodeMotion.capacity)
        XCTAssertEqual(Set(NodeProperty.all.map(\.path)).count, NodeProperty.all.count, "no key is declared twice")
    }

    func testEachDeclarationWritesItsOwnFieldAndNoOther() {
        for (i, property) in NodeProperty.all.enumerated() {
            let (_, value) = sample(property)
            XCTAssertNotEqual(property.defaultValue, value, property.path)
            var p = NodeProperties()
            property.write(&p, value)
            XCTAssertEqual(property.read(p), value, property.path)
            for (j, other) in NodeProperty.all.enumerated() where j != i {
                XCTAssertEqual(other.read(p), other.defaultValue, "writing \(property.path) changed \(other.path)")
            }
            if let animation = property.animation {
                // The engine reads and writes the field by its offset: it must be the declared reader's and writer's.
                XCTAssertEqual(animation.modelValue(of: Node(id: "n", properties: p)), value.animatable, "the engine reads \(property.path)")
                var q = NodeProperties()
                animation.set(value.animatable!, in: &q)
                XCTAssertEqual(property.read(q), value, "the engine writes \(property.path)")
            }
        }
    }

    func testEveryPropertyGoesFromASceneFileToTheTimelineFields() throws {
        for property in NodeProperty.all {
            let (json, value) = sample(property)
            let field = property.group == nil ? json : "{\"\(property.key)\": \(json)}"
            let scene = try SceneLoader.parse(
                Data(
                    """
                    {"name": "s", "size": [100, 100], "nodes": [{"id": "n", "\(property.group ?? property.key)": \(field)}]}
                    """.utf8), file: "s.json")
            let node = try XCTUnwrap(scene.root.find("n"))
            XCTAssertEqual(property.read(node.model), value, "scene file: \(property.path)")
            guard property.timeline != .never else { continue }
            let sampled = try XCTUnwrap(FrameSampler(container: scene.root).sample(index: 0, time: 0).nodes.first { $0.id == "n" })
            let top = try XCTUnwrap(sampled.timelineFields.first { $0.key == (property.group ?? property.key) }, property.path)
            guard case .object(let inner) = top.value, property.group != nil else { continue }
            XCTAssertTrue(inner.contains { $0.key == property.key }, "timeline: \(property.path)")
        }
    }

    func testDefaultsStayOutOfTheTimelineUnlessAlwaysWritten() throws {
        let container = Node(id: "c")
        try container.add(Node(id: "n"))
        let keys = FrameSampler(container: container).sample(index: 0, time: 0).nodes[0].timelineFields.map(\.key)
        XCTAssertEqual(keys, ["id", "scene", "bbox", "opacity", "z", "frame", "alpha", "transform", "cornerRadius", "hidden"])
    }

    func testOutOfRangeNumbersInSceneFilesNameTheirPath() {
        for property in NodeProperty.all {
            guard let range = property.range, range.max < Bounds.magnitude else { continue }
            let list = property.kind == .numbers  // a list's items each within the range
            let value = list ? "[\(range.max + 1)]" : "\(range.max + 1)"
            let field = property.group == nil ? value : "{\"\(property.key)\": \(value)}"
            let json = #"{"name": "s", "size": [10, 10], "nodes": [{"id": "n", "\#(property.group ?? property.key)": \#(field)}]}"#
            XCTAssertThrowsError(try SceneLoader.parse(Data(json.utf8), file: "s.json"), property.path) { error in
                XCTAssertTrue("\(error)".hasPrefix("s.json: nodes[0].\(property.path)\(list ? "[0]" : ""): expected a number from"), "\(error)")
            }
        }
    }
}

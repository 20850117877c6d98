import XCTest
@testable import AnimhostCore

/// The engine's in-place field access (``FieldSlot``, ``FieldCell``), checked against plain key-path
/// reads and writes (the declarations' own closures and Swift's key paths) for every animatable
/// property: a wrong offset or type would read another field's value or change another field.
final class FieldSlotTests: XCTestCase {
    /// A value of the field's kind that differs from every default.
    func sample(_ property: AnimatableProperty) -> AnimatableValue {
        switch property.field {
        case .gradient(.colors): return .colors([Color(r: 0.25, g: 0.5, b: 0.75, a: 0.5)])
        case .gradient(.locations): return .numbers([0.125, 0.625])
        case .gradient(.startPoint), .gradient(.endPoint): return .point(Point(x: -0.5, y: 2))
        case .layer3D(.anchorPoint): return .point(Point(x: 0.2, y: 0.7))
        case .layer3D(.zPosition): return .number(0.375)
        case .layer3D: return .transform3D(Transform3D.rotation(0.5, 0, 1, 0) * .perspective(400))
        default: break
        }
        switch AnimatableProperty.declarations[property.index].kind {
        case .rect: return .rect(Rect(x: 1.5, y: -2, width: 30, height: 40))
        case .size: return .size(Size(width: 7, height: -9))
        case .color, .optionalColor: return .color(Color(r: 0.25, g: 0.5, b: 0.75, a: 0.5))
        case .transform: return .transform(Transform2D(a: 2, b: 0.5, c: -0.5, d: 3, tx: 4, ty: 5))
        case .path: return .path(.ellipse(in: Rect(x: 1, y: 2, width: 3, height: 4)))
        default: return .number(0.375)
        }
    }

    /// Values unlike the defaults in every field, so that a read from the wrong place shows.
    func busyProperties() -> NodeProperties {
        var p = NodeProperties()
        p.frame = Rect(x: 11, y: 12, width: 13, height: 14); p.alpha = 0.9; p.cornerRadius = 6
        p.transform = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 8, ty: 9); p.backgroundColor = Color(r: 1, g: 0, b: 0)
        p.border = Border(width: 2, color: Color(r: 0, g: 1, b: 0)); p.blur = 4; p.zIndex = 3; p.tag = "t"
        p.shadow = Shadow(color: Color(r: 0, g: 0, b: 1), opacity: 0.3, radius: 5, offset: Size(width: 1, height: 2))
        p.gradient.colors = [Color(r: 0, g: 1, b: 1)]; p.gradient.locations = [0.5]; p.gradient.startPoint = Point(x: 0.1, y: 0.2)
        return p
    }

    func testEveryFieldReadsWhatItsKeyPathReads() {
        for property in AnimatableProperty.allCases {
            let declared = AnimatableProperty.declarations[property.index]
            var p = busyProperties()
            XCTAssertEqual(property.field.load(from: &p), declared.read(p).animatable, "\(declared.path)")
            declared.write(&p, PropertyValue(sample(property)))
            XCTAssertEqual(property.field.load(from: &p), sample(property), "\(declared.path)")
        }
    }

    func testEveryFieldWritesOnlyWhatItsKeyPathWrites() {
        for property in AnimatableProperty.allCases {
            let declared = AnimatableProperty.declarations[property.index]
            var expected = busyProperties(), actual = busyProperties()
            declared.write(&expected, PropertyValue(sample(property)))
            property.set(sample(property), in: &actual)
            XCTAssertEqual(actual, expected, "\(declared.path)")
        }
    }

    func testAValueOfAnotherKindIsIgnored() {
        var p = busyProperties()
        AnimatableProperty.alpha.set(.rect(Rect(x: 1, y: 1, width: 1, height: 1)), in: &p)
        AnimatableProperty.frame.set(.number(2), in: &p)
        XCTAssertEqual(p, busyProperties())
    }

    func testSlotsOfNestedFieldsMatchTheirKeyPaths() {
        var p = busyProperties()
        FieldSlot(\NodeProperties.shadow.offset).write(Size(width: -4, height: 8), into: &p)
        FieldSlot(\NodeProperties.border.width).write(9.5, into: &p)
        XCTAssertEqual(p.shadow.offset, Size(width: -4, height: 8))
        XCTAssertEqual(p.border.width, 9.5)
        XCTAssertEqual(FieldSlot(\NodeProperties.shadow.radius).read(&p), 5)
        XCTAssertEqual(FieldSlot(\NodeProperties.backgroundColor).read(&p), Color(r: 1, g: 0, b: 0))
        var expected = busyProperties()
        expected.shadow.offset = Size(width: -4, height: 8); expected.border.width = 9.5
        XCTAssertEqual(p, expected)
    }

    func testCellsWriteTheNodesPresentationField() {
        let node = Node(id: "n", properties: busyProperties())
        FieldSlot(\NodeProperties.alpha).cell(in: node).store(0.125)
        FieldSlot(\NodeProperties.frame).cell(in: node).store(Rect(x: -1, y: -2, width: 3, height: 4))
        FieldSlot(\NodeProperties.shadow.radius).cell(in: node).store(7.0)
        var expected = busyProperties()
        expected.alpha = 0.125; expected.frame = Rect(x: -1, y: -2, width: 3, height: 4); expected.shadow.radius = 7
        XCTAssertEqual(node.presentation, expected)
        XCTAssertEqual(node.model, busyProperties(), "the model is not the presentation")
    }
}

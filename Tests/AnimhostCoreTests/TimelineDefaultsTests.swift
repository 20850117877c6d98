import XCTest

@testable import AnimhostCore

/// A property the timeline writes only away from its default is judged by its value, however its
/// bytes are compared on the way.
final class TimelineDefaultsTests: XCTestCase {
    private func keys(_ p: NodeProperties) -> [String] {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let sample = NodeSample(
            id: "n", scene: nil, isSnapshot: false, frame: frame, bbox: frame, opacity: 1, toContainer: .identity,
            z: 0, properties: p, depth: 1)
        return sample.timelineFields.map(\.key)
    }

    /// Negative zero is the number zero with other bits: a property whose default is 0 set to -0
    /// stays out, and set to a number other than 0 is written.
    func testNegativeZeroIsStillTheDefault() {
        var checked = 0
        for property in NodeProperty.all where property.timeline == .unlessDefault {
            guard case .number(let d) = property.defaultValue, d == 0, let range = property.range, range.max > 0 else { continue }
            let key = property.group ?? property.key
            var p = NodeProperties()
            property.write(&p, .number(-0.0))
            XCTAssertEqual(property.read(p), .number(-0.0), property.path)
            XCTAssertFalse(keys(p).contains(key), property.path)
            property.write(&p, .number(min(range.max, 0.5)))
            XCTAssertTrue(keys(p).contains(key), property.path)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 5)
    }

    /// Every stored property set away from its default and back: written, then left out again.
    func testEachPropertyIsWrittenOnlyAwayFromItsDefault() {
        for property in NodeProperty.all where property.timeline == .unlessDefault {
            let other: PropertyValue?
            switch property.defaultValue {
            case .number(let d): other = property.range.map { .number(d == $0.max ? $0.min : min($0.max, d + 0.25)) }
            case .rect: other = .rect(Rect(x: 1, y: 2, width: 3, height: 4))
            case .size: other = .size(Size(width: 3, height: 4))
            case .point(let q): other = .point(Point(x: q.x == 0.25 ? 0.75 : 0.25, y: 0.5))
            case .color: other = .color(Color(r: 0.2, g: 0.4, b: 0.6, a: 1))
            case .transform: other = .transform(Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
            default: other = nil
            }
            guard let other else { continue }
            let key = property.group ?? property.key
            var p = NodeProperties()
            property.write(&p, other)
            guard property.read(p) == other else { continue }  // a value the property does not take (a clamp)
            XCTAssertTrue(keys(p).contains(key), property.path)
            property.write(&p, property.defaultValue)
            XCTAssertFalse(keys(p).contains(key), property.path)
        }
    }

    /// The values read through a box (gradient colours and stops, 3-D transforms) and the flags,
    /// strings and choices, set away from their default and back: written, then left out again; a node whose box went and came back
    /// (another box, maybe at a freed one's address) is judged by its values too.
    func testValuesReadThroughABoxOrWithoutAFieldAreWrittenOnlyAwayFromTheirDefault() {
        var checked = 0
        for property in NodeProperty.all where property.timeline == .unlessDefault {
            let other: PropertyValue
            switch property.defaultValue {
            case .colors: other = .colors([Color(r: 1, g: 0, b: 0, a: 1), Color(r: 0, g: 0, b: 1, a: 1)])
            case .numbers: other = .numbers([0, 1])
            case .transform3D: other = .transform3D(Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]))
            case .flag(let b): other = .flag(!b)
            case .string(let s) where property.kind == .choice:
                guard let choice = property.choices.first(where: { $0 != s }) else { continue }
                other = .string(choice)
            case .string: other = .string(property.kind == .imagePath ? "placeholder:1" : "badge")
            case .names(let names):
                guard let name = property.choices.first(where: { [$0] != names }) else { continue }
                other = .names([name])
            default: continue
            }
            let key = property.group ?? property.key
            for _ in 0..<3 {
                var p = NodeProperties()
                property.write(&p, other)
                XCTAssertEqual(property.read(p), other, property.path)
                XCTAssertTrue(keys(p).contains(key), property.path)
                property.write(&p, property.defaultValue)
                XCTAssertFalse(keys(p).contains(key), property.path)
            }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 9)
    }
}

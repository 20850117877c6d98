import Foundation
import XCTest
import AnimhostCore
import AnimhostRender
@testable import AnimhostOutput

/// The property table's `drawing` and `lottie` columns hold: every property declared drawn changes a
/// frame's pixels, over a plain container and over a moved and faded one, with the debug overlay drawn
/// over both; every property the Lottie export carries changes the document, and one it drops does
/// not (and the run's summary names it). A property the renderer or the export ignores fails here.
final class PropertyColumnTests: XCTestCase {
    private static let size = Size(width: 100, height: 100)

    /// A value each property takes that differs from its default, and what the subject needs beside
    /// it for the value to show (a shadow's colour shows only with the shadow's opacity above 0).
    private struct Sample: Sendable {
        let value: PropertyValue
        var prepare: @Sendable (inout NodeProperties) -> Void = { _ in }
    }

    private static let blue = Color(hex: "#0000FF")!, green = Color(hex: "#00C000")!
    private static let withShadow: @Sendable (inout NodeProperties) -> Void = { $0.shadow.opacity = 1 }
    private static let withGradient: @Sendable (inout NodeProperties) -> Void = { $0.gradient.colors = [blue, green] }

    /// One sample per declared property, by path. The subject is a red 40-point square at (20, 20)
    /// holding a green child that overflows its bottom-right corner, beneath a blue sibling over its right side.
    private static let samples: [String: Sample] = [
        "frame": Sample(value: .rect(Rect(x: 5, y: 5, width: 30, height: 30))),
        "alpha": Sample(value: .number(0.5)),
        "transform": Sample(value: .transform(.rotation(.pi / 6))),
        "cornerRadius": Sample(value: .number(10)),
        "hidden": Sample(value: .flag(true)),
        "backgroundColor": Sample(value: .color(blue)),
        "border.width": Sample(value: .number(4)),
        "border.color": Sample(value: .color(green)) { $0.border.width = 4 },
        "shadow.color": Sample(value: .color(green), prepare: withShadow),
        "shadow.opacity": Sample(value: .number(1)),
        "shadow.radius": Sample(value: .number(10), prepare: withShadow),
        "shadow.offset": Sample(value: .size(Size(width: 8, height: 8)), prepare: withShadow),
        "image": Sample(value: .string("placeholder:1")),
        "contentMode": Sample(value: .string(ContentMode.aspectFit.rawValue)) { $0.image = "placeholder:1" },
        "text": Sample(value: .text(TextStyle(string: "Hello"))),
        "clips": Sample(value: .flag(true)),
        "zIndex": Sample(value: .number(1)),
        "tag": Sample(value: .string("hero")),
        "modifiers": Sample(value: .modifiers([.fade])),
        "blur": Sample(value: .number(3)),
        "gradient.type": Sample(value: .string(GradientType.conic.rawValue), prepare: withGradient),
        "gradient.colors": Sample(value: .colors([blue, green])),
        "gradient.locations": Sample(value: .numbers([0.6, 0.9]), prepare: withGradient),
        "gradient.startPoint": Sample(value: .point(Point(x: 0, y: 0.5)), prepare: withGradient),
        "gradient.endPoint": Sample(value: .point(Point(x: 0.5, y: 0.5)), prepare: withGradient),
        "shape.path": Sample(value: .path(.ellipse(in: Rect(x: 5, y: 5, width: 30, height: 20)))),
        "shape.fillColor": Sample(value: .color(blue), prepare: withPath),
        "shape.strokeColor": Sample(value: .color(blue), prepare: withPath),
        "shape.lineWidth": Sample(value: .number(6), prepare: withStroke),
        "shape.strokeStart": Sample(value: .number(0.5), prepare: withStroke),
        "shape.strokeEnd": Sample(value: .number(0.5), prepare: withStroke),
        "mask": Sample(value: .path(.ellipse(in: Rect(x: 0, y: 0, width: 40, height: 30)))),
        "shadowPath": Sample(value: .path(.rect(Rect(x: -10, y: 0, width: 10, height: 40))), prepare: withShadow),
        "transform3D": Sample(value: .transform3D(Transform3D.rotation(.pi / 4, 0, 1, 0) * .perspective(100))),
        "anchorPoint": Sample(value: .point(.zero)) { $0.transform = .rotation(.pi / 6) },
        "sublayerTransform": Sample(value: .transform3D(Transform3D.rotation(.pi / 4, 0, 1, 0) * .perspective(100))),
        "zPosition": Sample(value: .number(1)),
        "maskedCorners": Sample(value: .names(["minXMinY"])) { $0.cornerRadius = 10 },
        "cornerCurve": Sample(value: .string(CornerCurve.continuous.rawValue)) { $0.cornerRadius = 10 },
        // Clear and above the blue sibling, so that the sibling's edge lies beneath it.
        "backdropBlur": Sample(value: .number(3)) {
            $0.backgroundColor = nil; $0.zIndex = 1
        },
        "autoresizingMask": Sample(value: .names(["flexibleWidth"]))
    ]
    private static let withPath: @Sendable (inout NodeProperties) -> Void = { $0.paths.shape.path = .ellipse(in: Rect(x: 5, y: 5, width: 30, height: 20)) }
    private static let withStroke: @Sendable (inout NodeProperties) -> Void = {
        withPath(&$0)
        $0.paths.shape.strokeColor = blue
    }

    /// The containers a property is drawn in: plain (drawn screen by screen) and moved and faded (drawn as one tree).
    private static let containers: [(name: String, alpha: Double, origin: Point)] = [
        ("a plain container", 1, .zero), ("a moved and faded container", 0.8, Point(x: 6, y: 4))
    ]

    func testEveryPropertyHasASample() {
        let paths = NodeProperty.all.map(\.path)
        for path in paths { XCTAssertNotNil(PropertyColumnTests.samples[path], "no sample for \(path): add one") }
        for path in PropertyColumnTests.samples.keys where !paths.contains(path) { XCTFail("a sample for \(path), which is not declared") }
    }

    /// A drawn property's sample changes the pixels, in either container, and the debug overlay is
    /// drawn over each; a property declared not drawn leaves them as they were.
    func testEveryDrawnPropertyChangesTheFrame() throws {
        let renderer = try FrameRenderer(size: PropertyColumnTests.size, scale: 1, images: ImageStore())
        // Compared with == and !=, so that a failure names the property without printing the pixels.
        func pixels(_ frame: FrameSample, overlay: DebugOverlay? = nil) throws -> Bitmap {
            Bitmap(try renderer.render(frame, overlay: overlay))
        }
        for property in NodeProperty.all {
            guard let sample = PropertyColumnTests.samples[property.path] else { continue }
            for (place, alpha, origin) in PropertyColumnTests.containers {
                let base = try pixels(try frame(property, sample, set: false, containerAlpha: alpha, at: origin))
                let changed = try frame(property, sample, set: true, containerAlpha: alpha, at: origin)
                let drawn = try pixels(changed)
                switch property.drawing {
                case .drawn:
                    XCTAssertTrue(drawn != base, "\(property.path) is declared drawn: its sample changes nothing in \(place)")
                case .notDrawn(let reason):
                    XCTAssertTrue(drawn == base, "\(property.path) is declared not drawn (\(reason)) but changes the pixels in \(place)")
                }
                XCTAssertTrue(try pixels(changed, overlay: DebugOverlay()) != drawn, "\(property.path): no debug overlay in \(place)")
            }
        }
    }

    /// An exported or approximated property's sample changes the Lottie document; a dropped one leaves
    /// it as it was, and a drawn one that is dropped is named in the run's summary.
    func testEveryExportedPropertyChangesTheLottieDocument() throws {
        let info = TimelineInfo(plugin: "p", operation: .push, from: "a", to: "b", fps: 30, duration: 0, size: PropertyColumnTests.size)
        func document(_ frame: FrameSample) throws -> String {
            try LottieEncoder.document(info: info, frames: [frame], spans: [], scale: 1).0
        }
        for property in NodeProperty.all {
            guard let sample = PropertyColumnTests.samples[property.path] else { continue }
            let base = try document(try frame(property, sample, set: false))
            let changed = try frame(property, sample, set: true)
            let noted = LottieEncoder.dropped([changed]).map(\.property.path)
            switch property.lottie {
            case .exported, .approximated:
                XCTAssertTrue(try document(changed) != base, "\(property.path) is declared exported: its sample leaves the document as it was")
                XCTAssertFalse(noted.contains(property.path), "\(property.path) is exported but the summary names it dropped")
            case .dropped(let note):
                XCTAssertTrue(try document(changed) == base, "\(property.path) is declared dropped (\(note)) but changes the document")
                XCTAssertEqual(noted.contains(property.path), property.drawing == .drawn, "\(property.path): the summary names drawn properties dropped")
            }
        }
    }

    /// docs/lottie.md lists every property as the table declares it, in one table in the declared
    /// order (a paragraph between two rows would end the table, and the rows after it would show as
    /// text), so that the documentation's notes are the table's.
    func testLottieDocumentationListsEveryPropertyAsDeclared() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/lottie.md"), encoding: .utf8)
        var rows: [String] = []
        for property in NodeProperty.all {
            let drawing: String, lottie: String
            switch property.drawing {
            case .drawn: drawing = "drawn"
            case .notDrawn(let reason): drawing = "not drawn: \(reason)"
            }
            switch property.lottie {
            case .exported: lottie = "exported"
            case .approximated(let note): lottie = "approximated: \(note)"
            case .dropped(let note): lottie = "dropped: \(note)"
            }
            let row = "| `\(property.path)` | \(drawing) | \(lottie) |"
            XCTAssertTrue(doc.contains(row), "docs/lottie.md has no row \(row)")
            rows.append(row)
        }
        let table = "| property | animhost | Lottie |\n| --- | --- | --- |\n" + rows.joined(separator: "\n") + "\n\n"
        XCTAssertTrue(doc.contains(table), "docs/lottie.md's table is not the declared rows, one after another")
    }

    /// The test scene's frame, with the subject prepared for `property` and, when `set`, given its
    /// sample, in a container of `containerAlpha` at `origin`.
    private func frame(
        _ property: NodeProperty, _ sample: Sample, set: Bool, containerAlpha: Double = 1, at origin: Point = .zero
    ) throws -> FrameSample {
        func box(_ rect: Rect, _ color: Color) -> NodeProperties {
            var p = NodeProperties()
            p.frame = rect
            p.backgroundColor = color
            return p
        }
        var outer = NodeProperties()
        outer.frame = Rect(origin: origin, size: PropertyColumnTests.size)
        outer.alpha = containerAlpha
        var subject = box(Rect(x: 20, y: 20, width: 40, height: 40), Color(hex: "#FF0000")!)
        sample.prepare(&subject)
        if set { property.write(&subject, sample.value) }
        let root = Node(id: "container", properties: outer)
        let screen = Node(id: "screen", scene: "a", properties: box(Rect(origin: .zero, size: PropertyColumnTests.size), .white))
        let node = Node(id: "subject", scene: "a", properties: subject)
        try root.add(screen)
        try screen.add(node)
        try node.add(Node(id: "child", scene: "a", properties: box(Rect(x: 30, y: 30, width: 20, height: 20), PropertyColumnTests.green)))
        try screen.add(Node(id: "sibling", scene: "a", properties: box(Rect(x: 50, y: 10, width: 40, height: 40), PropertyColumnTests.blue)))
        return FrameSampler(container: root).sample(index: 0, time: 0)
    }
}

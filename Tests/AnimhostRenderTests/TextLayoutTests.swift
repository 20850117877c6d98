import XCTest
import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

/// Text is laid out for the node's model size and stretched to its animated size, as UIKit draws a
/// label for its final bounds and stretches its contents while the bounds animate.
final class TextLayoutTests: XCTestCase {
    let style: TextStyle = {
        var s = TextStyle(string: "The quick brown fox jumps over the lazy dog")
        s.color = Color(hex: "#0000FF")!
        return s
    }()

    /// A white 200 × 100 screen with a text node whose model frame is `model` and presentation frame `shown`.
    func frame(model: Rect, shown: Rect) throws -> FrameSample {
        let container = Node(id: "container", properties: props(Rect(x: 0, y: 0, width: 200, height: 100), background: nil))
        let root = Node(id: "root", scene: "test", properties: props(Rect(x: 0, y: 0, width: 200, height: 100), background: "#FFFFFF"))
        try container.add(root)
        let label = Node(id: "label", scene: "test", properties: props(model, background: nil) { $0.text = style })
        label.presentation.frame = shown
        try root.add(label)
        return FrameSampler(container: container).sample(index: 0, time: 0)
    }

    /// Half the model's width on screen: each pixel is the mean of the two pixels of the full-width
    /// layout it covers (a 2:1 bilinear stretch), not a layout re-wrapped at the narrower width.
    func testAnimatedWidthStretchesTheModelLayout() throws {
        let full = Rect(x: 0, y: 0, width: 200, height: 80), half = Rect(x: 0, y: 0, width: 100, height: 80)
        let wide = try render(try frame(model: full, shown: full), size: Size(width: 200, height: 100))
        let squeezed = try render(try frame(model: full, shown: half), size: Size(width: 200, height: 100))
        let rewrapped = try render(try frame(model: half, shown: half), size: Size(width: 200, height: 100))
        var inked = 0
        for y in 0..<80 {
            for x in 0..<100 {
                let a = wide[2 * x, y], b = wide[2 * x + 1, y]
                assertClose(squeezed[x, y], zip(a, b).map { ($0 + $1 + 1) / 2 }, within: 2, "at (\(x), \(y))")
                if a != [255, 255, 255] { inked += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 200, "the text was drawn")
        XCTAssertGreaterThan(squeezed.differences(from: rewrapped), 200, "a narrower layout would wrap differently")
    }

    /// Every layout is charged before it is made: a run refuses the one that would pass the budget.
    func testBudgetRefusesTheLayoutThatWouldPassIt() throws {
        let layouts = TextLayouts(scale: 1, plugin: "p")
        let text = TextStyle(string: String(repeating: "x", count: Bounds.textLength))
        for _ in 0..<(Bounds.textLayoutCharacters / Bounds.textLength) { try layouts.charge(text, node: nil) }
        XCTAssertThrowsError(try layouts.charge(TextStyle(string: "x"), node: nil)) { error in
            XCTAssertTrue("\(error)".contains("plugin 'p'"), "\(error)")
        }
    }
}

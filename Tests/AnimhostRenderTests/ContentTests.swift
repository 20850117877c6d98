import XCTest
import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

final class ContentTests: XCTestCase {
    func testContentModesPlaceTheImageAsUIImageViewDoes() {
        let image = Size(width: 200, height: 100), bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        XCTAssertEqual(ContentLayout.rect(image: image, in: bounds, mode: .fill), bounds)
        XCTAssertEqual(ContentLayout.rect(image: image, in: bounds, mode: .aspectFit), Rect(x: 0, y: 12.5, width: 50, height: 25))
        XCTAssertEqual(ContentLayout.rect(image: image, in: bounds, mode: .aspectFill), Rect(x: -25, y: 0, width: 100, height: 50))
    }

    func testPlaceholdersAreDeterministicAndDifferByNumber() throws {
        let size = Size(width: 64, height: 48)
        func picture(_ n: String) throws -> Bitmap {
            let p = props(Rect(origin: .zero, size: size), background: nil) { $0.image = "placeholder:\(n)" }
            return try render(try screen(size, [(p, [])]), size: size)
        }
        XCTAssertEqual(try picture("2").differences(from: try picture("2")), 0)
        XCTAssertGreaterThan(try picture("2").differences(from: try picture("3")), 1000)
        XCTAssertThrowsError(try picture("two")) { XCTAssertTrue("\($0)".contains("placeholder:N")) }
    }

    func testTextIsDrawnInItsColourInsideItsBox() throws {
        let size = Size(width: 120, height: 40)
        var style = TextStyle(string: "Hello 世界")
        style.fontSize = 20; style.weight = "bold"; style.color = Color(hex: "#0000FF")!
        let p = props(Rect(x: 10, y: 5, width: 100, height: 30), background: nil) { $0.text = style }
        let px = try render(try screen(size, [(p, [])]), size: size)
        var blue = 0
        for y in 0..<40 {
            for x in 0..<120 where px[x, y] == [0, 0, 255] {
                blue += 1
                XCTAssertTrue((10..<110).contains(x) && (5..<35).contains(y), "ink outside the box at \(x),\(y)")
            }
        }
        XCTAssertGreaterThan(blue, 40, "solid glyph pixels in the text colour")
    }

    func testLongTextWrapsAtTheNodesWidthAndCentresEachLineWhenAsked() throws {
        let size = Size(width: 120, height: 120)
        var style = TextStyle(string: "wrap these words onto several lines")
        style.fontSize = 14; style.alignment = "center"; style.color = .black
        let p = props(Rect(x: 10, y: 0, width: 100, height: 120), background: nil) { $0.text = style }
        let px = try render(try screen(size, [(p, [])]), size: size)
        let inkRows = (0..<120).map { y in (0..<120).contains { px[$0, y][0] < 128 } }
        var lines = 0
        for y in 1..<120 where inkRows[y] && !inkRows[y - 1] { lines += 1 }
        XCTAssertGreaterThanOrEqual(lines, 3, "one band of ink per line")
        for y in 0..<120 {
            for x in 0..<120 where px[x, y][0] < 128 {
                XCTAssertTrue((10..<110).contains(x), "ink outside the node's width at \(x),\(y)")
            }
        }
        let columns = (0..<120).filter { x in (0..<120).contains { px[x, $0][0] < 128 } }
        let left = columns.first ?? 0, right = columns.last ?? 0
        XCTAssertLessThanOrEqual(abs((left - 10) - (109 - right)), 6, "centred: \(left)…\(right)")
    }
}

import XCTest
@testable import AnimhostOutput

final class PaletteMapperTests: XCTestCase {
    /// B,G,R,A pixels of `w` × `h`, each pixel's colour given as R,G,B.
    private func pixels(_ w: Int, _ h: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<h { for x in 0..<w { let c = color(x, y); out += [c.2, c.1, c.0, 255] } }
        return out
    }

    private func map(_ mapper: inout PaletteMapper, _ now: [UInt8], previous: [UInt8]? = nil, w: Int, h: Int, refine: Bool = false) -> [UInt8] {
        let mask = previous.map { UnchangedMask.make(from: $0, to: now, width: w, box: GIFFrame.Box(x: 0, y: 0, w: w, h: h)) } ?? []
        return now.withUnsafeBufferPointer { a in
            mask.withUnsafeBufferPointer { m in
                let area = PaletteMapper.Area(
                    pixels: a.baseAddress!, unchanged: previous == nil ? nil : m.baseAddress!,
                    width: w, x: 0, y: 0, w: w, h: h)
                if refine { mapper.refine(area) }
                return mapper.map(area)
            }
        }
    }

    func testColoursInThePaletteMapToThemselvesWithNoDithering() {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 128, 0), (10, 20, 30), (255, 255, 255)]
        let image = pixels(16, 9) { x, y in colors[(x * 7 + y * 3) % 4] }
        var mapper = PaletteMapper(colors: colors)
        let indices = map(&mapper, image, w: 16, h: 9)
        XCTAssertEqual(indices, (0..<9).flatMap { y in (0..<16).map { x in UInt8((x * 7 + y * 3) % 4) } })
    }

    func testPixelsEqualToTheFrameBeforeAreTransparent() {
        let before = pixels(8, 4) { _, _ in (0, 0, 0) }
        let now = pixels(8, 4) { x, y in x == 5 && y == 2 ? (255, 255, 255) : (0, 0, 0) }
        var mapper = PaletteMapper(colors: [(0, 0, 0), (255, 255, 255)])
        let indices = map(&mapper, now, previous: before, w: 8, h: 4)
        XCTAssertEqual(indices.enumerated().filter { $0.element != PaletteMapper.transparent }.map { $0.offset }, [2 * 8 + 5])
        XCTAssertEqual(indices[2 * 8 + 5], 1)
    }

    func testDitheringKeepsTheAverageOfAnAreaBetweenTwoColours() {
        // mid grey with only black and white: error diffusion makes about half the pixels white
        let image = pixels(64, 64) { _, _ in (128, 128, 128) }
        var mapper = PaletteMapper(colors: [(0, 0, 0), (255, 255, 255)])
        let indices = map(&mapper, image, w: 64, h: 64)
        let white = Double(indices.filter { $0 == 1 }.count) / Double(indices.count)
        XCTAssertEqual(white, 128.0 / 255, accuracy: 0.01)
    }

    func testRefiningMovesEachColourToTheMeanOfItsPixels() {
        // left half (40,50,60) and (44,50,60), right half (200,100,0): the colours start off
        let image = pixels(10, 2) { x, y in x < 5 ? (y == 0 ? (40, 50, 60) : (44, 50, 60)) : (200, 100, 0) }
        var mapper = PaletteMapper(colors: [(30, 30, 30), (250, 90, 10), (0, 0, 255)])
        let indices = map(&mapper, image, w: 10, h: 2, refine: true)
        XCTAssertEqual(mapper.colors.map { [$0.0, $0.1, $0.2] }, [[42, 50, 60], [200, 100, 0], [0, 0, 255]], "the unused colour stays")
        XCTAssertEqual(indices.filter { $0 == 1 }.count, 10)
        XCTAssertEqual(indices.filter { $0 == 2 }.count, 0)
    }
}

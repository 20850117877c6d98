import XCTest
import Foundation
import AnimhostCore
@testable import AnimhostRender
import AnimhostTestSupport

/// `gradient`: pixels sampled from rendered frames against the gradient's formula worked out here
/// (the projection on the axis, the ellipse's radius, the angle about the centre) and a
/// premultiplied blend between stops composited over white, independent of the renderer's code.
final class GradientTests: XCTestCase {
    /// A colour from 0…255 components and 0…1 alpha.
    struct RGBA { var r, g, b, a: Double }

    /// The premultiplied blend of `a` and `b` at `t`, composited over white, as 0…255 RGB.
    func overWhite(_ a: RGBA, _ b: RGBA, _ t: Double) -> [Double] {
        let alpha = a.a + (b.a - a.a) * t
        func channel(_ x: Double, _ y: Double) -> Double { (x * a.a + (y * b.a - x * a.a) * t) + 255 * (1 - alpha) }
        return [channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b)]
    }

    func assertPixel(_ px: Bitmap, _ x: Int, _ y: Int, _ expected: [Double], _ what: String, accuracy: Double = 2.5, line: UInt = #line) {
        for c in 0..<3 { XCTAssertEqual(Double(px[x, y][c]), expected[c], accuracy: accuracy, "\(what) at (\(x), \(y)), channel \(c)", line: line) }
    }

    static let red = RGBA(r: 255, g: 0, b: 0, a: 1), blue = RGBA(r: 0, g: 0, b: 255, a: 1), clearBlue = RGBA(r: 0, g: 0, b: 255, a: 0)

    func gradient(_ type: GradientType, _ colors: [String], from start: Point, to end: Point, locations: [Double] = []) -> Gradient {
        var g = Gradient()
        g.type = type
        g.colors = colors.map { Color(hex: $0)! }
        g.locations = locations
        g.startPoint = start
        g.endPoint = end
        return g
    }

    func testAnAxialGradientFollowsTheProjectionOnItsAxis() throws {
        let size = Size(width: 100, height: 40)
        let g = gradient(.axial, ["#FF0000", "#0000FF"], from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5))
        let node = props(Rect(origin: .zero, size: size), background: nil) { $0.gradient = g }
        let px = try render(try screen(size, [(node, [])]), size: size)
        for x in stride(from: 0, to: 100, by: 7) {
            assertPixel(px, x, 20, overWhite(Self.red, Self.blue, (Double(x) + 0.5) / 100), "t = (x + 0.5) / 100")
        }
    }

    func testADiagonalAxisUsesUnitCoordinatesOfTheBounds() throws {
        // From the top left to the bottom right of a 200 × 50 node: t = the projection of (x/200, y/50)
        // on (1, 1) in points, over the axis's squared length.
        let size = Size(width: 200, height: 50)
        let g = gradient(.axial, ["#FF0000", "#0000FF"], from: Point(x: 0, y: 0), to: Point(x: 1, y: 1))
        let px = try render(try screen(size, [(props(Rect(origin: .zero, size: size), background: nil) { $0.gradient = g }, [])]), size: size)
        for (x, y) in [(10, 10), (100, 25), (150, 5), (190, 45)] {
            let (px0, py0) = (Double(x) + 0.5, Double(y) + 0.5)
            let t = (px0 * 200 + py0 * 50) / (200 * 200 + 50 * 50)
            assertPixel(px, x, y, overWhite(Self.red, Self.blue, t), "projection on the diagonal")
        }
    }

    func testColoursBlendPremultipliedBetweenStopsOfDifferentAlphas() throws {
        // Red to clear blue: premultiplied, the middle is half-transparent red over white (255, 128, 128);
        // blended straight it would be purple (191, 128, 191).
        let size = Size(width: 100, height: 20)
        let g = gradient(.axial, ["#FF0000FF", "#0000FF00"], from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5))
        let px = try render(try screen(size, [(props(Rect(origin: .zero, size: size), background: nil) { $0.gradient = g }, [])]), size: size)
        for x in [5, 25, 49, 75, 95] {
            assertPixel(px, x, 10, overWhite(Self.red, Self.clearBlue, (Double(x) + 0.5) / 100), "premultiplied blend", accuracy: 3)
        }
        XCTAssertLessThan(px[49, 10][2], 140, "no purple in the middle")
    }

    func testLocationsPlaceTheStopsAndTheEndColoursExtend() throws {
        let size = Size(width: 100, height: 20)
        let g = gradient(.axial, ["#FF0000", "#0000FF"], from: Point(x: 0, y: 0.5), to: Point(x: 1, y: 0.5), locations: [0.25, 0.75])
        let px = try render(try screen(size, [(props(Rect(origin: .zero, size: size), background: nil) { $0.gradient = g }, [])]), size: size)
        assertPixel(px, 10, 10, [255, 0, 0], "before the first stop")
        assertPixel(px, 90, 10, [0, 0, 255], "past the last stop")
        for x in [30, 50, 70] { assertPixel(px, x, 10, overWhite(Self.red, Self.blue, ((Double(x) + 0.5) / 100 - 0.25) / 0.5), "between the stops") }
    }

    func testARadialGradientIsAnEllipseCentredOnTheStartPointReachingTheEndPoint() throws {
        // A 200 × 100 node, centre (0.5, 0.5), end (1, 1): radii 100 and 50 points.
        let size = Size(width: 200, height: 100)
        let g = gradient(.radial, ["#FF0000", "#0000FF"], from: Point(x: 0.5, y: 0.5), to: Point(x: 1, y: 1))
        let px = try render(try screen(size, [(props(Rect(origin: .zero, size: size), background: nil) { $0.gradient = g }, [])]), size: size)
        for (x, y) in [(150, 50), (100, 75), (130, 30), (60, 60), (195, 95)] {
            let dx = (Double(x) + 0.5 - 100) / 100, dy = (Double(y) + 0.5 - 50) / 50
            assertPixel(px, x, y, overWhite(Self.red, Self.blue, min((dx * dx + dy * dy).squareRoot(), 1)), "the ellipse's radius")
        }
    }

    func testAConicGradientTurnsClockwiseFromTheEndPointsDirection() throws {
        // Centre (50, 50), starting upwards (end (0.5, 0)): red, green, blue, red at 0, 1/3, 2/3, 1 of a turn.
        let size = Size(width: 100, height: 100)
        let g = gradient(.conic, ["#FF0000", "#00FF00", "#0000FF", "#FF0000"], from: Point(x: 0.5, y: 0.5), to: Point(x: 0.5, y: 0))
        let px = try render(try screen(size, [(props(Rect(origin: .zero, size: size), background: nil) { $0.gradient = g }, [])]), size: size)
        let stops = [RGBA(r: 255, g: 0, b: 0, a: 1), RGBA(r: 0, g: 255, b: 0, a: 1), RGBA(r: 0, g: 0, b: 255, a: 1), RGBA(r: 255, g: 0, b: 0, a: 1)]
        for (x, y) in [(80, 50), (50, 85), (20, 50), (70, 20), (30, 80), (85, 70)] {
            // Clockwise on screen from straight up: the angle of (dx, dy) with y down, plus a quarter turn.
            let dx = Double(x) + 0.5 - 50, dy = Double(y) + 0.5 - 50
            var turn = (atan2(dy, dx) + .pi / 2) / (2 * .pi)
            turn -= turn.rounded(.down)
            let k = min(Int(turn * 3), 2)
            assertPixel(px, x, y, overWhite(stops[k], stops[k + 1], turn * 3 - Double(k)), "turn \(turn)", accuracy: 4)
        }
    }

    func testAConicGradientOnAHugeNodeIsDrawnSharpWhereItShows() throws {
        // Two million points a side, centred on the 100-point screen's centre: what shows is computed
        // at the frame's resolution, not stretched from a raster of the whole node.
        let size = Size(width: 100, height: 100)
        let g = gradient(.conic, ["#FF0000", "#0000FF"], from: Point(x: 0.5, y: 0.5), to: Point(x: 1, y: 0.5))
        let node = props(Rect(x: 50 - 1e6, y: 50 - 1e6, width: 2e6, height: 2e6), background: nil) { $0.gradient = g }
        let px = try render(try screen(size, [(node, [])]), size: size, scale: 2)
        for (x, y) in [(150, 100), (100, 150), (60, 100), (120, 40), (30, 170)] {
            let dx = (Double(x) + 0.5) / 2 - 50, dy = (Double(y) + 0.5) / 2 - 50
            var turn = atan2(dy, dx) / (2 * .pi)
            turn -= turn.rounded(.down)
            assertPixel(px, x, y, overWhite(Self.red, Self.blue, turn), "turn \(turn)", accuracy: 4)
        }
    }

    func testTheGradientLiesOverTheBackgroundWithinTheCornersAndBelowTheChildren() throws {
        let size = Size(width: 100, height: 100)
        let g = gradient(.axial, ["#0000FF80", "#0000FF80"], from: Point(x: 0, y: 0), to: Point(x: 1, y: 0))
        let node = props(Rect(x: 0, y: 0, width: 100, height: 100), background: "#FF0000") {
            $0.gradient = g
            $0.cornerRadius = 30
        }
        let child = props(Rect(x: 40, y: 40, width: 20, height: 20), background: "#00FF00")
        let px = try render(try screen(size, [(node, [child])]), size: size)
        let a = 128.0 / 255
        assertPixel(px, 20, 50, [255 * (1 - a), 0, 255 * a], "half-transparent blue over the red background")
        assertPixel(px, 50, 50, [0, 255, 0], "the child over the gradient")
        assertPixel(px, 1, 1, [255, 255, 255], "outside the rounded corner: the screen's white")
    }

    func testAGradientFadesWithItsNode() throws {
        let size = Size(width: 50, height: 50)
        let g = gradient(.axial, ["#0000FF", "#0000FF"], from: Point(x: 0, y: 0), to: Point(x: 1, y: 0))
        let node = props(Rect(origin: .zero, size: size), background: nil) {
            $0.gradient = g
            $0.alpha = 0.5
        }
        let px = try render(try screen(size, [(node, [])]), size: size)
        assertPixel(px, 25, 25, [127.5, 127.5, 255], "half of blue over white")
    }
}

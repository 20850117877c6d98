import XCTest
import Foundation
import AnimhostCore
@testable import AnimhostRender

/// `blur`: a black node blurred over white, measured against a Gaussian's integrals.
final class BlurTests: XCTestCase {
    /// The share of a unit Gaussian of standard deviation `sigma` below `x`.
    func phi(_ x: Double, _ sigma: Double) -> Double { 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot()))) }

    /// How dark a pixel is: 0 for white, 255 for black (the green channel; the node is black).
    func darkness(_ px: Bitmap, _ x: Int, _ y: Int) -> Double { 255 - Double(px[x, y][1]) }

    func testABlurredEdgeFollowsTheGaussiansIntegral() throws {
        let size = Size(width: 200, height: 40), sigma = 4.0
        let edge = props(Rect(x: 100, y: -100, width: 300, height: 240), background: "#000000") { $0.blur = sigma }
        let px = try render(try screen(size, [(edge, [])]), size: size)
        for x in 84..<116 {
            let expected = 255 * phi(Double(x) + 0.5 - 100, sigma)
            XCTAssertEqual(darkness(px, x, 20), expected, accuracy: 4, "x = \(x)")
        }
        XCTAssertEqual(darkness(px, 60, 20), 0, "far from the edge, untouched")
        XCTAssertEqual(darkness(px, 150, 20), 255, "far inside, untouched")
    }

    func testASquaresDarknessIsSpreadNotLostAndItsCentreMatchesTheGaussian() throws {
        let size = Size(width: 100, height: 100), sigma = 3.0
        let square = props(Rect(x: 45, y: 45, width: 10, height: 10), background: "#000000") { $0.blur = sigma }
        let px = try render(try screen(size, [(square, [])]), size: size)
        var total = 0.0
        for y in 0..<100 { for x in 0..<100 { total += darkness(px, x, y) } }
        XCTAssertEqual(total, 255 * 100, accuracy: 255 * 100 * 0.01, "the darkness of 100 black pixels, spread")
        // Three boxes of whole pixels reach a variance near σ² (here 8 for 9): the centre lies between
        // a Gaussian's 10 % narrower and 10 % wider.
        func centre(_ s: Double) -> Double { let across = phi(55 - 50.5, s) - phi(45 - 50.5, s); return 255 * across * across }
        XCTAssertTrue(
            (centre(1.1 * sigma)...centre(0.9 * sigma)).contains(darkness(px, 50, 50)),
            "the centre: \(darkness(px, 50, 50)), a Gaussian's \(centre(sigma))")
        XCTAssertGreaterThan(darkness(px, 43, 50), 0, "spread beyond the square")
        XCTAssertEqual(darkness(px, 40, 50), darkness(px, 59, 50), accuracy: 1, "symmetric")
    }

    func testBlurScalesWithThePixelsPerPoint() throws {
        let size = Size(width: 100, height: 20), sigma = 2.0
        let edge = props(Rect(x: 50, y: -100, width: 200, height: 220), background: "#000000") { $0.blur = sigma }
        let px = try render(try screen(size, [(edge, [])]), size: size, scale: 2)
        for x in 90..<110 {
            XCTAssertEqual(darkness(px, x, 20), 255 * phi((Double(x) + 0.5) / 2 - 50, sigma), accuracy: 4, "x = \(x)")
        }
    }
}

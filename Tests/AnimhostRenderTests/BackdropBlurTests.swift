import XCTest
import Foundation
import AnimhostCore
@testable import AnimhostRender

/// `backdropBlur`: a sharp black-on-white edge beneath a node is blurred like a Gaussian of σ, only
/// within the node's rounded bounds.
final class BackdropBlurTests: XCTestCase {
    /// The share of a unit Gaussian of standard deviation `sigma` below `x`.
    func phi(_ x: Double, _ sigma: Double) -> Double { 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot()))) }

    func darkness(_ px: Bitmap, _ x: Int, _ y: Int) -> Double { 255 - Double(px[x, y][1]) }

    /// Black from x = 100 rightwards, under a clear node over (`x`, 10) of `width` × 40 blurring by `sigma`.
    func frame(sigma: Double, x: Double = 50, width: Double = 100, radius: Double = 0, alpha: Double = 1) throws -> FrameSample {
        let edge = props(Rect(x: 100, y: -100, width: 300, height: 300), background: "#000000")
        let glass = props(Rect(x: x, y: 10, width: width, height: 40), background: nil) {
            $0.backdropBlur = sigma; $0.cornerRadius = radius; $0.alpha = alpha
        }
        return try screen(Size(width: 200, height: 80), [(edge, []), (glass, [])])
    }

    func testTheEdgeBeneathBecomesAGaussianRampInsideTheNodeOnly() throws {
        let sigma = 4.0
        let px = try render(try frame(sigma: sigma), size: Size(width: 200, height: 80))
        for x in 84..<116 {
            XCTAssertEqual(darkness(px, x, 30), 255 * phi(Double(x) + 0.5 - 100, sigma), accuracy: 4, "x = \(x)")
        }
        XCTAssertEqual(darkness(px, 99, 60), 0, "below the node the edge stays sharp")
        XCTAssertEqual(darkness(px, 100, 60), 255)
        XCTAssertEqual(darkness(px, 99, 5), 0, "above it too")
    }

    func testTheRampIsInPointsAtAnyScale() throws {
        let sigma = 3.0
        let px = try render(try frame(sigma: sigma), size: Size(width: 200, height: 80), scale: 2)
        for x in 186..<214 {
            XCTAssertEqual(darkness(px, x, 60), 255 * phi((Double(x) + 0.5) / 2 - 100, sigma), accuracy: 4, "x = \(x)")
        }
    }

    func testRoundedCornersKeepTheBackdropSharpOutsideThem() throws {
        // A 40 × 40 node from x = 90 with radius 20: (97, 11) lies outside its rounded corner, (97, 30) inside.
        let px = try render(try frame(sigma: 4, x: 90, width: 40, radius: 20), size: Size(width: 200, height: 80))
        XCTAssertEqual(darkness(px, 97, 11), 0, "outside the corner: sharp white")
        XCTAssertEqual(darkness(px, 97, 30), 255 * phi(97.5 - 100, 4), accuracy: 4, "inside: blurred")
    }

    func testTheNodesAlphaMixesTheBlurredBackdropWithTheSharpOne() throws {
        let px = try render(try frame(sigma: 4, alpha: 0.5), size: Size(width: 200, height: 80))
        XCTAssertEqual(darkness(px, 96, 30), 0.5 * 255 * phi(96.5 - 100, 4), accuracy: 4)
    }
}

import Foundation
import XCTest
import AnimhostCore
@testable import AnimhostRender

/// Shapes, masks and shadow paths against geometry: areas and lengths counted in pixels over a white
/// screen (a red pixel's coverage is how far its green fell from 255), compared with their formulas.
final class ShapePaintingTests: XCTestCase {
    private let canvas = Size(width: 160, height: 100)

    /// Pixels covered by red over white, antialiased edges counted by their coverage.
    private func redArea(_ px: Bitmap, _ xs: Range<Int>, _ ys: Range<Int>) -> Double {
        var sum = 0.0
        for y in ys { for x in xs { sum += Double(255 - Int(px[x, y][1])) / 255 } }
        return sum
    }

    func testAnEllipseMaskFromANonSquareFrameIsAnEllipseNotACapsule() throws {
        let (a, b) = (60.0, 20.0)
        let p = props(Rect(x: 20, y: 30, width: 2 * a, height: 2 * b)) {
            $0.cornerRadius = 20  // the capsule a rounded clip would give
            $0.paths.mask = .ellipse(in: Rect(x: 0, y: 0, width: 2 * a, height: 2 * b))
        }
        let area = redArea(try render(try screen(canvas, [(p, [])]), size: canvas), 0..<160, 0..<100)
        let ellipse = Double.pi * a * b, capsule = 4 * a * b - (4 - .pi) * b * b
        XCTAssertEqual(area, ellipse, accuracy: ellipse * 0.005, "πab = \(ellipse); a capsule would cover \(capsule)")
    }

    func testAMaskClipsTheSubtree() throws {
        let parent = props(Rect(x: 20, y: 20, width: 60, height: 60), background: nil) {
            $0.paths.mask = .rect(Rect(x: 0, y: 0, width: 30, height: 60))
        }
        let child = props(Rect(x: 0, y: 0, width: 60, height: 60))
        let area = redArea(try render(try screen(canvas, [(parent, [child])]), size: canvas), 0..<160, 0..<100)
        XCTAssertEqual(area, 30 * 60, accuracy: 1, "only the left half of the child shows")
    }

    func testAFilledShapeCoversItsArea() throws {
        // A triangle of base 80 and height 40 from relative commands: area 1600.
        let p = props(Rect(x: 10, y: 10, width: 100, height: 60), background: nil) {
            $0.paths.shape.path = try? ShapePath(svg: "m10 50 h80 l-40 -40 z")
            $0.paths.shape.fillColor = Color(hex: "#FF0000")!
        }
        XCTAssertEqual(redArea(try render(try screen(canvas, [(p, [])]), size: canvas), 0..<160, 0..<100), 1600, accuracy: 8)
    }

    func testAStrokeTrimmedToAQuarterIsAQuarterOfTheCircle() throws {
        let r = 30.0, width = 2.0
        let p = props(Rect(x: 40, y: 10, width: 80, height: 80), background: nil) {
            $0.paths.shape.path = .ellipse(in: Rect(x: 10, y: 10, width: 2 * r, height: 2 * r))
            $0.paths.shape.fillColor = .clear
            $0.paths.shape.strokeColor = Color(hex: "#FF0000")!
            $0.paths.shape.lineWidth = width
            $0.paths.shape.strokeEnd = 0.25
        }
        let px = try render(try screen(canvas, [(p, [])]), size: canvas)
        let length = redArea(px, 0..<160, 0..<100) / width
        XCTAssertEqual(length, 2 * .pi * r / 4, accuracy: 2 * .pi * r / 4 * 0.03, "a quarter of 2πr")
        // The quarter from the right end, clockwise on screen: the bottom right, not the top.
        XCTAssertGreaterThan(redArea(px, 80..<160, 50..<100), redArea(px, 0..<160, 0..<50) + 40)
    }

    func testAStripShadowPathCastsItsShadowOnlyAlongTheEdge() throws {
        // A screen with no background at x = 60, its shadow cast by a 4-point strip left of its edge.
        let sigma = 2.0
        let p = props(Rect(x: 60, y: 0, width: 100, height: 100), background: nil) {
            $0.shadow = Shadow(color: .black, opacity: 1, radius: sigma, offset: Size(width: 0, height: 0))
            $0.paths.shadowPath = .rect(Rect(x: -4, y: 0, width: 4, height: 100))
        }
        let px = try render(try screen(canvas, [(p, [])]), size: canvas)
        let row = (0..<160).map { 255 - Int(px[$0, 50][0]) }  // darkness along the middle row
        let dark = row.indices.filter { row[$0] > 2 }
        // The middle of a 4-point strip blurred by a Gaussian of σ: erf(2 / (σ√2)) of full darkness.
        XCTAssertEqual(Double(row[58]), 255 * erf(2 / (sigma * 2.0.squareRoot())), accuracy: 6, "the strip's middle")
        XCTAssertGreaterThanOrEqual(dark.min()!, 56 - Int(3 * sigma) - 1, "nothing beyond three σ left of the strip")
        XCTAssertLessThanOrEqual(dark.max()!, 60 + Int(3 * sigma) + 1, "nothing beyond three σ right of the strip: not the whole box's shadow")
    }

    func testAStrokeWiderThanTheFrameCoversItAtAnyWidth() throws {
        // A 10-point triangle stroked with miter joins covers every point within half the width of
        // its outline: the whole 160 × 100 canvas, however far beyond it the width reaches.
        for width in [1e3, 1e6, 1e9] {
            let p = props(Rect(x: 20, y: 20, width: 40, height: 40), background: nil) {
                $0.paths.shape.path = try? ShapePath(svg: "M0 0 H10 V10 Z")
                $0.paths.shape.fillColor = .clear
                $0.paths.shape.strokeColor = Color(hex: "#FF0000")!
                $0.paths.shape.lineWidth = width
            }
            let area = redArea(try render(try screen(canvas, [(p, [])]), size: canvas, scale: 2), 0..<320, 0..<200)
            XCTAssertEqual(area, 320 * 200, accuracy: 1, "line width \(width)")
        }
    }
}

import XCTest
@testable import AnimhostCore

/// `gradient`: its stops, its interpolation (colours premultiplied stop by stop, worked out by hand
/// here), its place in a node's properties, and the scene reader's checks.
final class GradientTests: XCTestCase {
    let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1), clearBlue = Color(r: 0, g: 0, b: 1, a: 0)

    func colors(_ v: AnimatableValue) -> [Color] {
        if case .colors(let c) = v { return c }
        XCTFail("not colours: \(v)")
        return []
    }

    func assertColor(_ c: Color, _ r: Double, _ g: Double, _ b: Double, _ a: Double, line: UInt = #line) {
        XCTAssertEqual(c.r, r, accuracy: 1e-12, line: line)
        XCTAssertEqual(c.g, g, accuracy: 1e-12, line: line)
        XCTAssertEqual(c.b, b, accuracy: 1e-12, line: line)
        XCTAssertEqual(c.a, a, accuracy: 1e-12, line: line)
    }

    func testColoursInterpolatePremultipliedStopByStop() {
        let path = Interpolant(from: .colors([red, clearBlue]), to: .colors([blue, red]))
        let mid = colors(path.value(at: 0.5))
        // Stop 1: (1, 0, 0, 1) and (0, 0, 1, 1) premultiplied, halfway (0.5, 0, 0.5, 1).
        assertColor(mid[0], 0.5, 0, 0.5, 1)
        // Stop 2: (0, 0, 0, 0) and (1, 0, 0, 1) premultiplied, halfway (0.5, 0, 0, 0.5): red at half alpha, no blue.
        assertColor(mid[1], 1, 0, 0, 0.5)
        let quarter = colors(path.value(at: 0.25))
        assertColor(quarter[1], 1, 0, 0, 0.25)
    }

    func testListsOfDifferentLengthsChangeAtOnce() {
        let path = Interpolant(from: .colors([red, blue]), to: .colors([blue, red, blue]))
        XCTAssertEqual(path.value(at: 0), .colors([red, blue]), "before the flight begins")
        XCTAssertEqual(path.value(at: 0.01), .colors([blue, red, blue]), "as soon as it begins")
        let numbers = Interpolant(from: .numbers([0, 1]), to: .numbers([0.5]))
        XCTAssertEqual(numbers.value(at: 0.5), .numbers([0.5]))
    }

    func testLocationsAndPointsInterpolateLinearly() {
        XCTAssertEqual(Interpolant(from: .numbers([0, 1]), to: .numbers([0.5, 0.5])).value(at: 0.25), .numbers([0.125, 0.875]))
        XCTAssertEqual(
            Interpolant(from: .point(Point(x: 0, y: 1)), to: .point(Point(x: 1, y: 0))).value(at: 0.75), .point(Point(x: 0.75, y: 0.25)))
    }

    func testStopsSpreadEvenlyUnlessEachColourHasALocationAndNeverGoBackwards() {
        var g = Gradient()
        g.colors = [red, blue, red]
        XCTAssertEqual(g.stops.map(\.location), [0, 0.5, 1], "no locations: evenly")
        g.locations = [0.2, 0.9]
        XCTAssertEqual(g.stops.map(\.location), [0, 0.5, 1], "a count other than the colours': evenly")
        g.locations = [0.5, 0.2, 1.2]
        XCTAssertEqual(g.stops.map(\.location), [0.5, 0.5, 1], "clamped to 0…1 and to the stop before")
        g.colors = [blue]
        g.locations = []
        XCTAssertEqual(g.stops.map(\.location), [0])
    }

    func testANodeWithoutAGradientHoldsNoneAndTheEngineAnimatesEachMember() throws {
        var p = NodeProperties()
        XCTAssertNil(p.gradientBox, "the default is no box")
        p.gradient.colors = [red]
        XCTAssertNotNil(p.gradientBox)
        XCTAssertTrue(p.hasGradient)
        p.gradient.colors = []
        XCTAssertNil(p.gradientBox, "back to the default: no box again")
        XCTAssertEqual(MemoryLayout<GradientBox?>.size, 8, "a node pays one pointer")

        let engine = AnimationEngine(), node = Node(id: "n")
        engine.set(.gradientColors, of: node, to: .colors([red, clearBlue]))
        engine.animate(AnimationOptions(duration: 1, timing: .curve(.linear))) {
            engine.set(.gradientColors, of: node, to: .colors([blue, red]))
            engine.set(.gradientStartPoint, of: node, to: .point(Point(x: 1, y: 1)))
        }
        try engine.advance(to: 0.5)
        engine.updatePresentation()
        let shown = node.presentation.gradient
        assertColor(shown.colors[1], 1, 0, 0, 0.5)
        XCTAssertEqual(shown.startPoint, Point(x: 0.75, y: 0.5))
        XCTAssertEqual(node.model.gradient.colors, [blue, red], "the model holds the new value at once")
    }

    func scene(_ gradient: String) -> String {
        ##"{"name": "s", "size": [10, 10], "nodes": [{"id": "n", "gradient": \##(gradient)}]}"##
    }

    func assertSceneError(_ gradient: String, _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try SceneLoader.parse(Data(scene(gradient).utf8), file: "s.json"), line: line) { error in
            XCTAssertEqual("\(error)", message, line: line)
        }
    }

    func testSceneFilesGiveTheGradientAndItsErrorsNameThePath() throws {
        let loaded = try SceneLoader.parse(
            Data(scene(##"{"type": "radial", "colors": ["#FF0000", "#0000FF00"], "locations": [0.1, 0.9], "endPoint": [1, 1]}"##).utf8),
            file: "s.json")
        let g = try XCTUnwrap(loaded.root.find("n")).model.gradient
        XCTAssertEqual(g.type, .radial)
        XCTAssertEqual(g.colors, [red, clearBlue])
        XCTAssertEqual(g.locations, [0.1, 0.9])
        XCTAssertEqual(g.startPoint, Point(x: 0.5, y: 0), "left out: the default")
        XCTAssertEqual(g.endPoint, Point(x: 1, y: 1))
        assertSceneError(##"{"type": "linear"}"##, "s.json: nodes[0].gradient.type: expected axial, radial or conic, got 'linear'")
        assertSceneError(##"{"colors": ["#FF0000", "red"]}"##, "s.json: nodes[0].gradient.colors[1]: expected a colour as #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got 'red'")
        assertSceneError(##"{"colors": "#FF0000"}"##, "s.json: nodes[0].gradient.colors: expected an array, got a string")
        assertSceneError(##"{"locations": [0, null]}"##, "s.json: nodes[0].gradient.locations[1]: expected a value, got null")
        assertSceneError(##"{"startPoint": [0]}"##, "s.json: nodes[0].gradient.startPoint: expected [x, y]")
        assertSceneError(##"{"colours": []}"##, "s.json: nodes[0].gradient.colours: unknown field (did you mean 'colors'?)")
        let many = "[" + Array(repeating: "\"#000\"", count: Bounds.gradientStops + 1).joined(separator: ", ") + "]"
        assertSceneError(##"{"colors": \##(many)}"##, "s.json: nodes[0].gradient.colors: 65 items, past the 64 a gradient may have")
    }
}

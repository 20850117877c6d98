import XCTest
import AnimhostCore
@testable import AnimhostLua

/// Every declared property reaches Lua: `node{}` takes it, the node reads it back, and the frames
/// show the value set; numbers beyond their range are clamped or refused as declared.
final class PropertyTableBindingTests: XCTestCase {
    /// A Lua expression of each kind that differs from every declared default, and the value it means.
    func sample(_ p: NodeProperty) -> (lua: String, value: PropertyValue) {
        switch p.kind {
        case .number: return ("0.5", .number(0.5))
        case .rect: return ("rect(1, 2, 3, 4)", .rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        case .size: return ("size(5, 6)", .size(Size(width: 5, height: 6)))
        case .color, .optionalColor: return ("color(\"#336699\")", .color(Color(r: 0.2, g: 0.4, b: 0.6)))
        case .transform: return ("transform.scale(2, 3)", .transform(.scale(2, 3)))
        case .flag: return p.defaultValue == .flag(true) ? ("false", .flag(false)) : ("true", .flag(true))
        case .label: return ("\"label\"", .string("label"))
        case .choice: return ("\"\(p.choices.last!)\"", .string(p.choices.last!))
        case .imagePath: return ("\"placeholder:3\"", .string("placeholder:3"))
        case .text: return ("\"hello\"", .text(TextStyle(string: "hello")))
        case .modifiers: return ("{ \"fade\", \"scale(0.8)\" }", .modifiers([.fade, .scale(x: 0.8, y: 0.8)]))
        case .point: return ("point(0.25, 0.75)", .point(Point(x: 0.25, y: 0.75)))
        case .colors: return ("{ color(\"#336699\"), \"#FF0000\" }", .colors([Color(r: 0.2, g: 0.4, b: 0.6), Color(r: 1, g: 0, b: 0)]))
        case .numbers: return ("{ 0.25, 0.75 }", .numbers([0.25, 0.75]))
        case .path:
            return ("path.new(\"M1 2 l2 2 Z\")", .path(ShapePath(elements: [.move(Point(x: 1, y: 2)), .line(Point(x: 3, y: 4)), .close])))
        case .transform3D: return ("transform3D.perspective(500)", .transform3D(.perspective(500)))
        case .choiceSet: return ("{ \"\(p.choices.last!)\" }", .names([p.choices.last!]))
        }
    }

    func testEveryDeclaredPropertyIsSetByNodeAndShownInTheFrames() throws {
        for property in NodeProperty.all {
            let (lua, value) = sample(property)
            let field = property.group.map { "\($0) = { \(property.key) = \(lua) }" } ?? "\(property.key) = \(lua)"
            let read = property.group.map { "n.\($0).\(property.key)" } ?? "n.\(property.key)"
            var printed: [String] = []
            let plugin = try makePlugin(
                animatorSource(
                    """
                    local n = node{ id = "probe", \(field) }
                    ctx.container:add(n)
                    print(\(read) ~= nil)
                    ctx:complete(true)
                    """), printed: { printed.append($0) })
            let frames = FrameRecorder()
            _ = try plugin.run(TransitionRequest(), catalog: PluginCatalog(), sink: frames)
            XCTAssertEqual(printed.map { String($0.split(separator: " ").last ?? "") }, ["true"], "Lua reads \(property.path)")
            let node = try XCTUnwrap(frames.frames.last?.node("probe"), property.path)
            XCTAssertEqual(property.read(node.properties), value, "node{} sets \(property.path)")
        }
    }

    func testBlurIsClampedBelowAndRefusedAboveItsLimit() throws {
        XCTAssertEqual(try evalLua("local n = node{ blur = -3 }; print(n.blur); n.blur = 1000; print(n.blur)"), ["0.0", "1000.0"])
        XCTAssertEqual(luaError("ctx.from.view.blur = 1001"), "p.lua:4: node.blur: 1001 is out of range (at most 1000)")
        XCTAssertEqual(luaError("ctx.from.view.blur = 0/0"), "p.lua:4: node.blur: expected a finite number, got nan")
    }

    func testBlurAnimatesLinearlyInsideABlock() throws {
        let frames = FrameRecorder()
        let plugin = try makePlugin(
            animatorSource(
                """
                local n = node{ id = "probe", frame = rect(0, 0, 10, 10) }
                ctx.container:add(n)
                animate{ duration = 0.3, curve = "linear", function() n.blur = 12 end,
                         completion = function() ctx:complete(true) end }
                """))
        _ = try plugin.run(TransitionRequest(fps: 10), catalog: PluginCatalog(), sink: frames)
        let blurs = frames.frames.map { $0.node("probe")!.properties.blur }
        XCTAssertEqual(blurs.count, 4)
        for (i, b) in blurs.enumerated() { XCTAssertEqual(b, 12 * Double(i) / 3, accuracy: 1e-9, "frame \(i)") }
    }
}

import XCTest
import ArgumentParser
@testable import animhost

/// The common forms of `run` and `list`, read without ArgumentParser, against ArgumentParser itself:
/// each form read gives the command ArgumentParser makes of it (every property, defaults included),
/// and every other form is left to ArgumentParser.
final class CommonFormsTests: XCTestCase {
    /// The command as ArgumentParser makes it, every property written out.
    private func parsed(_ arguments: [String]) throws -> String {
        String(describing: try Animhost.parseAsRoot(arguments))
    }

    func testCommonFormsReadAsArgumentParserReadsThem() throws {
        let forms: [[String]] = [
            ["run", "zoom"],
            ["run", "zoom", "--format", "json"],
            ["run", "--format=json,png", "zoom", "--out", "/tmp/x", "--scale", "3"],
            ["run", "Examples/popup/popup.lua", "--operation", "pop", "--fps", "120", "--speed", "0.5"],
            ["run", "card-lift", "--param", "lift=1.05", "--param=a=b", "--at", "0.25", "--reverse", "--debug", "--format", "png"],
            ["run", "zoom", "--from", "grid", "--to", "detail", "--chrome", "bars", "--progress", "0.5", "--reduced-motion"],
            ["run", "zoom", "--operation", "pop", "--gesture", "edge-swipe to=0.25 release=slow", "--watch"],
            ["run", "zoom", "--plugins", "a", "--plugins", "b", "--max-memory", "64", "--timeout", "2.5"],
            ["run", "zoom", "--scale", "1e0", "--at", "0x1p-2"],
            ["list"],
            ["list", "--plugins", "Examples/popup", "--timeout", "1"]
        ]
        for form in forms {
            let common = try XCTUnwrap(CommonForms.command(form), "\(form)")
            XCTAssertEqual(String(describing: common), try parsed(form), "\(form)")
        }
    }

    func testEveryOtherFormIsLeftToArgumentParser() {
        let others: [[String]] = [
            [], ["--help"], ["run"], ["run", "--help"], ["run", "-h"], ["run", "help"], ["help", "run"], ["--version"],
            ["run", "zoom", "crossfade"], ["run", "zoom", "--format"], ["run", "zoom", "--format", "json", "--format", "png"],
            ["run", "zoom", "--debug", "--debug"], ["run", "zoom", "--debug=true"], ["run", "zoom", "--formats", "json"],
            ["run", "zoom", "--scale", "-1"], ["run", "zoom", "--scale", "big"], ["run", "zoom", "--scale", "9"],
            ["run", "zoom", "--operation", "sideways"], ["run", "zoom", "--fps", "2.5"], ["run", "zoom", "--at", "1", "--progress", "0.5"],
            ["run", "zoom", "--out", ""], ["run", "zoom", "--", "x"], ["run", "-", "zoom"], ["run", "zoom", "--param", "novalue"],
            ["run", "zoom", "--generate-completion-script", "bash"], ["list", "zoom"], ["list", "--max-memory", "0"], ["check", "zoom"],
            // Hostile numbers: not a number, infinite, past Int, negative — refused with ArgumentParser's words.
            ["run", "zoom", "--timeout", "nan"], ["run", "zoom", "--scale", "inf"], ["run", "zoom", "--speed", "nan"],
            ["run", "zoom", "--fps", "99999999999999999999"], ["list", "--max-memory", "99999999999999999999"],
            ["run", "zoom", "--at", "-inf"], ["run", "zoom", "--progress", "1e309"], ["run", "zoom", "--max-memory", "-1"]
        ]
        for form in others { XCTAssertNil(CommonForms.command(form), "\(form)") }
    }

    /// A run's summary gives times as `%.3f` does (the C library's, through Foundation): rounded from the double's exact value.
    func testSummaryTimesHaveThreeDecimals() {
        var generator = SystemRandomNumberGenerator()
        let chosen: [Double] = [0, -0.0, 0.5, 1.0005, 0.0625, 0.0005, 0.0015, 2.5e-4, -0.0004, 599.9995, .leastNonzeroMagnitude, 0x1p52 + 0.5, 9e15, 1e20, -1e300]
        let random = (0..<2000).map { _ in Double(bitPattern: generator.next() & 0x3FFF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1) }
        let scaled = (0..<2000).map { _ in Double.random(in: -1000...1000) }
        for t in chosen + random + scaled { XCTAssertEqual(RunCommand.millisecondDigits(t), String(format: "%.3f", t), "\(t)") }
        XCTAssertEqual(RunCommand.millisecondDigits(1.0005), "1.000")  // 1.000499999999999989… in binary
        XCTAssertEqual(RunCommand.millisecondDigits(0.0625), "0.062")  // exactly halfway: to even
    }
}
